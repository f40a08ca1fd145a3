/** SQL of the custom-template lotting drafts (one per user). */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lotings } from '../../db/schema/index.ts';

const { registryColumns: _columns, lotAssignment: _assignment, ...lotingColumns } = getTableColumns(lotings);

export type LotingRow = Omit<typeof lotings.$inferSelect, 'registryColumns' | 'lotAssignment'> & {
  hasColumns: boolean;
};

/** The user's draft without its snapshot bytes (loaded apart, only for lotting). */
export async function findLoting(db: Db, userId: number): Promise<LotingRow | null> {
  const [row] = await db
    .select({ ...lotingColumns, hasColumns: sql<boolean>`${lotings.registryColumns} is not null` })
    .from(lotings)
    .where(eq(lotings.userId, userId));
  return row ?? null;
}

/** Starts the user's draft over with a new file (the previous draft, if any, is replaced whole). */
export async function replaceLoting(
  db: Db,
  values: Pick<
    typeof lotings.$inferInsert,
    'userId' | 'companyId' | 'registryKey' | 'registryFileName' | 'registryPreview'
  >,
): Promise<LotingRow> {
  // One transaction: a draft that cannot be stored leaves the previous one as it was.
  await db.transaction(async (tx) => {
    await tx.delete(lotings).where(eq(lotings.userId, values.userId));
    await tx.insert(lotings).values(values);
  });
  return (await findLoting(db, values.userId))!;
}

export async function updateLoting(
  db: Db,
  userId: number,
  values: Partial<Omit<typeof lotings.$inferInsert, 'id' | 'userId' | 'registryColumns' | 'lotAssignment'>>,
): Promise<LotingRow> {
  await db
    .update(lotings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(lotings.userId, userId));
  return (await findLoting(db, userId))!;
}

export async function deleteLoting(db: Db, userId: number): Promise<void> {
  await db.delete(lotings).where(eq(lotings.userId, userId));
}
