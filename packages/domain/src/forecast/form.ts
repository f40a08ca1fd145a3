/**
 * The Прогноз form's inputs (spec 2 §5 "Prediction"): money with two decimals, DPD and DPLP up to 4 digits, the
 * case count up to 6 digits, an emptied field back to 0, a zero cleared on focus. The fourteen flags are the lot's
 * shares of cases (issue 17), typed as percentages of cases.
 */
import { formatPercent, formatRubles, percentOf } from '../money.ts';

/** The longest DPD, DPLP and case count the form takes. */
export const FORECAST_FORM_DIGITS = { dpd: 4, dplp: 4, items_count: 6 } as const;

/** What a count input keeps while typing: digits only, at most `maxDigits` of them. */
export function sanitizeCountInput(text: string, maxDigits: number): string {
  return text.replace(/\D/g, '').slice(0, maxDigits);
}

/** A typed count: the empty field is 0. */
export function countFromInput(text: string): number {
  return text === '' ? 0 : Number(text);
}

/** A share of cases (0..1) as the percentage text the form shows: 0.0333… → '3,33', 0.5 → '50'. */
export function shareToPercentText(share: number): string {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 10_000) / 100;
  return String(percent).replace('.', ',');
}

/**
 * A typed percentage of cases as a share: '12,5' → 0.125, '' → 0 (an emptied field is 0); null when it is not a
 * number or above 100 (the form then says FORECAST_FORM_MESSAGES.percentTooLarge).
 */
export function shareFromPercentText(text: string): number | null {
  if (text === '') return 0;
  const normalized = text.replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(normalized)) return null;
  const percent = Number(normalized);
  return percent > 100 ? null : percent / 100;
}

/** A forecast price with its share of the face value: '1 300 000 ₽ (6,50% ОСЗ)'. */
export function formatForecastPrice(price: number, amountBottomline: number): string {
  return `${formatRubles(price)} (${formatPercent(percentOf(price, amountBottomline))} ОСЗ)`;
}
