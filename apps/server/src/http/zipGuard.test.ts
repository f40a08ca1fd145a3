import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inspectZip } from './zipGuard.ts';

/** A one-member zip archive, deflated, whose headers may lie about the inflated size. */
function zipOf(name: string, content: Buffer, claimedSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimedSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimedSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

const limits = { maxEntries: 100, maxTotalBytes: 1_000_000 };

describe('inspectZip', () => {
  it('lists the members of a real xlsx', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Лист').addRow(['a', 1]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = inspectZip(bytes, limits);
    expect(result.ok && result.names).toContain('xl/workbook.xml');
  });
  it('refuses a bomb, even one whose headers claim a small size', () => {
    const bomb = Buffer.alloc(5_000_000, 0x20);
    expect(inspectZip(zipOf('xl/sheet.xml', bomb), limits)).toEqual({ ok: false, reason: 'too_large' });
    expect(inspectZip(zipOf('xl/sheet.xml', bomb, 10), limits)).toEqual({ ok: false, reason: 'too_large' });
    expect(inspectZip(zipOf('a.xml', Buffer.from('<a/>')), limits)).toMatchObject({
      ok: true,
      totalBytes: 4,
    });
  });
  it('inspects the archives inside an archive with the same limits, shared', () => {
    const innerBomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(2_000_000, 0x20));
    const docx = zipOf('word/embeddings/Microsoft_Excel_Worksheet.xlsx', innerBomb);
    expect(innerBomb.length).toBeLessThan(10_000);
    expect(inspectZip(docx, limits)).toEqual({ ok: false, reason: 'too_large' });
    const innerSmall = zipOf('xl/workbook.xml', Buffer.from('<workbook/>'));
    expect(inspectZip(zipOf('word/embeddings/a.xlsx', innerSmall), limits)).toMatchObject({
      ok: true,
      names: ['word/embeddings/a.xlsx'],
    });
    expect(inspectZip(zipOf('word/embeddings/a.xlsx', innerSmall.subarray(0, 40)), limits)).toEqual({
      ok: false,
      reason: 'not_zip',
    });
    // Archives nested deeper than three levels are refused, however small.
    let nested = innerSmall;
    for (let level = 0; level < 3; level++) nested = zipOf(`level${level}.zip`, nested);
    expect(inspectZip(nested, limits)).toEqual({ ok: false, reason: 'too_large' });
  });
  it('refuses what is not a zip archive, or a truncated one', () => {
    expect(inspectZip(Buffer.from('Номер лота;ID лота\n1;2'), limits)).toEqual({
      ok: false,
      reason: 'not_zip',
    });
    const whole = zipOf('a.xml', Buffer.alloc(1000, 0x41));
    expect(inspectZip(whole.subarray(0, 40), limits)).toEqual({ ok: false, reason: 'not_zip' });
    expect(inspectZip(Buffer.alloc(0), limits)).toEqual({ ok: false, reason: 'not_zip' });
  });
});
