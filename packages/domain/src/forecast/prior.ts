/**
 * The documented prior (decisions/0106): the price a lot is forecast at while the platform has too little history
 * of its own. Shares of face value (ОСЗ) from 2024–2025 Russian market reports on debt-portfolio sales: bank
 * non-performing retail loans trade around 5–8 %, microfinance portfolios around 14–21 %; older debt cheaper.
 */
import type { ForecastInput, SellerType } from './features.ts';

/** Below this many finished, sold lots the forecast is the prior's; from it on, a model trained on them. */
export const FORECAST_MIN_HISTORY = 200;
/** The leader retrains once this many lots have been sold since the current model's training. */
export const FORECAST_RETRAIN_AFTER = 50;

/** The lower quantile the start price is forecast at; the sale price is the median (0.5). */
export const FORECAST_START_QUANTILE = 0.1;

/** Share of face: the band's lower end (the start price) and its middle (the sale price), by seller type. */
const PRIOR_SHARES: Readonly<Record<SellerType, { low: number; median: number }>> = {
  bank: { low: 0.05, median: 0.065 },
  mfo: { low: 0.14, median: 0.175 },
  // Collection agencies resell portfolios already worked by a bank; persons and sole traders sell small books.
  legal: { low: 0.04, median: 0.055 },
  self: { low: 0.04, median: 0.055 },
  physical: { low: 0.04, median: 0.055 },
};

/** DPD bands (days, upper bound exclusive) and the factor each applies to the seller type's shares. */
const PRIOR_DPD_BANDS: readonly { below: number; factor: number; title: string }[] = [
  { below: 180, factor: 1.5, title: 'до 180 дней' },
  { below: 365, factor: 1.2, title: '180–364 дня' },
  { below: 730, factor: 1, title: '1–2 года' },
  { below: 1095, factor: 0.75, title: '2–3 года' },
  { below: Number.POSITIVE_INFINITY, factor: 0.5, title: '3 года и более' },
];

export function dpdBand(dpd: number): number {
  return PRIOR_DPD_BANDS.findIndex((band) => dpd < band.below);
}

/** The prior's range as shares of ОСЗ. */
export function priorShares(input: Pick<ForecastInput, 'seller_type' | 'dpd'>): {
  low: number;
  median: number;
} {
  const base = PRIOR_SHARES[input.seller_type];
  const factor = PRIOR_DPD_BANDS[dpdBand(Math.max(0, input.dpd))]!.factor;
  return { low: base.low * factor, median: base.median * factor };
}

/** Shares of ОСЗ to kopecks, whole rubles. */
export function shareToPrice(share: number, amountBottomline: number): number {
  return Math.round((share * Math.max(0, amountBottomline)) / 100) * 100;
}
