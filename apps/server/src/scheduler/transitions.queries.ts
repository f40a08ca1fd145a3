/** SQL of the timed transitions: what is due now (each caller re-checks under a row lock), and a procedure's start. */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { briefcaseRowColumns, briefcases, lots } from '../db/schema/index.ts';

export async function dueStarts(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: briefcases.id })
    .from(briefcases)
    .where(and(eq(briefcases.status, 'ready'), lte(briefcases.startDatetime, now)));
  return rows.map((r) => r.id);
}

/** Active lots whose end has come (by their own end, or the procedure's when the lot has none). */
export async function dueLotEnds(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: lots.id })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .where(
      and(eq(lots.status, 'active'), sql`coalesce(${lots.endDatetime}, ${briefcases.endDatetime}) <= ${now}`),
    )
    .orderBy(lots.id);
  return rows.map((r) => r.id);
}

export async function activeDutchLots(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: lots.id })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .where(and(eq(lots.status, 'active'), eq(briefcases.auctionType, 'dutch')))
    .orderBy(lots.id);
  return rows.map((r) => r.id);
}

/** Active procedures none of whose lots still trades or waits. */
export async function proceduresWithoutTradingLots(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: briefcases.id })
    .from(briefcases)
    .where(
      and(
        eq(briefcases.status, 'active'),
        sql`not exists (select 1 from ${lots} where ${lots.briefcaseId} = ${briefcases.id} and ${lots.status} in ('ready', 'active', 'created', 'pending'))`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function lockProcedure(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select(briefcaseRowColumns)
    .from(briefcases)
    .where(eq(briefcases.id, id))
    .for('update');
  return row ?? null;
}

/** ready → active for the procedure; returns its new row. */
export async function setProcedureActive(tx: DbOrTx, id: number, at: Date) {
  const [row] = await tx
    .update(briefcases)
    .set({ status: 'active', updatedAt: at })
    .where(eq(briefcases.id, id))
    .returning(briefcaseRowColumns);
  return row;
}

/** Opens the procedure's ready lots at its start; returns their ids (in the order the database gave them). */
export async function openReadyLots(tx: DbOrTx, briefcaseId: number, at: Date): Promise<number[]> {
  const opened = await tx
    .update(lots)
    .set({ status: 'active', updatedAt: at })
    .where(and(eq(lots.briefcaseId, briefcaseId), eq(lots.status, 'ready')))
    .returning({ id: lots.id });
  return opened.map((r) => r.id);
}

export async function lotIdsOf(db: DbOrTx, briefcaseIds: number[]): Promise<number[]> {
  if (briefcaseIds.length === 0) return [];
  const rows = await db
    .select({ id: lots.id })
    .from(lots)
    .where(inArray(lots.briefcaseId, briefcaseIds))
    .orderBy(lots.id);
  return rows.map((r) => r.id);
}
