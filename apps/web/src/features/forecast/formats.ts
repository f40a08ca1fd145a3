/** How the Прогноз form's numbers are typed and shown (spec 2 §5 "Prediction"; rules in packages/domain). */
import {
  countFromInput,
  FORECAST_FORM_DIGITS,
  groupMoneyInput,
  kopecksToInputText,
  rublesToKopecks,
  sanitizeCountInput,
  sanitizeMoneyInput,
  shareFromPercentText,
  shareToPercentText,
} from '@etp/domain';
import type { NumberFormat } from './ForecastNumberField.tsx';

/** Rubles and kopecks, grouped by thousands: 259 926 391,42. */
export const MONEY: NumberFormat = {
  display: (kopecks) => groupMoneyInput(kopecksToInputText(kopecks)),
  sanitize: (text) => groupMoneyInput(text),
  parse: (text) => (text === '' ? 0 : rublesToKopecks(text)),
  grouped: true,
};
const count = (digits: number): NumberFormat => ({
  display: String,
  sanitize: (text) => sanitizeCountInput(text, digits),
  parse: countFromInput,
});
export const DPD = count(FORECAST_FORM_DIGITS.dpd);
export const DPLP = count(FORECAST_FORM_DIGITS.dplp);
export const ITEMS = count(FORECAST_FORM_DIGITS.items_count);
export const PERCENT: NumberFormat = {
  display: shareToPercentText,
  sanitize: sanitizeMoneyInput,
  parse: shareFromPercentText,
};
