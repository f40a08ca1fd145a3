/**
 * Hostile files (issue 21, docs/decisions/0090): a corpus generated here (small on disk, expanding where the case
 * needs it), each case with its expected answer and message. None answers 5xx, none leaves a file behind, and the
 * thread that answers GET /time is never the one parsing: its p99 stays under 50 ms while a heavy file is read.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { XLSX_ERROR_MESSAGES } from '@etp/xlsx';
import { buildXlsx, buildZip, worksheetXml, type XlsxParts } from '@etp/xlsx/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, registryRows } from '../src/db/schema/index.ts';
import { FILE_MESSAGES } from '../src/files/fileMessages.ts';
import { replaceFilePool } from '../src/files/filePool.ts';
import { readBatchSheet } from '../src/modules/batchAutobids/batchAutobids.sheet.ts';
import { debt, HEADERS, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const tempFiles = () =>
  readdirSync(tmpdir()).filter(
    (f) => f.startsWith(`etp-registry-${process.pid}-`) || f.startsWith(`etp-batch-${process.pid}-`),
  );

/** Windows-1251 bytes of a text of ASCII and Russian letters (what a legacy exporter writes). */
function cp1251(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) out[i] = code;
    else if (code >= 0x410 && code <= 0x44f) out[i] = code - 0x410 + 0xc0;
    else if (code === 0x401) out[i] = 0xa8;
    else if (code === 0x451) out[i] = 0xb8;
    else out[i] = 0x3f;
  }
  return out;
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A workbook of two sheets: the first (hidden unless `firstState` is null) before the registry on the second. */
function twoSheets(
  registrySheet: string,
  first: { name: string; state: 'hidden' | 'veryHidden' | null; rows?: string } = {
    name: 'Служебный',
    state: 'hidden',
  },
): Buffer {
  const state = first.state ? ` state="${first.state}"` : '';
  const parts: XlsxParts = {
    sheet: first.rows ?? `<row r="1">${inline('A1', 'Служебный лист')}</row>`,
    extra: [
      {
        name: 'xl/workbook.xml',
        data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="${first.name}" sheetId="1"${state} r:id="rId1"/><sheet name="Реестр" sheetId="2" r:id="rId9"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
      },
      { name: 'xl/worksheets/sheet2.xml', data: registrySheet },
    ],
  };
  return buildXlsx(parts);
}

/** The rows of a sheet moved down by `by` rows (row numbers and cell references). */
const shifted = (xml: string, by: number) =>
  xml
    .replace(/<row r="(\d+)"/g, (_, n) => `<row r="${Number(n) + by}"`)
    .replace(/<c r="([A-Z]+)(\d+)"/g, (_, col, n) => `<c r="${col}${Number(n) + by}"`);

