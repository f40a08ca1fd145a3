import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDebtColumnsBuilder, FEATURE_BIT, featureBits, isoToYmd, NO_DATE } from './columns.ts';
import { ContractIdIndex, encodeCodeUnits } from './contractIds.ts';
import { debt, debtArbitrary } from './testDebts.ts';
import { FEATURE_KEYS } from './types.ts';

describe('DebtColumns', () => {
  it('keeps every debt as the columns grow and move past their reserved rows', () => {
    fc.assert(
      fc.property(fc.array(debtArbitrary, { maxLength: 200 }), (debts) => {
        const b = createDebtColumnsBuilder(16, 40);
        for (const d of debts) b.add(d);
        const c = b.build();
        expect(c.count).toBe(debts.length);
        debts.forEach((d, i) => {
          expect(c.amountBottomline[i]).toBe(d.amountBottomline);
          expect(c.regionCode[i]).toBe(d.regionCode ?? 0);
          expect(c.dpd[i]).toBe(d.dpd ?? -1);
          expect(c.strings.productType[c.productType[i]!]).toBe(d.productType);
          expect(c.features[i]).toBe(featureBits(d.features));
        });
      }),
    );
  });

  it('builds arrays exactly as long as the debts, holding no spare capacity', () => {
    for (const n of [0, 1, 16, 17, 33, 1000]) {
      const b = createDebtColumnsBuilder(16, n % 2 ? 32 : 4096);
      for (let i = 0; i < n; i++) b.add(debt({ amountBottomline: i + 1 }));
      const c = b.build();
      expect(c.count).toBe(n);
      for (const value of Object.values(c)) {
        if (!ArrayBuffer.isView(value)) continue;
        const a = value as Float64Array | Int32Array | Uint8Array | Uint16Array | Uint32Array;
        expect(a.length).toBe(n);
        expect(a.buffer.byteLength).toBe(n * a.BYTES_PER_ELEMENT);
      }
      expect(Array.from(c.amountBottomline)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    }
  });

  it('feature bits follow FEATURE_KEYS', () => {
    FEATURE_KEYS.forEach((key, k) => {
      expect(FEATURE_BIT[key]).toBe(1 << k);
      expect(featureBits(debt({ features: { [key]: true } }).features)).toBe(1 << k);
    });
  });

  it('dates as YYYYMMDD give whole years by subtraction', () => {
    expect(isoToYmd('1985-03-04')).toBe(19850304);
    expect(isoToYmd(null)).toBe(NO_DATE);
    expect(Math.floor((isoToYmd('2025-03-03') - isoToYmd('1985-03-04')) / 10_000)).toBe(39);
    expect(Math.floor((isoToYmd('2025-03-04') - isoToYmd('1985-03-04')) / 10_000)).toBe(40);
  });
});

/**
 * Ids added in order to an index of tiny chunks (16 bytes, 8 entries: ids run into the next chunk, entries pass a
 * chunk) answer as a Map does; asked again once all are in, each answers its first row.
 */
function answersLikeAMap(ids: string[]): void {
  const index = new ContractIdIndex(4, 3);
  const map = new Map<string, number>();
  ids.forEach((id, i) => {
    const expected = map.get(id) ?? 0;
    if (expected === 0) map.set(id, i + 2);
    expect(index.firstRowOrAdd(id, i + 2)).toBe(expected);
  });
  for (const [id, row] of map) expect(index.firstRowOrAdd(id, 1)).toBe(row);
}

describe('ContractIdIndex', () => {
  it('answers like a Map: the first row of a repeated id, 0 for a new one', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 3000 }), (ids) => {
        const index = new ContractIdIndex();
        const map = new Map<string, number>();
        ids.forEach((id, i) => {
          const row = i + 2;
          const expected = map.get(id) ?? 0;
          if (expected === 0) map.set(id, row);
          expect(index.firstRowOrAdd(id, row)).toBe(expected);
        });
      }),
    );
  });

  it('keeps ids as bytes that are equal exactly when the ids are: every code unit alone, then any two strings', () => {
    const bytesOf = (id: string) => {
      const out = new Uint8Array(id.length * 3);
      return Buffer.from(out.subarray(0, encodeCodeUnits(id, out))).toString('hex');
    };
    const seen = new Set<string>();
    for (let unit = 0; unit <= 0xffff; unit++) seen.add(bytesOf(String.fromCharCode(unit)));
    expect(seen.size).toBe(0x10000);
    const units = fc.string({ unit: 'binary', maxLength: 6 });
    fc.assert(
      fc.property(units, units, (a, b) => {
        expect(bytesOf(a) === bytesOf(b)).toBe(a === b);
      }),
    );
  });

  it('tells apart ids of any UTF-16 code units, Cyrillic and lone surrogates included, across chunk boundaries', () => {
    const unit = fc.constantFrom(
      'К',
      'Д',
      '-',
      '/',
      '0',
      '1',
      'ё',
      '\u07ff',
      '\u0800',
      '\ud83d',
      '\ude00',
      '\uffff',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit, maxLength: 6 })), {
          maxLength: 400,
        }),
        answersLikeAMap,
      ),
    );
  });

  it('keeps ids exact across chunk boundaries (ids running into the next chunk, entries past a chunk)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('КД-1', 'КД-1/2', 'a', '')), {
          maxLength: 400,
        }),
        answersLikeAMap,
      ),
    );
  });
});
