import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAll } from './testFiles.ts';

/** Files written by other programs, committed (see test/fixtures/make.ts). */
const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const HEADER = ['Номер договора', 'Сумма', 'Дата', 'Флаг', 'Формула', 'Текст'];

describe('files written by other programs', () => {
  it('reads ExcelJS: shared and rich strings, a date format, a formula with and without a result, an error', async () => {
    const { rows, result } = await readAll(join(fixtures, 'exceljs.xlsx'));
    expect(rows).toEqual([
      [1, HEADER],
      [2, ['КД-1', 1234.56, '2024-01-15', true, 2469.12, 'x']],
      [3, ['КД-2', null, null, '#N/A', null, 'жирный обычный']],
      [4, [null, null, null, null, null, null, null, 7]],
    ]);
    expect(result).toEqual({ rows: 4, columns: 8, formulasWithoutValue: 1, hiddenSheetsSkipped: 0 });
  });

  it('reads openpyxl: inline strings with character references, formulas without cached values', async () => {
    const { rows, result } = await readAll(join(fixtures, 'openpyxl.xlsx'));
    expect(rows).toEqual([
      [1, HEADER],
      [2, ['КД-1', 1234.56, '2024-01-15', true, null, 'A & B <c> "d"']],
      [3, ['КД-2', -5, '2024-02-29T13:45:10', false]],
      [5, ['после пустой строки', null, null, null, null, 0.1]],
    ]);
    expect(result.formulasWithoutValue).toBe(2);
  });

  it('reads LibreOffice: the same sheet re-saved, formulas computed', async () => {
    const { rows, result } = await readAll(join(fixtures, 'libreoffice.xlsx'));
    expect(rows).toEqual([
      [1, HEADER],
      [2, ['КД-1', 1234.56, '2024-01-15', true, 2469.12, 'A & B <c> "d"']],
      [3, ['КД-2', -5, '2024-02-29T13:45:10', false, -10]],
      [5, ['после пустой строки', null, null, null, null, 0.1]],
    ]);
    expect(result.formulasWithoutValue).toBe(0);
  });

  it('gives the same rows with tiny chunks', async () => {
    for (const name of ['exceljs', 'openpyxl', 'libreoffice']) {
      const path = join(fixtures, `${name}.xlsx`);
      expect(await readAll(path, { chunkSize: 64 })).toEqual(await readAll(path));
    }
  });
});
