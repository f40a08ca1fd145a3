import { describe, expect, it } from 'vitest';
import { isDateFormatCode, resolveTarget } from './parts.ts';

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
