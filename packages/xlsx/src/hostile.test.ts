import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileOf, readAll } from './testFiles.ts';
import { buildXlsx, buildZip, deflatedZeros, rowXml, worksheetXml, type XlsxParts } from './testing.ts';

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const FORMAT = 'Файл должен быть в формате MS Excel - XLSX';
const BROKEN = 'Файл повреждён или загружен не полностью';
const BOMB = 'Слишком большой объём данных после распаковки';

const refused = (bytes: Buffer, code: string, message?: string, options = {}) =>
  expect(readAll(fileOf(bytes), options)).rejects.toMatchObject(message ? { code, message } : { code });

const good: XlsxParts = { sheet: rowXml(1, ['Номер договора', 'Сумма']) + rowXml(2, ['КД-1', 100]) };

describe('not an xlsx', () => {
  it('refuses a text file, an empty file and a missing file as not a zip', async () => {
    await refused(Buffer.from('Номер договора;Сумма\nКД-1;100\n'), 'not_zip', FORMAT);
    await refused(Buffer.alloc(0), 'not_zip', FORMAT);
    await expect(readAll(join(fixtures, 'no-such-file.xlsx'))).rejects.toMatchObject({ code: 'not_zip' });
  });

  it('refuses a real .xls (written by LibreOffice) renamed to .xlsx', async () => {
    await refused(
      readFileSync(join(fixtures, 'libreoffice.xls')),
      'xls',
      'Файл сохранён в старом формате MS Excel 97–2003 (XLS): сохраните его как «Книга Excel (XLSX)» и загрузите снова',
    );
  });

  it('refuses a password-protected workbook (OLE2 with EncryptionInfo)', async () => {
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole, 0);
    Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 1024);
    Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 1152);
    await refused(
      ole,
      'encrypted',
      'Файл защищён паролем: снимите пароль в MS Excel (Файл → Сведения → Защитить книгу) и загрузите файл снова',
    );
  });

  it('refuses an encrypted zip entry', async () => {
    const bytes = buildXlsx({ ...good, sheetEntry: { flags: 0x0801 } });
    await refused(
      bytes,
      'encrypted',
      'Файл защищён паролем: снимите пароль в MS Excel (Файл → Сведения → Защитить книгу) и загрузите файл снова',
    );
  });

  it('refuses a zip holding only a text file', async () => {
    await refused(buildZip([{ name: 'readme.txt', data: 'просто текст' }]), 'not_xlsx', FORMAT);
  });

  it('refuses a package without a workbook, or whose content types name no spreadsheet', async () => {
    await refused(buildXlsx({ ...good, omit: ['xl/workbook.xml'] }), 'not_xlsx', FORMAT);
    await refused(
      buildXlsx({
        ...good,
        extra: [{ name: '[Content_Types].xml', data: '<Types><Default Extension="xml"/></Types>' }],
      }),
      'not_xlsx',
    );
  });

  it('refuses a workbook without a worksheet', async () => {
    const workbook = '<workbook xmlns:r="r"><sheets></sheets></workbook>';
    await refused(buildXlsx({ ...good, extra: [{ name: 'xl/workbook.xml', data: workbook }] }), 'no_sheet');
    await refused(buildXlsx({ ...good, omit: ['xl/worksheets/sheet1.xml'] }), 'no_sheet');
  });
});

describe('truncated and corrupt', () => {
  const bytes = buildXlsx({
    sheet: Array.from({ length: 300 }, (_, i) =>
      rowXml(i + 1, [`КД-${i}`, i * 3.5, `текст ${i * 7919}`]),
    ).join(''),
  });

  it.each([1, 4, 100, 0.25, 0.5, 0.75, 0.99])('refuses the file cut at %s', async (at) => {
    const cut = at < 1 ? Math.floor(bytes.length * at) : at;
    await refused(bytes.subarray(0, cut), cut < 4 ? 'not_zip' : 'truncated');
  });

  it('refuses the file cut just before its last byte', async () => {
    await refused(bytes.subarray(0, bytes.length - 1), 'truncated', BROKEN);
  });

  it('refuses a sheet whose data is cut inside the deflate stream', async () => {
    const sheet = rowXml(1, ['a', 1]).repeat(50);
    const full = deflateRawSync(Buffer.from(worksheetXml(sheet)));
    await refused(
      buildXlsx({ sheet, sheetEntry: { raw: full.subarray(0, full.length >> 1) } }),
      'truncated',
      BROKEN,
    );
  });

  it('refuses a CRC mismatch and garbage compressed data as corrupt', async () => {
    await refused(buildXlsx({ ...good, sheetEntry: { crc: 12345 } }), 'corrupt', BROKEN);
    await refused(
      buildXlsx({ ...good, sheetEntry: { raw: Buffer.from('это не deflate, а мусор'.repeat(5)) } }),
      'corrupt',
    );
  });

  it('reads a ZIP64 archive', async () => {
    const { rows } = await readAll(fileOf(buildXlsx({ ...good, zip64: true })));
    expect(rows).toEqual([
      [1, ['Номер договора', 'Сумма']],
      [2, ['КД-1', 100]],
    ]);
  });
});

