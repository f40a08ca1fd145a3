/** The Statistics tab (spec 2 §2, §3 "Statistics") and its live counters. */
import { z } from 'zod';

const statsLotSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  /** Null when there is no price yet, or for a sealed lot still trading (offers stay hidden until the end). */
  current_price: z.number().int().nullable(),
  start_price: z.number().int(),
  bids_count: z.number().int(),
  /** The whole-portfolio lot: the same debts as the other lots, sold at once. */
  composite: z.boolean(),
  /** Whether the lot's prices count in the procedure's totals (each debt once, decisions/0245). */
  in_totals: z.boolean(),
});

/** Bids per Moscow minute: `time` is the minute's start with +03:00. */
const statsHistogramPointSchema = z.object({
  time: z.string(),
  bids: z.number().int(),
  users: z.number().int(),
});

/** The best bid of each minute (a chart candle, spec 2 §3): `x` is the bid time with +03:00. */
const statsPricePointSchema = z.object({
  x: z.string(),
  amount_cents: z.number().int(),
  company_name: z.string(),
  lot_id: z.number().int(),
});

const briefcaseStatsAttributesSchema = z.object({
  /** Companies that placed at least one bid. */
  users: z.number().int(),
  /** Downloads of the procedure's documents and reports. */
  downloaded: z.number().int(),
  bids: z.number().int(),
  statuses: z.object({
    total_lots: z.number().int(),
    with_bids: z.number().int(),
    finished_lots: z.number().int(),
  }),
  /** Sum of the current prices of the lots counted in totals (sealed lots count from their end on). */
  current_price: z.number().int(),
  lots: z.array(statsLotSchema),
  histograms: z.object({
    bids: z.array(statsHistogramPointSchema),
    prices: z.array(statsPricePointSchema),
  }),
});
export type BriefcaseStatsAttributes = z.infer<typeof briefcaseStatsAttributesSchema>;

/** GET /api/v1/charts/briefcases/{id}/stats. */
export const briefcaseStatsSchema = z.object({
  id: z.number().int(),
  attributes: briefcaseStatsAttributesSchema,
});
export type BriefcaseStats = z.infer<typeof briefcaseStatsSchema>;

/** Payload of the 'stats' message on BriefcaseStats after every accepted bid. */
export interface StatsLivePayload {
  briefcase_id: number;
  bids: number;
  users: number;
}
