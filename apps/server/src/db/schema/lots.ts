/** The lots of trading procedures: what is bid for, with its prices, counters, leader and winner. */
import type { LotStatus } from '@etp/domain';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';
import { type AnalyticsJson, briefcases } from './briefcases.ts';
import { at, createdAt, id, money, updatedAt } from './common.ts';

/** The domain's lot statuses (decisions/0259), under the schema's name. */
export type LotStatusColumn = LotStatus;

export const lots = pgTable(
  'lots',
  {
    id: id(),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    aliasNumber: text('alias_number'),
    name: text('name'),
    status: text('status').$type<LotStatusColumn>().notNull().default('created'),
    composite: boolean('composite').notNull().default(false),
    amountTotal: money('amount_total').notNull().default(0),
    amountBottomline: money('amount_bottomline').notNull().default(0),
    bottomlineMean: money('bottomline_mean').notNull().default(0),
    itemsCount: integer('items_count').notNull().default(0),
    dpd: integer('dpd'),
    dplp: integer('dplp'),
    startPrice: money('start_price').notNull().default(0),
    maxPrice: money('max_price'),
    minPrice: money('min_price'),
    stepPrice: money('step_price'),
    stepCount: integer('step_count'),
    currentStep: integer('current_step'),
    currentPrice: money('current_price'),
    bidsCount: integer('bids_count').notNull().default(0),
    maxBidsCnt: integer('max_bids_cnt'),
    biddersCount: integer('bidders_count').notNull().default(0),
    leaderBidId: bigint('leader_bid_id', { mode: 'number' }),
    winnerBidId: bigint('winner_bid_id', { mode: 'number' }),
    winnerCompanyId: integer('winner_company_id').references(() => companies.id),
    isWithoutWinner: boolean('is_without_winner').notNull().default(false),
    renewalsCount: integer('renewals_count').notNull().default(0),
    startDatetime: at('start_datetime'),
    endDatetime: at('end_datetime'),
    productType: text('product_type'),
    federalDistrict: text('federal_district'),
    stage: text('stage'),
    /** convert: the start price of the classic second round that the seller chose from the offers. */
    secondRoundStartPrice: money('second_round_start_price'),
    /** The lot of the previous round this one was copied from (next and second rounds). */
    convertedFrom: integer('converted_from'),
    predictedStartPrice: money('predicted_start_price'),
    predictedEndPrice: money('predicted_end_price'),
    analytics: jsonb('analytics').$type<AnalyticsJson>(),
    /** Bumped on every change; live updates carry it so clients drop stale ones. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lots_briefcase_number_key').on(t.briefcaseId, t.number),
    index('lots_status_end_idx').on(t.status, t.endDatetime),
  ],
);