describe('zip bombs', () => {
  const zeros = deflatedZeros(1024);

  it('refuses 1 GB of zeros declared honestly (ratio guard, before inflating)', async () => {
    const started = performance.now();
    await refused(
      buildXlsx({ ...good, sheetEntry: { raw: zeros, crc: 0, declaredUncompressedSize: 1 << 30 } }),
      'zip_bomb',
      BOMB,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses 1 GB of zeros whose header lies that it is small (counted while inflating)', async () => {
    const started = performance.now();
    await refused(
      buildXlsx({ ...good, sheetEntry: { raw: zeros, crc: 0, declaredUncompressedSize: 4096 } }),
      'zip_bomb',
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a header that claims more compressed bytes than the file holds', async () => {
    await refused(
      buildXlsx({
        ...good,
        sheetEntry: {
          raw: zeros,
          crc: 0,
          declaredUncompressedSize: 1 << 30,
          declaredCompressedSize: 1 << 25,
        },
      }),
      'truncated',
      BROKEN,
    );
  });

  it('refuses a bomb in the shared strings', async () => {
    await refused(
      buildXlsx({
        ...good,
        sharedStrings: ['a'],
        extra: [
          { name: 'xl/sharedStrings.xml', data: '', raw: zeros, crc: 0, declaredUncompressedSize: 8192 },
        ],
      }),
      'zip_bomb',
    );
  });

  it('refuses more uncompressed bytes than the caller allows', async () => {
    const sheet = Array.from({ length: 2000 }, (_, i) => rowXml(i + 1, [`строка ${i}`, i])).join('');
    await refused(buildXlsx({ sheet }), 'zip_bomb', BOMB, { maxUncompressedBytes: 50_000 });
    expect(
      (await readAll(fileOf(buildXlsx({ sheet })), { maxUncompressedBytes: 10_000_000 })).rows,
    ).toHaveLength(2000);
  });
});

describe('XML entity expansion', () => {
  const laughs =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>';

  it('refuses a DOCTYPE in the sheet', async () => {
    const sheet = `${laughs}<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol3;</t></is></c></row></sheetData></worksheet>`;
    await refused(buildXlsx({ sheet }), 'dtd');
  });

  it('refuses a DOCTYPE cut across chunks', async () => {
    const sheet = `<?xml version="1.0"?>${' '.repeat(60)}<!DOCTYPE x [<!ENTITY a "b">]><worksheet><sheetData/></worksheet>`;
    await refused(buildXlsx({ sheet }), 'dtd', undefined, { chunkSize: 64 });
  });

  it('refuses a DOCTYPE in the shared strings, the workbook, the styles and the relationships', async () => {
    const sst = `${laughs}<sst><si><t>&lol3;</t></si></sst>`;
    await refused(buildXlsx({ ...good, sharedStrings: sst }), 'dtd');
    const workbook = `${laughs}<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    await refused(buildXlsx({ ...good, extra: [{ name: 'xl/workbook.xml', data: workbook }] }), 'dtd');
    await refused(buildXlsx({ ...good, styles: `${laughs}<styleSheet/>` }), 'dtd');
    await refused(
      buildXlsx({ ...good, extra: [{ name: '_rels/.rels', data: `${laughs}<Relationships/>` }] }),
      'dtd',
    );
  });
});

describe('text in another encoding than the declared UTF-8 (decisions/0243)', () => {
  // 'Иванов' in Windows-1251: bytes that are not UTF-8.
  const cp1251 = Buffer.from([0xc8, 0xe2, 0xe0, 0xed, 0xee, 0xe2]);

  it('refuses an inline text, naming its cell', async () => {
    const sheet = Buffer.concat([
      Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>ФИО</t></is></c></row>'),
      Buffer.from('<row r="2"><c r="C2" t="inlineStr"><is><t>'),
      cp1251,
      Buffer.from('</t></is></c></row>'),
    ]);
    await refused(
      buildXlsx({ sheet: Buffer.from(worksheetXml(sheet.toString('latin1')), 'latin1') }),
      'not_utf8',
      'Текст ячейки C2 записан не в кодировке UTF-8, которую объявляет файл (например, в Windows-1251): такой текст нельзя ни прочитать, ни проверить на персональные данные. Выгрузите реестр заново или откройте его в MS Excel и сохраните как «Книга Excel (XLSX)»',
    );
  });

  it('refuses a shared string', async () => {
    const strings = Buffer.concat([
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>',
      ),
      cp1251,
      Buffer.from('</t></si></sst>'),
    ]);
    await refused(
      buildXlsx({ sheet: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>', sharedStrings: strings }),
      'not_utf8',
    );
  });

  it('still reads UTF-8 with characters to clean (a no-break space)', async () => {
    const { rows } = await readAll(
      fileOf(buildXlsx({ sheet: rowXml(1, ['Номер\u00a0договора']) + rowXml(2, ['КД-1']) })),
    );
    expect(rows[0]).toEqual([1, ['Номер договора']]);
  });
});
