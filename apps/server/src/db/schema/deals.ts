/**
 * The deal of a won lot (decisions/0258, 0261): one row per lot and attempt (1: the winner's, 2: the offer to the
 * second-best bidder), mirroring the domain's `Deal`. The deadline of the running clock is a column, so the
 * scheduler finds due deals after a restart; the transitions' history is the procedure's audit chain.
 */
import type { DealFailure, DealSigningMethod, DealState } from '@etp/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { briefcases } from './briefcases.ts';
import { at, createdAt, id, money, updatedAt } from './common.ts';
import { lots } from './lots.ts';

export const deals = pgTable(
  'deals',
  {
    id: id(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').$type<1 | 2>().notNull(),
    state: text('state').$type<DealState>().notNull(),
    sellerCompanyId: integer('seller_company_id')
      .notNull()
      .references(() => companies.id),
    buyerCompanyId: integer('buyer_company_id')
      .notNull()
      .references(() => companies.id),
    priceKopecks: money('price_kopecks').notNull(),
    signWorkingDays: smallint('sign_working_days').notNull(),
    payWorkingDays: smallint('pay_working_days').notNull(),
    secondOfferWorkingDays: smallint('second_offer_working_days').notNull(),
    /** The running clock's last instant (inclusive); null when no clock runs in the state. */
    deadlineAt: at('deadline_at'),
    buyerSignedAt: at('buyer_signed_at'),
    buyerSignMethod: text('buyer_sign_method').$type<DealSigningMethod>(),
    buyerSignedBy: integer('buyer_signed_by').references(() => users.id),
    sellerSignedAt: at('seller_signed_at'),
    sellerSignMethod: text('seller_sign_method').$type<DealSigningMethod>(),
    sellerSignedBy: integer('seller_signed_by').references(() => users.id),
    paymentReportedAt: at('payment_reported_at'),
    paidAt: at('paid_at'),
    registryHandedOverAt: at('registry_handed_over_at'),
    endedAt: at('ended_at'),
    failure: text('failure').$type<DealFailure>(),
    cancelReason: text('cancel_reason'),
    secondOfferCompanyId: integer('second_offer_company_id').references(() => companies.id),
    secondOfferPriceKopecks: money('second_offer_price_kopecks'),
    secondOfferAt: at('second_offer_at'),
    /** The agreement PDF made for the deal (decisions/0263): its storage key, its text's SHA-256 (hex), its source. */
    agreementKey: text('agreement_key'),
    agreementSha256: text('agreement_sha256'),
    agreementSource: text('agreement_source').$type<'template' | 'platform'>(),
    /** The SHA-256 of what the agreement was made from: another value means it must be made again (until signed). */
    agreementInputs: text('agreement_inputs'),
    /** The paper-signed scans (PDF) of each side that signed by scan. */
    buyerScanKey: text('buyer_scan_key'),
    sellerScanKey: text('seller_scan_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deals_lot_attempt_key').on(t.lotId, t.attempt),
    // The scheduler's scan: deals whose running clock has run out.
    index('deals_deadline_idx').on(t.deadlineAt).where(sql`${t.deadlineAt} is not null`),
    index('deals_buyer_idx').on(t.buyerCompanyId),
    index('deals_seller_idx').on(t.sellerCompanyId),
  ],
);

export type DealRow = typeof deals.$inferSelect;
