/** The optional lot of the whole portfolio (spec 1 §2), made from the procedure's lots. */
import type { LotDraft } from './lotting.ts';

export const COMPOSITE_LOT_NAME = 'Сводный лот: все лоты процедуры';

/**
 * The optional "whole portfolio" lot (spec 1 §2): summed totals and prices, bottomline mean of the sums, DPD and
 * DPLP as the items-weighted means of the lots'.
 */
export function compositeLot(lots: readonly LotDraft[]): LotDraft {
  const regular = lots.filter((l) => !l.composite);
  let items = 0;
  let total = 0;
  let osz = 0;
  let start = 0;
  let min = 0;
  let dpd = 0;
  let dpdW = 0;
  let dplp = 0;
  let dplpW = 0;
  for (const l of regular) {
    items += l.items_count;
    total += l.amount_total;
    osz += l.amount_bottomline;
    start += l.start_price;
    min += l.min_price;
    if (l.dpd !== null) {
      dpd += l.dpd * l.items_count;
      dpdW += l.items_count;
    }
    if (l.dplp !== null) {
      dplp += l.dplp * l.items_count;
      dplpW += l.items_count;
    }
  }
  return {
    number: regular.reduce((m, l) => Math.max(m, l.number), 0) + 1,
    name: COMPOSITE_LOT_NAME,
    composite: true,
    items_count: items,
    amount_total: total,
    amount_bottomline: osz,
    bottomline_mean: items === 0 ? 0 : Math.round(osz / items),
    dpd: dpdW === 0 ? null : Math.round(dpd / dpdW),
    dplp: dplpW === 0 ? null : Math.round(dplp / dplpW),
    start_price: start,
    min_price: min,
    product_type: null,
    federal_district: null,
    stage: null,
  };
}
