/** SQL of bids and autobids: inserts under the lot lock, the bid log, bidders, idempotency. */
import { and, asc, desc, eq, getTableColumns, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx, DedicatedConnection, NamedStatement } from '../../db/client.ts';
import {
  autobids,
  bids,
  briefcaseCompanyLists,
  briefcaseRowColumns,
  briefcases,
  companies,
  events,
  lots,
} from '../../db/schema/index.ts';
import { auditInsert } from '../audit/audit.queries.ts';
import { sessionCheck } from '../auth/guards.queries.ts';
import type { AuthContext } from '../auth/guards.ts';
import type { NewEvent } from '../events/events.queries.ts';
import type { lotRowChanges } from '../lots/trading/lotState.ts';

export type BidRow = typeof bids.$inferSelect;

/**
 * A live bid: not replaced by a newer offer or order of its company, not withdrawn (decisions/0236). Every classic
 * bid stays live; a sealed offer or a dutch order is live until it is changed or withdrawn. Counts, logs, the
 * seller's choice and everything a person reads see live bids only.
 */
export const liveBid = () => eq(bids.state, 'active');
export type NewBid = typeof bids.$inferInsert;

export async function insertBids(tx: DbOrTx, rows: NewBid[]): Promise<BidRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(bids).values(rows).returning();
}

export async function findBidByIdempotencyKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<BidRow | null> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.userId, userId), eq(bids.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The company's live offer or order on a lot (sealed offers and dutch orders can be changed or withdrawn). */
export async function findActiveBidOfCompany(
  tx: DbOrTx,
  lotId: number,
  companyId: number,
): Promise<BidRow | null> {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.companyId, companyId), eq(bids.state, 'active')))
    .orderBy(desc(bids.id))
    .limit(1);
  return row ?? null;
}

export async function setBidState(
  tx: DbOrTx,
  id: number,
  state: 'replaced' | 'withdrawn',
  at: Date,
): Promise<void> {
  await tx.update(bids).set({ state, updatedAt: at }).where(eq(bids.id, id));
}

export async function findActiveBids(tx: DbOrTx, lotId: number): Promise<BidRow[]> {
  return tx
    .select()
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.state, 'active')))
    .orderBy(asc(bids.id));
}

export async function findEnabledAutobids(tx: DbOrTx, lotId: number) {
  return tx
    .select()
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), eq(autobids.enabled, true)))
    .orderBy(asc(autobids.createdAt), asc(autobids.id));
}

export async function countBidders(tx: DbOrTx, lotId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${bids.companyId})::int` })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), liveBid()));
  return row?.n ?? 0;
}

/**
 * A page of the bid log, newest first, with each company's ordinal in order of its first bid (the log shows
 * participants "Участник N" instead of names). `onlyCompanyId` limits the log to one company's own bids.
 */
export async function findBidLogPage(
  db: DbOrTx,
  lotId: number,
  page: { limit: number; offset: number; onlyCompanyId?: number },
) {
  const where = and(
    eq(bids.lotId, lotId),
    liveBid(),
    page.onlyCompanyId === undefined ? undefined : eq(bids.companyId, page.onlyCompanyId),
  );
  const [rows, [count], firsts] = await Promise.all([
    db
      .select({
        id: bids.id,
        amount: bids.amount,
        sourceType: bids.sourceType,
        createdAt: bids.createdAt,
        companyId: bids.companyId,
        companyName: companies.name,
      })
      .from(bids)
      .innerJoin(companies, eq(companies.id, bids.companyId))
      .where(where)
      .orderBy(desc(bids.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(bids).where(where),
    db
      .select({ companyId: bids.companyId, first: sql<number>`min(${bids.id})` })
      .from(bids)
      .where(eq(bids.lotId, lotId))
      .groupBy(bids.companyId)
      .orderBy(sql`min(${bids.id})`),
  ]);
  const aliases = new Map(firsts.map((f, i) => [f.companyId, i + 1]));
  return { rows, total: count?.n ?? 0, aliases };
}

/** Each company's best live bid on the lot, best first (earliest wins a tie): the winner dialog's list. */
export async function findBidders(db: DbOrTx, lotId: number) {
  const rows = await db
    .selectDistinctOn([bids.companyId], {
      id: bids.id,
      userId: bids.userId,
      companyId: bids.companyId,
      companyName: companies.name,
      companyKind: companies.kind,
      amount: bids.amount,
      createdAt: bids.createdAt,
    })
    .from(bids)
    .innerJoin(companies, eq(companies.id, bids.companyId))
    .where(and(eq(bids.lotId, lotId), liveBid()))
    .orderBy(bids.companyId, desc(bids.amount), asc(bids.id));
  return rows.sort((a, b) => b.amount - a.amount || a.id - b.id);
}

/** One bid by id, or undefined (the lot's leader when the engine did not place it itself). */
export async function findBidById(tx: DbOrTx, id: number): Promise<BidRow | undefined> {
  return tx.query.bids.findFirst({ where: (b) => eq(b.id, id) });
}

/** Sets the transaction's lock timeout (set_config … local) to `ms` milliseconds; it ends with the transaction. */
export async function setLocalLockTimeout(tx: DbOrTx, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('lock_timeout', ${`${ms}ms`}, true)`);
}

