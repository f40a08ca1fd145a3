import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_DATE_WINDOW_MS,
  DEFAULT_ROUND_REQUEST_TTL_MS,
  DOCUMENT_MAX_BYTES,
  ENDING_SOON_MS,
  EXTEND_THRESHOLD_MS,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_PAGE_SIZES,
  REGISTRY_MAX_BYTES,
  TIME_LEFT_WARNING_MS,
  TIME_LEFT_WARNING_PRIVATE_MS,
  TOKEN_REFRESH_INTERVAL_MS,
} from './constants.ts';

describe('constants', () => {
  it('agree with the spec', () => {
    expect(DEFAULT_DATE_WINDOW_MS).toBe(30 * DAY_MS);
    expect(DEFAULT_ROUND_REQUEST_TTL_MS).toBe(86_400_000);
    expect(TIME_LEFT_WARNING_MS).toBe(20 * 60_000);
    expect(TIME_LEFT_WARNING_PRIVATE_MS).toBe(5 * 3_600_000);
    expect(EXTEND_THRESHOLD_MS).toBe(ENDING_SOON_MS + 1);
    expect(TOKEN_REFRESH_INTERVAL_MS).toBeLessThan(DAY_MS);
    expect(LIST_PAGE_SIZES).toContain(LIST_DEFAULT_PAGE_SIZE);
    expect(REGISTRY_MAX_BYTES).toBe(104_857_600);
    expect(DOCUMENT_MAX_BYTES).toBe(31_457_280);
  });
});
