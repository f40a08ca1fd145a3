import { debtColumnsOf } from '@etp/domain';
import { describe, expect, it } from 'vitest';
import { debtAt } from '../../../../test/support/debts.ts';
import { columnsPieces, decodeColumns, encodeColumns } from './snapshot.ts';

describe('registry columns snapshot', () => {
  const columns = debtColumnsOf(Array.from({ length: 1001 }, (_, i) => debtAt(i)));

  it('pieces of any size join into the one snapshot, which decodes to the same columns', () => {
    const whole = encodeColumns(columns);
    for (const maxBytes of [1, 7, 4096, 1 << 22]) {
      const pieces = [...columnsPieces(columns, maxBytes)];
      expect(pieces.every((p) => p.byteLength <= Math.max(maxBytes, pieces[0]!.byteLength))).toBe(true);
      expect(Buffer.concat(pieces).equals(whole)).toBe(true);
    }
    const back = decodeColumns(whole);
    expect(back.count).toBe(1001);
    expect(Array.from(back.amountBottomline)).toEqual(Array.from(columns.amountBottomline));
    expect(Array.from(back.regionCode)).toEqual(Array.from(columns.regionCode));
    expect(back.strings.productType).toEqual(columns.strings.productType);
  });

  it('pieces are views of the columns, not copies', () => {
    const pieces = [...columnsPieces(columns, 1 << 22)];
    expect(pieces.some((p) => p.buffer === columns.amountTotal.buffer)).toBe(true);
  });
});
