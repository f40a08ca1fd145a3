/**
 * SQL of the journeys' test hooks (NODE_ENV=test only): moving a lot's end, a procedure's times and a deal's
 * running deadline.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { briefcases, type DealRow, deals, lots } from '../../db/schema/index.ts';

/** Sets an active lot's end (its version + 1, so open pages take the update); returns the ids moved (0 or 1). */
export async function setActiveLotEnd(db: DbOrTx, lotId: number, end: Date): Promise<number[]> {
  const moved = await db
    .update(lots)
    .set({ endDatetime: end, version: sql`${lots.version} + 1` })
    .where(and(eq(lots.id, lotId), eq(lots.status, 'active')))
    .returning({ id: lots.id });
  return moved.map((lot) => lot.id);
}

/** The start of a procedure that is ready (approved, not yet started); undefined for any other. */
export async function findReadyProcedureStart(db: DbOrTx, id: number): Promise<Date | null | undefined> {
  const [procedure] = await db
    .select({ start: briefcases.startDatetime })
    .from(briefcases)
    .where(and(eq(briefcases.id, id), eq(briefcases.status, 'ready')));
  return procedure?.start;
}

/** The start of a procedure that is trading (active); undefined for any other. */
export async function findActiveProcedureStart(db: DbOrTx, id: number): Promise<Date | null | undefined> {
  const [procedure] = await db
    .select({ start: briefcases.startDatetime })
    .from(briefcases)
    .where(and(eq(briefcases.id, id), eq(briefcases.status, 'active')));
  return procedure?.start;
}

/**
 * Moves every time of the procedure and of its lots by `ms` milliseconds (the lots' versions + 1); returns the
 * ids of the lots moved. Two statements: run it inside a transaction.
 */
export async function shiftProcedureTimes(tx: DbOrTx, id: number, ms: number): Promise<number[]> {
  // A whole number of milliseconds, so it is written into the statement as a literal.
  const by = sql.raw(`(${Math.round(ms)} * interval '1 millisecond')`);
  await tx
    .update(briefcases)
    .set({
      startDatetime: sql`${briefcases.startDatetime} + ${by}`,
      endDatetime: sql`${briefcases.endDatetime} + ${by}`,
    })
    .where(eq(briefcases.id, id));
  const moved = await tx
    .update(lots)
    .set({
      startDatetime: sql`${lots.startDatetime} + ${by}`,
      endDatetime: sql`${lots.endDatetime} + ${by}`,
      version: sql`${lots.version} + 1`,
    })
    .where(eq(lots.briefcaseId, id))
    .returning({ id: lots.id });
  return moved.map((lot) => lot.id);
}

/**
 * Sets the deadline of a deal whose clock runs (to sign, pay or answer an offer); the leader's scheduler tick then
 * expires it as it would at the real deadline. Undefined for a deal without a running deadline.
 */
export async function setRunningDealDeadline(
  db: DbOrTx,
  dealId: number,
  at: Date,
): Promise<DealRow | undefined> {
  const [moved] = await db
    .update(deals)
    .set({ deadlineAt: at })
    .where(and(eq(deals.id, dealId), isNotNull(deals.deadlineAt)))
    .returning();
  return moved;
}
