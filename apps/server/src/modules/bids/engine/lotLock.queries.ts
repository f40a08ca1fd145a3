/**
 * The bid engine's locking reads: the lot row locked with everything a bid is decided on (its procedure, its
 * leader, the bidder's place on the lists, the session), for one bid (lockLotWithContext) or for the lots of a
 * batch (lockLotsForBatch), and the transaction's lock timeout.
 */
import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import {
  autobids,
  bids,
  briefcaseCompanyLists,
  briefcaseRowColumns,
  briefcases,
  lots,
} from '../../../db/schema/index.ts';
import { sessionCheck } from '../../auth/guards/guards.queries.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import type { BriefcaseRow } from '../../lots/trading/lotState.ts';

/** Sets the transaction's lock timeout (set_config … local) to `ms` milliseconds; it ends with the transaction. */
export async function setLocalLockTimeout(tx: DbOrTx, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('lock_timeout', ${`${ms}ms`}, true)`);
}

const leaderBids = alias(bids, 'leader_bid');

/**
 * The columns of a lot's procedure that deciding, storing and publishing a bid reads (decisions/0287), about a fifth
 * of the procedure's: the whole row (briefcaseRowColumns, some 85 columns) was read and mapped for every lot of every
 * batch, and mapping it was the largest cost of the batch's statements in the node.
 */
const BID_PROCEDURE_COLUMNS = [
  'id',
  'companyId',
  'status',
  'hidden',
  'auctionType',
  'endMode',
  'startDatetime',
  'endDatetime',
  'stepPrice',
  'maxBids',
  'stepsAfterFirstBid',
  'renewalAfterLastBidInMinutes',
  'lotRenewalMinutes',
  'withCompositeLot',
  'allowedKindsMap',
  'fsspOnly',
  'okved8291Only',
  'fsspBankOnly',
  'fsspMfoOnly',
] as const;
type BidProcedureColumn = (typeof BID_PROCEDURE_COLUMNS)[number];
const bidProcedureColumns = Object.fromEntries(
  BID_PROCEDURE_COLUMNS.map((column) => [column, briefcaseRowColumns[column]]),
) as Pick<typeof briefcaseRowColumns, BidProcedureColumn>;

/** A lot's procedure as a bid reads it with the lot's lock. */
export type BidProcedure = Pick<BriefcaseRow, BidProcedureColumn>;

/**
 * The lot's columns but its analytics: the portfolio's figures for its card, kilobytes of JSON on a lot made from a
 * registry, parsed for every lot of every batch and never read by a bid.
 */
const { analytics: _analytics, ...lotBidColumns } = getTableColumns(lots);

/**
 * The lot's version as the statement's snapshot has it. When a locking read had to wait for another transaction,
 * PostgreSQL returns the lot row as that transaction left it but the joined rows (the new leading bid, the lists)
 * as the snapshot had them: the two versions then differ, and the caller reads again (it holds the lock by then,
 * so the second read waits for nothing and sees everything committed).
 */
const seenVersion = () => sql<number>`(select v.version from ${lots} v where v.id = ${lots.id})`;

/** Whether a locking read waited for another writer and must be repeated (see seenVersion). */
const readBeforeWait = (row: { lot: { version: number }; seenVersion: number | null }) =>
  row.seenVersion === null || Number(row.seenVersion) !== row.lot.version;

/** Whether the lot has an enabled autobid (read with its lock). */
const autobidsEnabled = () =>
  sql<boolean>`exists (select 1 from ${autobids} where ${autobids.lotId} = ${lots.id} and ${autobids.enabled})`;

/** A company's place on the lot's procedure lists, and whether it has a standing bid on the lot. */
function companyFacts(companyId: number | SQL) {
  // The list's name is one of two literals, written into the text (never input).
  const listed = (list: 'blacklist' | 'whitelist', company?: number | SQL) =>
    sql`exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${lots.briefcaseId} and l.list = ${sql.raw(`'${list}'`)}${
      company === undefined ? sql`` : sql` and l.company_id = ${company}`
    })`;
  return {
    blacklisted: sql<boolean>`${listed('blacklist', companyId)}`,
    notInvited: sql<boolean>`(${listed('whitelist')} and not ${listed('whitelist', companyId)})`,
    companyHasBid: sql<boolean>`exists (select 1 from ${bids} b where b.lot_id = ${lots.id} and b.company_id = ${companyId} and b.state = 'active')`,
  };
}

/**
 * Locks the lot row (FOR NO KEY UPDATE, see lockLot) and reads with it its procedure, its leading bid, whether an
 * autobid is enabled on it, whether `companyId` has a standing bid on it, the company's place on the procedure's
 * lists and (sessionValid) whether the caller's session and context still hold: everything the engine needs under
 * the lock, in one statement.
 */
export async function lockLotWithContext(
  tx: DbOrTx,
  lotId: number,
  companyId: number,
  sessionValid: SQL<boolean> = sql<boolean>`true`,
) {
  const read = () =>
    tx
      .select({
        lot: lotBidColumns,
        briefcase: bidProcedureColumns,
        leader: leaderBids,
        sessionValid,
        ...companyFacts(companyId),
        autobidsEnabled: autobidsEnabled(),
        seenVersion: seenVersion(),
      })
      .from(lots)
      .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
      .leftJoin(leaderBids, eq(leaderBids.id, lots.leaderBidId))
      .where(eq(lots.id, lotId))
      .for('no key update', { of: lots });
  let [row] = await read();
  if (row && readBeforeWait(row)) [row] = await read();
  return row ?? null;
}

/** What lockLotWithContext reads about the caller, for each bid of a batch (by its place in the batch). */
export interface BatchBidderFacts {
  blacklisted: boolean;
  notInvited: boolean;
  companyHasBid: boolean;
  sessionValid: boolean;
}

/** A bid of a batch as lockLotsForBatch needs it. */
export interface BatchBidder {
  ord: number;
  lotId: number;
  auth: AuthContext;
}

const bidColumns = Object.keys(getTableColumns(bids)) as (keyof typeof bids._.columns)[];

/**
 * The statement of lockLotsForBatch, with the lot ids and the bidders as placeholders. Built on a transaction it is
 * built again for every batch; built once on the batcher's own connection (Database.dedicated) it is reused, which
 * spares the building of a select of some 150 columns, about 1.5 ms of the node's time in every batch.
 */
export function batchLockQuery(db: DbOrTx) {
  // The leading bid by its key, for each lot (a lateral subquery): as a join, a plan prepared while the bids table
  // was small kept scanning the whole table for it, and batches slowed down as bids piled up.
  const leader = db.select().from(bids).where(eq(bids.id, lots.leaderBidId)).limit(1).as('leader_bid');
  const bidder = companyFacts(sql`r.company_id`);
  const leaderColumns = Object.fromEntries(bidColumns.map((k) => [k, leader[k]])) as {
    [K in (typeof bidColumns)[number]]: (typeof leader)[K];
  };
  return (
    db
      .select({
        lot: lotBidColumns,
        briefcase: bidProcedureColumns,
        leader: leaderColumns,
        autobidsEnabled: autobidsEnabled(),
        seenVersion: seenVersion(),
        bidders: sql<BidderRow[]>`(select json_agg(json_build_object(
            'ord', r.ord,
            'blacklisted', ${bidder.blacklisted},
            'not_invited', ${bidder.notInvited},
            'company_has_bid', ${bidder.companyHasBid},
            'session_valid', (r.fingerprint is null or ${sessionCheck(sql`r.session_id`, sql`r.user_id`, sql`r.fingerprint`)}),
            'bid_id', nextval(pg_get_serial_sequence('bids', 'id'))))
          from jsonb_to_recordset(${sql.placeholder('input')}::jsonb) as r(ord integer, lot_id integer, company_id integer,
            user_id integer, session_id text, fingerprint text)
          where r.lot_id = ${lots.id})`,
      })
      .from(lots)
      .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
      .leftJoinLateral(leader, sql`true`)
      // One text whatever the number of lots, so each connection parses and plans it once (a named statement).
      .where(sql`${lots.id} = any(${sql.placeholder('ids')}::integer[])`)
      .orderBy(asc(lots.id))
      // A lot another transaction holds is left out, not waited for (its bids try again, decisions/0096).
      .for('no key update', { of: lots, skipLocked: true })
      .prepare('bid_batch_lock')
  );
}

export type BatchLockQuery = ReturnType<typeof batchLockQuery>;

/**
 * Locks the lots of a bid batch in id order (so two batches never deadlock), skipping any lot that another transaction
 * holds (it is missing from the result: a lock held long on one lot must not hold the bids on the others), and reads, in the same statement, their
 * procedures and leaders, the facts of every bid (the caller's place on the lists, an earlier bid of its company,
 * whether its cached session still holds) and one new bid id per bid, taken from the bids' sequence under the
 * locks (a later writer of the same lot gets larger ones). A read that waited for another writer is repeated (see
 * seenVersion); the ids it took are then simply not used.
 */
export async function lockLotsForBatch(tx: DbOrTx, bidders: BatchBidder[], prepared?: BatchLockQuery) {
  const lotIds = [...new Set(bidders.map((b) => b.lotId))];
  const input = JSON.stringify(
    bidders.map((b) => ({
      ord: b.ord,
      lot_id: b.lotId,
      company_id: b.auth.company?.id ?? 0,
      user_id: b.auth.user.id,
      session_id: b.auth.sessionId,
      fingerprint: b.auth.cachedFingerprint ?? null,
    })),
  );
  const query = prepared ?? batchLockQuery(tx);
  const read = () => query.execute({ ids: `{${lotIds.join(',')}}`, input });
  let rows = await read();
  if (rows.some(readBeforeWait)) rows = await read();
  const facts = new Map<number, BatchBidderFacts>();
  const ids: number[] = [];
  for (const row of rows) {
    const list = (typeof row.bidders === 'string' ? JSON.parse(row.bidders) : row.bidders) as
      | BidderRow[]
      | null;
    for (const r of list ?? []) {
      facts.set(Number(r.ord), {
        blacklisted: r.blacklisted,
        notInvited: r.not_invited,
        companyHasBid: r.company_has_bid,
        sessionValid: r.session_valid,
      });
      ids.push(Number(r.bid_id));
    }
  }
  return { lots: new Map(rows.map((row) => [row.lot.id, row])), facts, ids: ids.sort((x, y) => x - y) };
}

/** A lot of a bid batch as lockLotsForBatch read it. */
export type BatchLockRow =
  Awaited<ReturnType<typeof lockLotsForBatch>>['lots'] extends Map<number, infer R> ? R : never;

interface BidderRow {
  ord: number;
  blacklisted: boolean;
  not_invited: boolean;
  company_has_bid: boolean;
  session_valid: boolean;
  bid_id: number | string;
}
