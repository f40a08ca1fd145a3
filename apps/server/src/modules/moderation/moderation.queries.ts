/** SQL of the confirmation flow: the procedure's new status and its lots' readiness. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { briefcaseRowColumns, briefcases, lots } from '../../db/schema/index.ts';

export async function markReady(tx: DbOrTx, id: number, at: Date) {
  const [row] = await tx
    .update(briefcases)
    .set({ status: 'ready', publishedAt: at, rejectionNote: null, updatedAt: at })
    .where(eq(briefcases.id, id))
    .returning(briefcaseRowColumns);
  // The lots wait for the start with their procedure (the scheduler opens ready lots).
  await tx
    .update(lots)
    .set({ status: 'ready', updatedAt: at, version: sql`${lots.version} + 1` })
    .where(and(eq(lots.briefcaseId, id), inArray(lots.status, ['created', 'pending'])));
  return row!;
}

export async function markRejected(tx: DbOrTx, id: number, note: string, at: Date) {
  const [row] = await tx
    .update(briefcases)
    .set({ status: 'rejected', rejectionNote: note, updatedAt: at })
    .where(eq(briefcases.id, id))
    .returning(briefcaseRowColumns);
  return row!;
}
