/**
 * Lotting of a stored registry (docs/decisions/0048): the domain's `lot` over the typed columns, then each lot's
 * statistics and analytics in one pass (`analyticsByLot`) into lot rows. The default after an upload is
 * manual_splitting when every debt has a lot number, else the whole registry as one lot (equal_lots at the
 * largest allowed price).
 */
import {
  analyticsByLot,
  type DebtColumns,
  type LotDraft,
  type LottingParams,
  lot,
  lottingPriceLimits,
} from '@etp/domain';
import type { LotRowDraft } from './lotRows.queries.ts';

export type LotingParams = LottingParams;

export function defaultLotingParams(columns: DebtColumns): LotingParams {
  let numbered = columns.count > 0;
  for (let i = 0; i < columns.count && numbered; i++) if (columns.lotNumber[i]! <= 0) numbered = false;
  if (numbered) return { loting_type: 'manual_splitting', sort_type: 'uniform_distribution' };
  // Equal lots at the largest price: the whole registry as one lot, until the seller lots it.
  return {
    loting_type: 'equal_lots',
    sort_type: 'uniform_distribution',
    price: lottingPriceLimits(columns).max_price,
  };
}

export interface LottingOutcome {
  assignment: Int32Array;
  lots: LotRowDraft[];
  drafts: LotDraft[];
  /** The procedure's start price: the sum of its lots' start prices. */
  startPrice: number;
}

export function applyLotting(columns: DebtColumns, params: LotingParams, asOf?: string): LottingOutcome {
  const result = lot(columns, params);
  const stats = analyticsByLot(columns, result.assignment, result.lots.length, asOf ? { asOf } : {});
  const lots = result.lots.map(
    (draft, i): LotRowDraft => ({
      number: draft.number,
      name: draft.name,
      itemsCount: draft.items_count,
      amountTotal: draft.amount_total,
      amountBottomline: draft.amount_bottomline,
      bottomlineMean: draft.bottomline_mean,
      dpd: draft.dpd,
      dplp: draft.dplp,
      startPrice: draft.start_price,
      minPrice: draft.min_price,
      productType: draft.product_type,
      federalDistrict: draft.federal_district,
      stage: draft.stage,
      analytics: stats[i]!.analytics as unknown as Record<string, unknown>,
    }),
  );
  return {
    assignment: result.assignment,
    lots,
    drafts: result.lots,
    startPrice: lots.reduce((sum, l) => sum + l.startPrice, 0),
  };
}
