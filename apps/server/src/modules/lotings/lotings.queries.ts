/** SQL of the custom-template lotting drafts (one per user). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lotings } from '../../db/schema/index.ts';

export type LotingRow = typeof lotings.$inferSelect;

export async function findLoting(db: Db, userId: number): Promise<LotingRow | null> {
  const [row] = await db.select().from(lotings).where(eq(lotings.userId, userId));
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
  await db.delete(lotings).where(eq(lotings.userId, values.userId));
  const [row] = await db.insert(lotings).values(values).returning();
  return row!;
}

export async function updateLoting(
  db: Db,
  userId: number,
  values: Partial<Omit<typeof lotings.$inferInsert, 'id' | 'userId'>>,
): Promise<LotingRow> {
  const [row] = await db
    .update(lotings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(lotings.userId, userId))
    .returning();
  return row!;
}

export async function deleteLoting(db: Db, userId: number): Promise<void> {
  await db.delete(lotings).where(eq(lotings.userId, userId));
}
