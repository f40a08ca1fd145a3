import { describe, expect, it } from 'vitest';
import {
  countFromInput,
  FORECAST_FORM_DIGITS,
  formatForecastPrice,
  sanitizeCountInput,
  shareFromPercentText,
  shareToPercentText,
} from './form.ts';

describe('the Прогноз form inputs', () => {
  it('keeps DPD and DPLP to 4 digits and the case count to 6, digits only', () => {
    expect(sanitizeCountInput('12a34 5', FORECAST_FORM_DIGITS.dpd)).toBe('1234');
    expect(sanitizeCountInput('1 234 567', FORECAST_FORM_DIGITS.items_count)).toBe('123456');
    expect(sanitizeCountInput('-5', FORECAST_FORM_DIGITS.dplp)).toBe('5');
  });

  it('turns an emptied count into 0', () => {
    expect(countFromInput('')).toBe(0);
    expect(countFromInput('0730')).toBe(730);
  });

  it('shows a share of cases as a percentage and reads it back', () => {
    expect(shareToPercentText(0.5)).toBe('50');
    expect(shareToPercentText(1 / 30)).toBe('3,33');
    expect(shareToPercentText(0)).toBe('0');
    expect(shareFromPercentText('12,5')).toBe(0.125);
    expect(shareFromPercentText('100')).toBe(1);
    expect(shareFromPercentText('')).toBe(0);
    expect(shareFromPercentText('100,01')).toBeNull();
    expect(shareFromPercentText('abc')).toBeNull();
  });

  it('writes a forecast price with its share of ОСЗ', () => {
    expect(formatForecastPrice(1_300_000_00, 20_000_000_00)).toBe('1\u00a0300\u00a0000\u00a0₽ (6,50% ОСЗ)');
  });
});
