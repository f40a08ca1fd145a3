/** SQL of the kept original registry file of a procedure (decisions/0264). */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { briefcases, type RegistryOriginalJson } from '../../../db/schema/index.ts';

/** Sets (or clears) the procedure's kept original; returns the one it replaced, for its file to be removed. */
export async function replaceRegistryOriginal(
  db: DbOrTx,
  briefcaseId: number,
  original: RegistryOriginalJson | null,
): Promise<RegistryOriginalJson | null> {
  const result = (await db.execute(sql`
    update ${briefcases} b set registry_original = ${original === null ? null : JSON.stringify(original)}::jsonb
    from (select id, registry_original from ${briefcases} where id = ${briefcaseId} for update) old
    where b.id = old.id returning old.registry_original as "previous"`)) as unknown as {
    rows: { previous: RegistryOriginalJson | null }[];
  };
  return result.rows[0]?.previous ?? null;
}

export async function findRegistryOriginal(db: DbOrTx, briefcaseId: number) {
  const [row] = await db
    .select({ original: briefcases.registryOriginal })
    .from(briefcases)
    .where(eq(briefcases.id, briefcaseId));
  return row?.original ?? null;
}
