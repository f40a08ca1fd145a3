/** SQL of batch autobids: the company's batch record, the lots under lock, the autobids of one company. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { autobidBatches, autobids, lots } from '../../db/schema/index.ts';

export async function hasUploadedBatch(db: DbOrTx, briefcaseId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: autobidBatches.createdAt })
    .from(autobidBatches)
    .where(and(eq(autobidBatches.briefcaseId, briefcaseId), eq(autobidBatches.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

/** Records the upload; false when the company's batch already exists (a concurrent upload won). */
export async function recordBatch(
  tx: DbOrTx,
  row: { briefcaseId: number; companyId: number; userId: number; autobidsCount: number; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx.insert(autobidBatches).values(row).onConflictDoNothing().returning();
  return inserted.length > 0;
}

export async function findTemplateLots(db: DbOrTx, briefcaseId: number) {
  return db
    .select({ id: lots.id, number: lots.number, aliasNumber: lots.aliasNumber })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId))
    .orderBy(asc(lots.composite), asc(lots.number), asc(lots.id));
}

/** The procedure's lots, locked in id order (the order every trading change takes its locks in). */
export async function lockLotsOf(tx: DbOrTx, briefcaseId: number) {
  return tx.select().from(lots).where(eq(lots.briefcaseId, briefcaseId)).orderBy(asc(lots.id)).for('update');
}

export async function findCompanyAutobids(tx: DbOrTx, lotIds: number[], companyId: number) {
  if (lotIds.length === 0) return [];
  return tx
    .select()
    .from(autobids)
    .where(and(inArray(autobids.lotId, lotIds), eq(autobids.companyId, companyId)))
    .for('update');
}

export async function upsertBatchAutobids(
  tx: DbOrTx,
  rows: { lotId: number; maxPrice: number }[],
  owner: { userId: number; companyId: number },
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(autobids)
    .values(
      rows.map((r) => ({
        ...r,
        ...owner,
        source: 'batch' as const,
        enabled: true,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [autobids.lotId, autobids.companyId],
      set: {
        maxPrice: sql`excluded.max_price`,
        userId: owner.userId,
        source: 'batch',
        enabled: true,
        disabledAt: null,
        updatedAt: at,
      },
    });
}

/** Switches off every enabled autobid of the company on the procedure; returns the lots they were on. */
export async function disableCompanyAutobids(
  tx: DbOrTx,
  briefcaseId: number,
  companyId: number,
  at: Date,
): Promise<number[]> {
  const rows = await tx
    .update(autobids)
    .set({ enabled: false, disabledAt: at, updatedAt: at })
    .where(
      and(
        eq(autobids.companyId, companyId),
        eq(autobids.enabled, true),
        inArray(
          autobids.lotId,
          tx.select({ id: lots.id }).from(lots).where(eq(lots.briefcaseId, briefcaseId)),
        ),
      ),
    )
    .returning({ lotId: autobids.lotId });
  return rows.map((r) => r.lotId).sort((a, b) => a - b);
}