export async function findBidsByIds(db: DbOrTx, ids: number[]): Promise<BidRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(bids).where(inArray(bids.id, ids));
}

const leaderBids = alias(bids, 'leader_bid');

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
        lot: lots,
        briefcase: briefcaseRowColumns,
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
        lot: lots,
        briefcase: briefcaseRowColumns,
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

/** The four row sets a bid batch writes, each as one jsonb text (or a placeholder for it). */
interface BatchWriteRows<T> {
  bids: T;
  lots: T;
  events: T;
  audit: T;
}

/**
 * Everything a bid batch writes, in one statement: the bids (with the ids lockLotsForBatch took), the lots (each
 * lot's version moves on by one), the outbid events and the audit entries (auditInsert). It returns the chain of each
 * audit row that went in, for settleAudit.
 */
function batchWriteSql(rows: BatchWriteRows<string | Placeholder>): SQL {
  return sql`with placed as (
      insert into ${bids} (id, lot_id, briefcase_id, user_id, company_id, amount, source_type, state, idempotency_key,
        created_at, updated_at)
      overriding system value
      select r.id, r.lot_id, r.briefcase_id, r.user_id, r.company_id, r.amount, r.source_type, r.state,
        r.idempotency_key, r.created_at, r.created_at
      from jsonb_to_recordset(${rows.bids}::jsonb) as r(id bigint, lot_id integer, briefcase_id integer,
        user_id integer, company_id integer, amount bigint, source_type text, state text, idempotency_key text,
        created_at timestamptz)
      returning 1
    ), moved as (
      update ${lots} l set status = r.status, current_price = r.current_price, leader_bid_id = r.leader_bid_id,
        bids_count = r.bids_count, bidders_count = r.bidders_count, end_datetime = r.end_datetime,
        renewals_count = r.renewals_count, version = l.version + 1, updated_at = r.updated_at
      from jsonb_to_recordset(${rows.lots}::jsonb) as r(id bigint, status text, current_price bigint,
        leader_bid_id bigint, bids_count integer, bidders_count integer, end_datetime timestamptz,
        renewals_count integer, updated_at timestamptz)
      where l.id = r.id
      returning 1
    ), told as (
      insert into ${events} (user_id, company_id, kind, briefcase_id, lot_id, payload, created_at)
      select r.user_id, r.company_id, r.kind, r.briefcase_id, r.lot_id, r.payload, r.created_at
      from jsonb_to_recordset(${rows.events}::jsonb) as r(user_id integer, company_id integer, kind text,
        briefcase_id integer, lot_id integer, payload jsonb, created_at timestamptz)
      returning 1
    ), audited as (${auditInsert(rows.audit)})
    select (select count(*) from placed) as placed, (select count(*) from moved) as moved,
      (select count(*) from told) as told, (select coalesce(json_agg(chain), '[]'::json) from audited) as chains`;
}

