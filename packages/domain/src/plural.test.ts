import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIDS,
  CASES,
  countWithNoun,
  DAYS,
  LOTS,
  MINUTES,
  PARTICIPANTS,
  PROCEDURES,
  plural,
  STEPS,
} from './plural.ts';

describe('plural', () => {
  it.each([
    [0, 'шагов'],
    [1, 'шаг'],
    [2, 'шага'],
    [4, 'шага'],
    [5, 'шагов'],
    [11, 'шагов'],
    [12, 'шагов'],
    [14, 'шагов'],
    [21, 'шаг'],
    [22, 'шага'],
    [25, 'шагов'],
    [101, 'шаг'],
    [111, 'шагов'],
    [112, 'шагов'],
    [1001, 'шаг'],
    [-3, 'шага'],
    [1.5, 'шага'],
  ])('%d %s', (n, word) => {
    expect(plural(n, STEPS)).toBe(word);
  });

  it('ready-made forms', () => {
    expect(countWithNoun(1, DAYS)).toBe('1 день');
    expect(countWithNoun(3, LOTS)).toBe('3 лота');
    expect(countWithNoun(5, PROCEDURES)).toBe('5 процедур');
    expect(countWithNoun(21, BIDS)).toBe('21 ставка');
    expect(countWithNoun(2, PARTICIPANTS)).toBe('2 участника');
    expect(countWithNoun(11, CASES)).toBe('11 дел');
    expect(countWithNoun(44, MINUTES)).toBe('44 минуты');
  });

  it('is periodic in 100 above 20', () => {
    fc.assert(
      fc.property(fc.integer({ min: 21, max: 1_000_000 }), fc.integer({ min: 1, max: 1000 }), (n, k) => {
        expect(plural(n + 100 * k, STEPS)).toBe(plural(n, STEPS));
      }),
    );
  });

  it('depends only on the last digit outside the teens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        fc.pre(n % 100 < 11 || n % 100 > 14);
        expect(plural(n, STEPS)).toBe(plural(n % 10, STEPS));
      }),
    );
  });
});
