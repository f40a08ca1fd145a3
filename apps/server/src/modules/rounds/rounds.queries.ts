/** SQL of next and second rounds: applications, the end of trading, and the rows of a new round. */
import { and, asc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bids,
  briefcaseCompanyLists,
  briefcaseRowColumns,
  briefcases,
  companies,
  lots,
  registryColumnPieces,
  roundRequests,
} from '../../db/schema/index.ts';
import { liveBid } from '../bids/bids.queries.ts';
import type { NewBriefcase, NewLot } from './copy/copyRound.ts';

/** The end of trading: the procedure's end or a later lot end (anti-sniping and "+N мин" move lot ends). */
export async function endOfTrading(db: DbOrTx, briefcaseId: number): Promise<Date | null> {
  const [row] = await db
    .select({ procedureEnd: briefcases.endDatetime, lotEnd: max(lots.endDatetime) })
    .from(briefcases)
    .leftJoin(lots, eq(lots.briefcaseId, briefcases.id))
    .where(eq(briefcases.id, briefcaseId))
    .groupBy(briefcases.id);
  const ends = [row?.procedureEnd, row?.lotEnd].filter((d): d is Date => d instanceof Date);
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

export async function companyHasBid(db: DbOrTx, briefcaseId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.briefcaseId, briefcaseId), eq(bids.companyId, companyId), liveBid()))
    .limit(1);
  return row !== undefined;
}

export async function findLotsOf(db: DbOrTx, briefcaseId: number, ids?: number[]) {
  return db
    .select()
    .from(lots)
    .where(and(eq(lots.briefcaseId, briefcaseId), ids ? inArray(lots.id, ids) : undefined))
    .orderBy(asc(lots.number), asc(lots.id));
}

export async function insertRoundRequests(
  tx: DbOrTx,
  rows: { briefcaseId: number; lotId: number; companyId: number; userId: number; createdAt: Date }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(roundRequests).values(rows).onConflictDoNothing().returning();
  return inserted.length;
}

export async function countRoundRequests(db: DbOrTx, briefcaseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roundRequests)
    .where(eq(roundRequests.briefcaseId, briefcaseId));
  return row?.n ?? 0;
}

/** Applications with their lots and companies, in lot order; one company's only when `companyId` is given. */
export async function findRoundRequests(db: DbOrTx, briefcaseId: number, companyId?: number) {
  return db
    .select({
      lotId: lots.id,
      number: lots.number,
      aliasNumber: lots.aliasNumber,
      companyId: companies.id,
      companyName: companies.name,
      createdAt: roundRequests.createdAt,
    })
    .from(roundRequests)
    .innerJoin(lots, eq(lots.id, roundRequests.lotId))
    .innerJoin(companies, eq(companies.id, roundRequests.companyId))
    .where(
      and(
        eq(roundRequests.briefcaseId, briefcaseId),
        companyId === undefined ? undefined : eq(roundRequests.companyId, companyId),
      ),
    )
    .orderBy(asc(lots.number), asc(lots.id), asc(roundRequests.createdAt), asc(companies.id));
}

/** Lots of the procedure somebody applied for. */
export async function findAppliedLots(db: DbOrTx, briefcaseId: number) {
  return db
    .select()
    .from(lots)
    .where(
      and(
        eq(lots.briefcaseId, briefcaseId),
        sql`exists (select 1 from ${roundRequests} where ${roundRequests.lotId} = ${lots.id})`,
      ),
    )
    .orderBy(asc(lots.number), asc(lots.id));
}

/** Lots whose second-round start price the seller chose (convert). */
export async function findLotsWithSecondRoundPrice(db: DbOrTx, briefcaseId: number) {
  return db
    .select()
    .from(lots)
    .where(and(eq(lots.briefcaseId, briefcaseId), isNotNull(lots.secondRoundStartPrice)))
    .orderBy(asc(lots.number), asc(lots.id));
}

/**
 * Inserts the new round's procedure (with the registry snapshot of procedure `fromId`) and lots; returns the
 * procedure and each original lot's copy.
 */
export async function insertRound(tx: DbOrTx, fromId: number, procedure: NewBriefcase, copies: NewLot[]) {
  const [row] = await tx.insert(briefcases).values(procedure).returning(briefcaseRowColumns);
  // The registry snapshot goes with the procedure, copied inside the database (it is never read into the node).
  await tx.execute(sql`update ${briefcases} b set registry_columns = o.registry_columns, lot_assignment = o.lot_assignment
    from ${briefcases} o where o.id = ${fromId} and b.id = ${row!.id}`);
  await tx.execute(sql`insert into ${registryColumnPieces} (briefcase_id, n, piece)
    select ${row!.id}, n, piece from ${registryColumnPieces} where briefcase_id = ${fromId}`);
  const lotRows = await tx
    .insert(lots)
    .values(copies.map((c) => ({ ...c, briefcaseId: row!.id })))
    .returning({ id: lots.id, convertedFrom: lots.convertedFrom });
  return { row: row!, lots: lotRows };
}

/** The invited and excluded companies carry over to the new round. */
export async function copyCompanyLists(tx: DbOrTx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`insert into ${briefcaseCompanyLists} (briefcase_id, company_id, list)
    select ${toId}, company_id, list from ${briefcaseCompanyLists} where briefcase_id = ${fromId}`);
}

export async function updateBriefcase(tx: DbOrTx, id: number, changes: Partial<NewBriefcase>) {
  const [row] = await tx
    .update(briefcases)
    .set(changes)
    .where(eq(briefcases.id, id))
    .returning(briefcaseRowColumns);
  return row!;
}
