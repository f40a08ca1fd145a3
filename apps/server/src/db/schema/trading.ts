/** Bids, autobids, favourites, round requests and the append-only audit log. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { briefcases } from './briefcases.ts';
import { at, bigId, createdAt, id, money, updatedAt } from './common.ts';
import { lots } from './lots.ts';

export const bids = pgTable(
  'bids',
  {
    id: bigId(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    amount: money('amount').notNull(),
    sourceType: text('source_type').$type<'hand' | 'auto'>().notNull().default('hand'),
    /** Sealed offers and dutch orders can be changed or withdrawn; classic bids are final. */
    state: text('state').$type<'active' | 'replaced' | 'withdrawn'>().notNull().default('active'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bids_lot_idx').on(t.lotId, t.id),
    // A company's bids, and whether it has bid on a lot (each bid's lock reads that, decisions/0054).
    index('bids_company_idx').on(t.companyId, t.lotId),
    // The procedure's counters (feed, statistics, the live stats after each bid) read bids by procedure.
    index('bids_briefcase_company_idx').on(t.briefcaseId, t.companyId),
    uniqueIndex('bids_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export const autobids = pgTable(
  'autobids',
  {
    id: id(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    maxPrice: money('max_price').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    source: text('source').$type<'hand' | 'batch'>().notNull().default('hand'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    disabledAt: at('disabled_at'),
  },
  (t) => [
    // One autobid per company per lot; re-enabling updates it.
    uniqueIndex('autobids_lot_company_key').on(t.lotId, t.companyId),
  ],
);

/**
 * A company's batch of autobids for a procedure (spec 2 §4 "Batch autobids"): one upload per company per
 * procedure, ever; deleting the autobids afterwards does not allow a second upload.
 */
export const autobidBatches = pgTable(
  'autobid_batches',
  {
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    autobidsCount: integer('autobids_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.briefcaseId, t.companyId] })],
);

export const favouriteBriefcases = pgTable(
  'favourite_briefcases',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.briefcaseId] })],
);

export const favouriteLots = pgTable(
  'favourite_lots',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotId] })],
);

/** Applications of participants for a lot in the next round. */
export const roundRequests = pgTable(
  'round_requests',
  {
    id: id(),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('round_requests_lot_company_key').on(t.lotId, t.companyId)],
);

/**
 * Append-only, hash-chained log per procedure: each entry's hash covers the previous entry's hash,
 * so any edit or deletion breaks the chain. UPDATE and DELETE are refused by a trigger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigId(),
    briefcaseId: integer('briefcase_id').references(() => briefcases.id),
    seq: integer('seq').notNull(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_log_chain_key').on(sql`coalesce(${t.briefcaseId}, 0)`, t.seq),
    // A user's own entries, newest first, for the administrator's user page (decisions/0111).
    index('audit_log_actor_idx').on(t.actorUserId, t.id),
  ],
);
