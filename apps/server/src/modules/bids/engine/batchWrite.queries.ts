/**
 * The one statement that writes a bid batch (the bids, the lots, the outbid events, the audit entries), run as a
 * named statement on the batcher's own connection or as a one-off (PGlite).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx, DedicatedConnection, NamedStatement } from '../../../db/client.ts';
import { bids, events, lots } from '../../../db/schema/index.ts';
import { auditInsert } from '../../audit/audit.queries.ts';
import type { NewEvent } from '../../events/events.queries.ts';
import type { lotRowChanges } from '../../lots/trading/lotState.ts';
import type { BidRow } from '../bids.queries.ts';

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
