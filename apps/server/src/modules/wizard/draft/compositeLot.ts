/**
 * The optional composite "whole portfolio" lot (spec 1 §2 Portfolio characteristics, decision 0136): shown and
 * kept only when the procedure has more than one regular lot and is not dutch. Its totals are the sums of the
 * regular lots, its DPD and bottomline mean the averages (`compositeLot` of packages/domain); it trades over the
 * procedure's times with the procedure's step (the sum of the lots' steps when each lot has its own).
 */
import { compositeLot, type LotDraft } from '@etp/domain';
import type { CompositeLotValues, DraftLotRow } from '../wizard.queries.ts';

export interface CompositeFacts {
  withCompositeLot: boolean;
  auctionType: string;
  customSteps: boolean;
  stepPrice: number | null;
  startDatetime: Date | null;
  endDatetime: Date | null;
}

/** Whether the procedure carries a composite lot at all. */
const wantsCompositeLot = (facts: CompositeFacts, regularLots: number) =>
  facts.withCompositeLot && regularLots > 1 && facts.auctionType !== 'dutch';

const draftOf = (lot: DraftLotRow, startPrice: number): LotDraft => ({
  number: lot.number,
  name: lot.name ?? '',
  composite: false,
  items_count: lot.itemsCount,
  amount_total: lot.amountTotal,
  amount_bottomline: lot.amountBottomline,
  bottomline_mean: lot.bottomlineMean,
  dpd: lot.dpd,
  dplp: lot.dplp,
  start_price: startPrice,
  min_price: lot.minPrice ?? 0,
  product_type: null,
  federal_district: null,
  stage: null,
});

/**
 * The composite lot's columns for these regular lots, or null when the procedure must not have one.
 * `prices` carries each regular lot's start price and step as they are being saved (by lot id).
 */
export function compositeLotValues(
  facts: CompositeFacts,
  regular: readonly DraftLotRow[],
  prices: ReadonlyMap<number, { start_price: number; step_price: number | null }> = new Map(),
): CompositeLotValues | null {
  if (!wantsCompositeLot(facts, regular.length)) return null;
  const lot = compositeLot(regular.map((l) => draftOf(l, prices.get(l.id)?.start_price ?? l.startPrice)));
  const steps = regular.map((l) => prices.get(l.id)?.step_price ?? l.stepPrice);
  const step = facts.customSteps
    ? steps.every((s) => s !== null && s > 0)
      ? steps.reduce<number>((sum, s) => sum + (s ?? 0), 0)
      : null
    : facts.stepPrice;
  return {
    number: lot.number,
    name: lot.name,
    itemsCount: lot.items_count,
    amountTotal: lot.amount_total,
    amountBottomline: lot.amount_bottomline,
    bottomlineMean: lot.bottomline_mean,
    dpd: lot.dpd,
    dplp: lot.dplp,
    startPrice: lot.start_price,
    minPrice: lot.min_price,
    stepPrice: step,
    maxPrice: null,
    stepCount: null,
    startDatetime: facts.startDatetime,
    endDatetime: facts.endDatetime,
    productType: null,
    federalDistrict: null,
    stage: null,
  };
}