describe.each(DRIVERS)('hostile files on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let token: string;
  let companyId: number;
  const fields = () => ({ company_id: String(companyId), auction_type: 'classic' });
  const timings: { name: string; status: number; ms: number; rssMb: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token } = await signedInMember(t));
  });
  afterAll(async () => {
    console.table(timings);
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(tempFiles()).toEqual([]);
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  async function send(name: string, file: Buffer, url = '/api/v1/briefcases') {
    const started = performance.now();
    const response = await upload(t.app, token, file, fields(), url);
    timings.push({
      name,
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
      rssMb: Math.round(process.memoryUsage().rss / 1048576),
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    return response;
  }

  async function refused(name: string, file: Buffer, detail: string | RegExp, status = 422) {
    const response = await send(name, file);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    const source: string[] = body.errors.source;
    if (typeof detail === 'string') expect(source).toContain(detail);
    else
      expect(
        source.some((m) => detail.test(m)),
        source.join(' | '),
      ).toBe(true);
    return body;
  }

  const storedRows = async (briefcaseId: number) =>
    t.ctx.db
      .select({
        contractId: registryRows.contractId,
        creditor: registryRows.firstCreditor,
        product: registryRows.productType,
      })
      .from(registryRows)
      .where(eq(registryRows.briefcaseId, briefcaseId));

  it('stores a NUL (_x0000_) and a lone surrogate as text the database holds', async () => {
    const file = registryXlsx([
      debt({ first_creditor: 'ПАО_x0000_ «Банк»' }),
      debt({ first_creditor: 'Банк _xD800_ «Восток»' }),
    ]);
    const response = await send('NUL and lone surrogate', file);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await storedRows(response.json().data.briefcase_id);
    expect(rows.map((r) => r.creditor)).toContain('ПАО «Банк»');
    expect(rows.map((r) => r.creditor)).toContain('Банк \uFFFD «Восток»');
  });

  it('refuses contract numbers that differ only by invisible characters as duplicates', async () => {
    const body = await refused(
      'zero-width duplicates',
      registryXlsx([
        debt({ contract_id: 'КД-77' }),
        debt({ contract_id: 'КД-\u200B77' }),
        debt({ contract_id: '\uFEFFКД-77\u2060' }),
      ]),
      /КД-77/,
    );
    expect(body.data.errors_count).toBeGreaterThanOrEqual(2);
  });

  it('reads a sheet declared windows-1251 correctly, so its personal data is caught as in UTF-8', async () => {
    const rows = [
      debt({ first_creditor: 'Иванов Иван Иванович' }),
      debt({ first_creditor: 'Петров Пётр Петрович' }),
      debt(),
    ];
    const utf8Answer = await send('personal data, UTF-8', buildXlsx({ sheet: xmlOfRegistry(rows, null) }));
    expect(utf8Answer.json().personal_data_found).toBe(true);
    const encoded = cp1251(xmlOfRegistry(rows, null).replace('encoding="UTF-8"', 'encoding="windows-1251"'));
    const answer = await send('personal data, windows-1251', buildXlsx({ sheet: encoded }));
    expect(answer.statusCode, answer.body).toBe(utf8Answer.statusCode);
    expect(answer.json().message).toBe(utf8Answer.json().message);
    expect(answer.json().personal_data_found).toBe(utf8Answer.json().personal_data_found);
  });

  it('refuses sums beyond what the database holds with a message, not a 500', async () => {
    await refused(
      'sums beyond bigint',
      registryXlsx([
        debt({ amount_total: 9e18, amount_bottomline: 9e18 }),
        debt({ amount_total: 9e18, amount_bottomline: 9e18 }),
      ]),
      /слишком велик|не более|больше/i,
    );
  });

  it('refuses texts past their attribute length with a row error naming the limit', async () => {
    const body = await refused(
      'texts past their length',
      registryXlsx([
        debt({ first_creditor: 'Банк '.repeat(120) }),
        debt({ contract_id: `КД-${'7'.repeat(120)}` }),
      ]),
      /^Строка 2, столбец [A-Z]+: Текст длиннее 500 символов \(в ячейке 599\): сократите его$/,
    );
    expect(body.errors.source).toContainEqual(
      expect.stringMatching(
        /^Строка 3, столбец A: Текст длиннее 100 символов \(в ячейке 123\): сократите его$/,
      ),
    );
    expect(body.data.errors_count).toBe(2);
  });

  it("keeps a refused registry's 422 and row errors when its check report cannot be stored", async () => {
    // The reports' folder is a file: storing the report fails as on a broken disk.
    const reports = join(dataDir, 'files', 'registry_reports');
    rmSync(reports, { recursive: true, force: true });
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    writeFileSync(reports, 'not a folder');
    try {
      const body = await refused(
        'row errors, report not storable',
        registryXlsx([debt(), debt({ amount_total: -5 })]),
        /^Строка 3, столбец [A-Z]+: Сумма не может быть отрицательной$/,
      );
      expect(body.data.report_id).toBeNull();
      expect(body.data.errors_count).toBe(1);
    } finally {
      rmSync(reports, { force: true });
    }
  });

  it('reads the first visible sheet, not a hidden one before it, and says the hidden one was not read', async () => {
    const registry = worksheetXml(xmlRows([debt(), debt(), debt()]));
    const response = await send('hidden first sheet', twoSheets(registry));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.items_count).toBe(3);
    expect(response.json().data.warnings).toEqual([
      'Скрытый лист «Служебный» не прочитан: читаются только видимые листы',
    ]);
    const veryHidden = await send(
      'very hidden first sheet, custom template',
      twoSheets(registry, { name: 'Макрос', state: 'veryHidden' }),
      '/api/v1/lotings/create_custom',
    );
    expect(veryHidden.statusCode, veryHidden.body).toBe(200);
    expect(veryHidden.json().data.warnings).toEqual([
      'Скрытый лист «Макрос» не прочитан: читаются только видимые листы',
    ]);
  });

  it('finds the headers below a title, or on the sheet after an instructions sheet, and says where', async () => {
    const title = `<row r="1">${inline('A1', 'Реестр должников на 01.11.2026')}</row><row r="2">${inline('A2', 'ООО «Цедент»')}</row>`;
    const below = await send(
      'headers in row 3',
      buildXlsx({ sheet: title + shifted(xmlRows([debt(), debt()]), 2) }),
    );
    expect(below.statusCode, below.body).toBe(200);
    expect(below.json().message).toBe('Файл загружен');
    expect(below.json().data.items_count).toBe(2);
    expect(below.json().data.warnings).toEqual([
      'Заголовки найдены в строке 3 листа «Лист1»: строки выше них не прочитаны',
    ]);

    const instructions = `<row r="1">${inline('A1', 'Как заполнить реестр')}</row><row r="2">${inline('A2', 'Суммы указываются в рублях')}</row>`;
    const second = await send(
      'registry on sheet 2',
      twoSheets(worksheetXml(xmlRows([debt(), debt(), debt()])), {
        name: 'Инструкция',
        state: null,
        rows: instructions,
      }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.items_count).toBe(3);
    expect(second.json().data.warnings).toEqual([
      'Реестр прочитан с листа «Реестр»: на листе «Инструкция» заголовков шаблона нет',
    ]);

    const nowhere = await send(
      'no template headers on any sheet',
      twoSheets(worksheetXml(instructions), { name: 'Инструкция', state: null, rows: instructions }),
    );
    expect(nowhere.statusCode, nowhere.body).toBe(200);
    expect(nowhere.json().message).toBe('В файле не совпадают заголовки');
    expect(nowhere.json().data.excel_custom).toBe(true);
    expect(nowhere.json().data.warnings).toEqual([
      'Заголовки шаблона не найдены: они ожидаются в строке 1 листа «Инструкция» (просмотрены первые 10 строк каждого из 2 видимых листов)',
    ]);
  });

  it('says a password-protected file is protected', async () => {
    const ole = Buffer.alloc(8192);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole);
    Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 2048);
    await refused('password-protected', ole, XLSX_ERROR_MESSAGES.encrypted);
  });

  it('says an empty file is empty', async () => {
    const response = await send('empty file', Buffer.alloc(0));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Файл «реестр.xlsx» пустой (0 байт): выберите файл реестра с данными',
    );
  });

  it('names the limit of one cell: a 40,000-character cell and a 20 MB cell', async () => {
    await refused(
      '40,000-character cell',
      registryXlsx([debt({ first_creditor: 'я'.repeat(40_000) })]),
      /больше 32 767 символов/,
    );
    const huge = `${xmlRows([debt()])}<row r="3">${inline('A3', 'a'.repeat(20 * 1024 * 1024))}</row>`;
    await refused('20 MB cell', buildXlsx({ sheet: huge }), XLSX_ERROR_MESSAGES.cell_too_long);
  });

  it('names the limit of entries: 100,001 parts', async () => {
    const parts = Array.from({ length: 100_001 }, (_, i) => ({
      name: `x/${i}`,
      data: '',
      method: 'store' as const,
    }));
    await refused('100,001 entries', buildZip(parts, { zip64: true }), XLSX_ERROR_MESSAGES.too_many_entries);
  });

  it('names the limit of a workbook part: a 70 MB styles.xml', async () => {
    const styles = `<?xml version="1.0"?><styleSheet>${' '.repeat(70 * 1024 * 1024)}</styleSheet>`;
    await refused(
      '70 MB styles.xml',
      buildXlsx({ sheet: xmlRows([debt()]), styles }),
      XLSX_ERROR_MESSAGES.part_too_large,
    );
  });

  it('names the limit of shared strings: 5,000,001 texts', async () => {
    // Distinct texts: a file that only repeats one would be refused sooner, as a zip bomb (ratio above 200:1).
    const sst = sharedStrings(5_000_001, 'д');
    await refused(
      '5,000,001 shared strings',
      buildXlsx({ sheet: xmlRows([debt()]), sharedStrings: sst }),
      XLSX_ERROR_MESSAGES.too_many_strings,
    );
  }, 180_000);

  it('ends a worker past its memory or time limit and says which limit it was', async () => {
    await replaceFilePool({ memoryMb: 48 });
    try {
      const sst = sharedStrings(1_500_000, 'договор заёмщика №');
      await refused(
        'memory limit (48 MB worker)',
        buildXlsx({ sheet: xmlRows([debt()]), sharedStrings: sst }),
        FILE_MESSAGES.memoryLimit(48),
      );
      await replaceFilePool({ timeoutMs: 200 });
      const rows = Array.from(
        { length: 300_000 },
        (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"/></row>`,
      ).join('');
      await refused(
        'time limit (0.2 s job)',
        buildXlsx({ sheet: `${xmlRows([])}${rows}` }),
        FILE_MESSAGES.timeLimit(200),
      );
    } finally {
      await replaceFilePool({});
    }
  }, 180_000);

  it('reads a batch-autobid file of 1,048,575 empty rows in a worker, at flat memory', async () => {
    const rows = Array.from({ length: 1_048_575 }, (_, i) => `<row r="${i + 2}"/>`).join('');
    const header = `<row r="1">${inline('A1', 'Номер лота')}${inline('B1', 'ID лота')}${inline('C1', 'Максимальная цена, ₽')}</row>`;
    const file = buildXlsx({ sheet: header + rows });
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await expect(readBatchSheet(file)).resolves.toEqual([]);
    timings.push({
      name: 'batch autobids, 1,048,575 empty rows',
      status: 200,
      ms: Math.round(performance.now() - started),
      rssMb: Math.round(process.memoryUsage().rss / 1048576),
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    await expect(readBatchSheet(Buffer.alloc(0))).rejects.toMatchObject({
      message: 'Файл пустой: в нём нет ни одного байта. Скачайте шаблон, заполните его и загрузите снова',
    });
    const protectedFile = Buffer.alloc(8192);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(protectedFile);
    Buffer.from('EncryptionInfo', 'utf16le').copy(protectedFile, 2048);
    await expect(readBatchSheet(protectedFile)).rejects.toMatchObject({
      message: XLSX_ERROR_MESSAGES.encrypted,
    });
  }, 180_000);

  it('keeps the previous custom-template draft and leaves no file when a new one fails', async () => {
    const custom = registryXlsx(
      [debt(), debt()],
      ['Договор', 'Сумма', 'Регион'],
      ['contract_id', 'amount_total', 'region_code'],
    );
    const first = await send('custom template', custom, '/api/v1/lotings/create_custom');
    expect(first.statusCode, first.body).toBe(200);
    const kept = readdirSync(join(dataDir, 'registry_uploads')).length;
    const ole = Buffer.alloc(8192);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole);
    Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 2048);
    const second = await send('custom template, protected', ole, '/api/v1/lotings/create_custom');
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.source).toEqual([XLSX_ERROR_MESSAGES.encrypted]);
    const draft = await t.app.inject({ url: '/api/v1/lotings', headers: bearer(token) });
    expect(draft.json().data.preview.headers).toEqual(['Договор', 'Сумма', 'Регион']);
    expect(readdirSync(join(dataDir, 'registry_uploads')).length).toBe(kept);
  });

  it('answers GET /time within 50 ms (p99) while a heavy file is parsed', async () => {
    const sst = sharedStrings(3_000_000, 'долг №');
    const file = buildXlsx({ sheet: xmlRows([debt()]), sharedStrings: sst });
    const latencies: number[] = [];
    let parsing = true;
    const uploading = send('3,000,000 shared strings while /time is asked', file).finally(() => {
      parsing = false;
    });
    while (parsing) {
      const started = performance.now();
      const response = await t.app.inject({ url: '/time' });
      latencies.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await uploading;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    console.log(`GET /time during the parse: ${latencies.length} answers, p99 ${p99.toFixed(1)} ms`);
    expect(latencies.length).toBeGreaterThan(20);
    expect(p99).toBeLessThan(50);
    const [count] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(briefcases)
      .where(eq(briefcases.companyId, companyId));
    expect(count!.n).toBeGreaterThan(0);
  }, 180_000);
});