/**
 * The write of a bid batch as a named statement ($1 to $4: bids, lots, events, audit): the batcher's own connection
 * (Database.dedicated) parses and plans it once instead of for every batch, and the node builds its text once.
 */
const BATCH_WRITE_STATEMENT: NamedStatement = {
  name: 'bid_batch_write',
  text: new PgDialect().sqlToQuery(
    batchWriteSql({
      bids: sql.placeholder('bids'),
      lots: sql.placeholder('lots'),
      events: sql.placeholder('events'),
      audit: sql.placeholder('audit'),
    }),
  ).sql,
};

/** Runs BATCH_WRITE_STATEMENT with these values ($1 to $4) on the batcher's own connection, prepared there once. */
export function runPreparedBatchWrite(
  connection: DedicatedConnection,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  return connection.query(BATCH_WRITE_STATEMENT, values);
}

/**
 * Writes a bid batch (batchWriteSql): through `prepared`, which runs BATCH_WRITE_STATEMENT on the batcher's own
 * connection, or as a one-off statement (PGlite). Returns the chains of the audit rows that went in.
 */
export async function writeBidBatch(
  tx: DbOrTx,
  batch: {
    bids: BidRow[];
    lots: { id: number; changes: ReturnType<typeof lotRowChanges> }[];
    events: NewEvent[];
    /** The audit plan's rows (AuditPlan.json). */
    audit: string;
  },
  prepared?: (values: unknown[]) => Promise<Record<string, unknown>[]>,
): Promise<number[]> {
  const bidRows = batch.bids.map((b) => ({
    id: b.id,
    lot_id: b.lotId,
    briefcase_id: b.briefcaseId,
    user_id: b.userId,
    company_id: b.companyId,
    amount: b.amount,
    source_type: b.sourceType,
    state: b.state,
    idempotency_key: b.idempotencyKey,
    created_at: b.createdAt.toISOString(),
  }));
  const lotRows = batch.lots.map(({ id, changes: c }) => ({
    id,
    status: c.status,
    current_price: c.currentPrice,
    leader_bid_id: c.leaderBidId,
    bids_count: c.bidsCount,
    bidders_count: c.biddersCount,
    end_datetime: c.endDatetime.toISOString(),
    renewals_count: c.renewalsCount,
    updated_at: c.updatedAt.toISOString(),
  }));
  const eventRows = batch.events.map((e) => ({
    user_id: e.userId,
    company_id: e.companyId ?? null,
    kind: e.kind,
    briefcase_id: e.briefcaseId ?? null,
    lot_id: e.lotId ?? null,
    payload: e.payload ?? {},
    created_at: (e.createdAt ?? new Date()).toISOString(),
  }));
  const rows: BatchWriteRows<string> = {
    bids: JSON.stringify(bidRows),
    lots: JSON.stringify(lotRows),
    events: JSON.stringify(eventRows),
    audit: batch.audit,
  };
  const result = prepared
    ? await prepared([rows.bids, rows.lots, rows.events, rows.audit])
    : ((await tx.execute(batchWriteSql(rows))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const row = result[0] as {
    placed: string | number;
    moved: string | number;
    told: string | number;
    chains: number[] | string;
  };
  if (
    Number(row.placed) !== bidRows.length ||
    Number(row.moved) !== lotRows.length ||
    Number(row.told) !== eventRows.length
  ) {
    throw new Error('bid batch: a write did not go in whole');
  }
  const chains = typeof row.chains === 'string' ? (JSON.parse(row.chains) as number[]) : row.chains;
  return chains.map(Number);
}

/** The autobids of these companies on the lot (enabled or not), with who set them. */
export async function findCompanyAutobids(db: DbOrTx, lotId: number, companyIds: number[]) {
  return db
    .select({ companyId: autobids.companyId, userId: autobids.userId, enabled: autobids.enabled })
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), inArray(autobids.companyId, companyIds)));
}
