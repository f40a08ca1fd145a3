import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Cell, readFirstSheet, writeSheet } from './index.ts';
import { fileOf, readAll } from './testFiles.ts';

describe('writeSheet', () => {
  it('writes a sheet our reader reads back exactly', async () => {
    const path = fileOf(Buffer.alloc(0));
    const rows: Cell[][] = [
      ['КД-1', 1234.56, true, null, 'A & B <c> "d"'],
      ['КД-2', -5, false, 0.1, 'управляющий \u0001символ'],
      [null, null, null, null, null, 7],
    ];
    const result = await writeSheet(path, ['Номер договора', 'Сумма', 'Флаг', 'Пусто', 'Текст'], rows, {
      sheetName: 'Реестр',
    });
    expect(result.rows).toBe(3);
    const read = await readAll(path);
    expect(read.rows).toEqual([
      [1, ['Номер договора', 'Сумма', 'Флаг', 'Пусто', 'Текст']],
      [2, ['КД-1', 1234.56, true, null, 'A & B <c> "d"']],
      [3, ['КД-2', -5, false, 0.1, 'управляющий символ']],
      [4, [null, null, null, null, null, 7]],
    ]);
  });

  it('streams many rows from an async source into a Writable, in batches', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* source() {
      for (let i = 0; i < 5000; i++) yield [`КД-${i}`, i * 1.5, i % 2 === 0];
    }
    await writeSheet(out, ['Номер', 'Сумма', 'Флаг'], source(), { batchRows: 100 });
    const path = fileOf(Buffer.concat(chunks));
    let count = 0;
    let last: Cell[] = [];
    await readFirstSheet(path, (cells) => {
      count++;
      last = [...cells];
    });
    expect(count).toBe(5001);
    expect(last).toEqual(['КД-4999', 7498.5, false]);
  });
});