/** A sharedStrings.xml of `count` distinct texts (`prefix` and a number), built in pieces. */
function sharedStrings(count: number, prefix: string): Buffer {
  const pieces: Buffer[] = [Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst>')];
  for (let from = 0; from < count; from += 100_000) {
    const to = Math.min(count, from + 100_000);
    let xml = '';
    for (let i = from; i < to; i++) xml += `<si><t>${prefix}${i}</t></si>`;
    pieces.push(Buffer.from(xml));
  }
  pieces.push(Buffer.from('</sst>'));
  return Buffer.concat(pieces);
}

/** <row>s of the template's header and these debts, as registryXlsx writes them. */
function xmlRows(rows: ReturnType<typeof debt>[]): string {
  return xmlOfRegistry(rows, null, true);
}

/** The sheet of registryXlsx(rows) (optionally with the last header renamed) as XML text. */
function xmlOfRegistry(rows: ReturnType<typeof debt>[], lastHeader: string | null, dataOnly = false): string {
  const file = registryXlsx(rows, lastHeader ? [...HEADERS.slice(0, -1), lastHeader] : HEADERS);
  const data = sheetDataOf(file);
  return dataOnly ? data : worksheetXml(data);
}

/** Inflates the sheet entry of a file built by buildXlsx and returns its <sheetData> content. */
function sheetDataOf(file: Buffer): string {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const at = file.indexOf(name);
  const compressed = file.readUInt32LE(at - 30 + 18);
  const start = at + name.length + file.readUInt16LE(at - 30 + 28);
  const xml = inflateRawSync(file.subarray(start, start + compressed)).toString('utf8');
  return xml.slice(xml.indexOf('<sheetData>') + 11, xml.indexOf('</sheetData>'));
}
