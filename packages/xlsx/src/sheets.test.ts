import { existsSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SheetsWriter, XlsxError } from './index.ts';
import { fileOf, readAll } from './testFiles.ts';

describe('SheetsWriter', () => {
  it('writes rows pushed one by one, going on in further sheets, each with the header', async () => {
    const path = fileOf(Buffer.alloc(0));
    const writer = new SheetsWriter(path, ['Строка', 'Ошибка'], {
      sheetName: 'Ошибки',
      widths: [10, 70],
      maxRowsPerSheet: 1000,
      batchRows: 64,
      maxQueuedChars: 10_000,
    });
    let waited = 0;
    for (let i = 1; i <= 2500; i++) {
      writer.add([i, `ошибка <${i}> & "всё"`]);
      const behind = writer.congested();
      if (behind) {
        waited += 1;
        await behind;
      }
    }
    expect(await writer.finish()).toMatchObject({ rows: 2500, sheets: 3 });
    expect(waited).toBeGreaterThan(0);

    const sheets = [];
    for (let sheet = 0; ; sheet++) {
      try {
        sheets.push((await readAll(path, { sheet })).rows);
      } catch (error) {
        expect(error).toBeInstanceOf(XlsxError);
        break;
      }
    }
    expect(sheets.map((rows) => rows.length)).toEqual([1001, 1001, 501]);
    for (const rows of sheets) expect(rows[0]).toEqual([1, ['Строка', 'Ошибка']]);
    expect(sheets[1]![1]).toEqual([2, [1001, 'ошибка <1001> & "всё"']]);
    expect(sheets[2]![500]).toEqual([501, [2500, 'ошибка <2500> & "всё"']]);

    // Another reader sees the same workbook: three named sheets, widths, bold headers.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Ошибки', 'Ошибки 2', 'Ошибки 3']);
    expect(workbook.worksheets[2]!.rowCount).toBe(501);
    expect(workbook.worksheets[0]!.getColumn(2).width).toBe(70);
    expect(workbook.worksheets[0]!.getCell('A1').font?.bold).toBe(true);
  });

  it('writes an empty sheet with its header alone', async () => {
    const path = fileOf(Buffer.alloc(0));
    const writer = new SheetsWriter(path, ['Строка']);
    expect(await writer.finish()).toMatchObject({ rows: 0, sheets: 1 });
    expect((await readAll(path)).rows).toEqual([[1, ['Строка']]]);
  });

  it('stops on abort and refuses further rows', async () => {
    const path = fileOf(Buffer.alloc(0));
    const writer = new SheetsWriter(path, ['Строка'], { batchRows: 1 });
    writer.add([1]);
    await writer.abort();
    expect(() => writer.add([2])).toThrow();
    expect(writer.congested()).toBeUndefined();
    await writer.abort();
    expect(existsSync(path)).toBe(true);
  });
});
