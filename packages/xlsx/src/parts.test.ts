import { describe, expect, it } from 'vitest';
import { isDateFormatCode, resolveTarget, SharedStringTable } from './parts.ts';

describe('isDateFormatCode', () => {
  it.each([
    ['dd.mm.yyyy', true],
    ['[$-419]d mmmm yyyy;@', true],
    ['h:mm:ss', true],
    ['yyyy-mm-dd hh:mm', true],
    ['General', false],
    ['0.00', false],
    ['#,##0.00\\ "р."', false],
    ['"Сумма: "0.00', false],
    ['[Red]0.00', false],
    ['0.00_ ;[Red]\\-0.00\\ ', false],
    ['@', false],
  ])('%s -> %s', (code, expected) => {
    expect(isDateFormatCode(code)).toBe(expected);
  });
});

describe('resolveTarget', () => {
  it('resolves relative and absolute relationship targets', () => {
    expect(resolveTarget('xl', 'worksheets/sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(resolveTarget('xl', '/xl/worksheets/sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(resolveTarget('xl/worksheets', '../sharedStrings.xml')).toBe('xl/sharedStrings.xml');
  });
});

describe('SharedStringTable', () => {
  it('gives back every text in order, across blocks, and nothing past the end', () => {
    const table = new SharedStringTable();
    const texts: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      // Texts of 0 to 40 characters, Cyrillic and Latin, and one longer than a block's share.
      const text = i === 123_456 ? 'ж'.repeat(1_500_000) : i % 97 === 0 ? '' : `долг ${i} `.repeat(i % 5);
      texts.push(text);
      table.push(text);
    }
    expect(table.length).toBe(texts.length);
    for (const i of [0, 1, 96, 97, 4095, 4096, 123_455, 123_456, 123_457, 199_999])
      expect(table.get(i)).toBe(texts[i]);
    // Read again, in another order: the texts kept for repeated cells are the right ones.
    for (let i = texts.length - 1; i >= 0; i -= 37) expect(table.get(i)).toBe(texts[i]);
    expect(table.toArray()).toEqual(texts);
    expect(table.get(-1)).toBeUndefined();
    expect(table.get(texts.length)).toBeUndefined();
    expect(table.get(1.5)).toBeUndefined();
  });

  it('keeps a few large strings, not one per text (the collector has almost nothing to mark)', () => {
    const table = new SharedStringTable();
    for (let i = 0; i < 300_000; i++) table.push(`д${i}`);
    table.get(0);
    const blocks = (table as unknown as { blocks: string[] }).blocks;
    expect(blocks.length).toBeLessThan(5);
    expect(blocks.join('').length).toBe(Array.from({ length: 300_000 }, (_, i) => `д${i}`).join('').length);
  });
});
