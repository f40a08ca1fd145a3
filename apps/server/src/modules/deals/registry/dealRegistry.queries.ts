/** SQL of a deal's registry: where the lot's debts are (through a round's source), their rows, the kept file. */
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { briefcases, lots, registryRows } from '../../../db/schema/index.ts';

/**
 * The lot whose debts the deal's lot sells: a next or second round's lot is a copy (`converted_from`) of the round
 * before's, whose procedure holds the rows (decisions/0241). Followed to the first round, with its procedure's kept
 * file and personal-data declaration.
 */
export async function findRegistrySource(db: DbOrTx, lotId: number) {
  const result = (await db.execute(sql`
    with recursive chain(id, converted_from, depth) as (
      select ${lots.id}, ${lots.convertedFrom}, 0 from ${lots} where ${lots.id} = ${lotId}
      union all
      select l.id, l.converted_from, c.depth + 1 from ${lots} l join chain c on l.id = c.converted_from
      where c.depth < 32
    )
    select l.id, l.number, l.composite, l.briefcase_id as "briefcaseId",
      b.registry_original as "original", b.personal_data_agreement as "personalDataAgreement"
    from chain c join ${lots} l on l.id = c.id join ${briefcases} b on b.id = l.briefcase_id
    order by c.depth desc limit 1`)) as unknown as {
    rows: {
      id: number;
      number: number;
      composite: boolean;
      briefcaseId: number;
      original: { key: string; sheet: number; headerRow: number; personalDataColumns: number[] } | null;
      personalDataAgreement: boolean;
    }[];
  };
  return result.rows[0] ?? null;
}

/** Whether the procedure's rows carry their lot (the demo seed's), and the regular lots' ids in lotting order. */
export async function findLotLayout(db: DbOrTx, briefcaseId: number) {
  const [seeded, regular] = await Promise.all([
    db
      .select({ id: registryRows.id })
      .from(registryRows)
      .where(and(eq(registryRows.briefcaseId, briefcaseId), sql`${registryRows.lotId} is not null`))
      .limit(1),
    db
      .select({ id: lots.id })
      .from(lots)
      .where(and(eq(lots.briefcaseId, briefcaseId), eq(lots.composite, false)))
      .orderBy(asc(lots.number), asc(lots.id)),
  ]);
  return { seeded: seeded.length > 0, regularLotIds: regular.map((l) => l.id) };
}

/** A page of the procedure's stored rows in registry order (keyset on row_number), of one lot or all. */
export async function findRegistryRowsPage(
  db: Db,
  briefcaseId: number,
  lotId: number | null,
  afterRow: number,
  limit: number,
) {
  const lotFilter: SQL | undefined = lotId === null ? undefined : eq(registryRows.lotId, lotId);
  return db
    .select()
    .from(registryRows)
    .where(and(eq(registryRows.briefcaseId, briefcaseId), gt(registryRows.rowNumber, afterRow), lotFilter))
    .orderBy(asc(registryRows.rowNumber))
    .limit(limit);
}
