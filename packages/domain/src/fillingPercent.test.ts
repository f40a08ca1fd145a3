import { describe, expect, it } from 'vitest';
import { fillingPercentColor } from './fillingPercent.ts';

describe('fillingPercentColor', () => {
  it.each([
    [100, 'purple'],
    [89.01, 'purple'],
    [89, 'blue'],
    [79.5, 'blue'],
    [79, 'amber'],
    [0, 'amber'],
  ])('%d%% is %s', (percent, color) => {
    expect(fillingPercentColor(percent)).toBe(color);
  });
});
