/**
 * Hostile files (issue 21, docs/decisions/0090): a corpus generated here (small on disk, expanding where the case
 * needs it), each case with its expected answer and message. None answers 5xx, none leaves a file behind, and the
 * thread that answers GET /time is never the one parsing: its p99 stays under 50 ms while a heavy file is read.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { columnLetters, XLSX_ERROR_MESSAGES } from '@etp/xlsx';
import { buildXlsx, buildZip, deflatedZeros, worksheetXml, type XlsxParts } from '@etp/xlsx/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, registryRows } from '../src/db/schema/index.ts';
import { FILE_MESSAGES } from '../src/files/fileMessages.ts';
import { replaceFilePool } from '../src/files/filePool.ts';
import { readBatchSheet } from '../src/modules/batchAutobids/file/sheet.ts';
import { debt, HEADERS, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { companyCalls, LEGAL_FORM } from './support/companyForm.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { type FormEntry, multipart, PDF, PNG, tempDataDir } from './support/multipart.ts';
import { buildFloor, tradingLot } from './support/trading.ts';

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

  it('refuses a Windows-1251 text in a sheet declared UTF-8, naming its cell, rather than read it as mojibake', async () => {
    const creditor = REGISTRY_ATTRIBUTES.findIndex((a) => a.value === 'first_creditor');
    const xml = xmlOfRegistry([debt({ first_creditor: '@1@' }), debt({ first_creditor: '@2@' })], null);
    // The headers and the declaration are UTF-8; a full name and a passport are the bytes of a legacy exporter.
    const [head, middle, tail] = xml.split(/@\d@/) as [string, string, string];
    const sheet = Buffer.concat([
      Buffer.from(head),
      cp1251('Иванов Иван Иванович'),
      Buffer.from(middle),
      cp1251('Паспорт 4506 123456'),
      Buffer.from(tail),
    ]);
    expect(xml).toContain('encoding="UTF-8"');
    const before = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(briefcases)
      .where(eq(briefcases.companyId, companyId));
    await refused(
      'windows-1251 inside UTF-8',
      buildXlsx({ sheet }),
      `Текст ячейки ${columnLetters(creditor)}2 записан не в кодировке UTF-8, которую объявляет файл (например, в Windows-1251): такой текст нельзя ни прочитать, ни проверить на персональные данные. Выгрузите реестр заново или откройте его в MS Excel и сохраните как «Книга Excel (XLSX)»`,
    );
    const after = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(briefcases)
      .where(eq(briefcases.companyId, companyId));
    expect(after[0]!.n).toBe(before[0]!.n);
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

  // Refused or read in a worker before any row is stored, the driver plays no part (as in the corpus below): the
  // three heaviest file cases run once, on PGlite (decisions/0153).
  if (driver === 'pglite') {
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
  }

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

/** A password-protected workbook: an OLE2 compound file holding an EncryptionInfo stream. */
function protectedWorkbook(): Buffer {
  const ole = Buffer.alloc(8192);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole);
  Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 2048);
  return ole;
}

/** A workbook whose only sheet is hidden. */
function onlyHiddenSheet(): Buffer {
  return buildXlsx({
    sheet: xmlRows([debt()]),
    extra: [
      {
        name: 'xl/workbook.xml',
        data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="Реестр" sheetId="1" state="hidden" r:id="rId1"/></sheets></workbook>`,
      },
    ],
  });
}

const REGISTRY_FAILED = 'Ошибка обработки файла';

/** A legacy .xls: an OLE2 compound file with a Workbook stream and no encryption. */
function legacyXls(): Buffer {
  const ole = Buffer.alloc(8192);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole);
  Buffer.from('Workbook', 'utf16le').copy(ole, 2048);
  return ole;
}

const BATCH_HEADER = `<row r="1">${inline('A1', 'Номер лота')}${inline('B1', 'ID лота')}${inline('C1', 'Максимальная цена, ₽')}</row>`;

interface CorpusCase {
  name: string;
  file: () => Buffer;
  status: number;
  /** The answer's message, and (optionally) one of its error texts. */
  message: string | RegExp;
  error?: string | RegExp;
}

const matches = (pattern: string | RegExp, text: string) =>
  typeof pattern === 'string' ? text === pattern : pattern.test(text);

/**
 * The table of the corpus: every kind of upload the platform reads, each hostile file with its answer. Run on
 * PGlite only: these are refusals of the file itself, made before (or without) any SQL a driver could answer
 * differently; the cases above, which store rows, run on both drivers.
 */
describe('hostile corpus of every upload (PGlite only: the driver plays no part in refusing a file)', () => {
  let t: TestApp;
  const dataDir = tempDataDir();
  const table: { upload: string; name: string; status: number; ms: number; answer: string }[] = [];
  let seller: { companyId: number; token: string };
  let buyerToken: string;
  let briefcaseId: number;
  let lotId: number;
  let companyToken: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '86400' });
    seller = await signedInMember(t);
    const floor = await buildFloor(t, 1);
    const { briefcase, lot } = await tradingLot(t, floor, { status: 'ready', startInMs: 3_600_000 });
    briefcaseId = briefcase.id;
    lotId = lot.id;
    buyerToken = floor.buyers[0]!.token;
    companyToken = await companyCalls(() => t).tokenOf(await buildUser(t.ctx.db, { company: null }));
  });
  afterAll(async () => {
    console.table(table);
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(tempFiles()).toEqual([]);
  });

  async function check(upload: string, c: CorpusCase, send: (file: Buffer) => Promise<Response>) {
    const started = performance.now();
    const response = await send(c.file());
    const body = response.json();
    table.push({
      upload,
      name: c.name,
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
      // The message, or the field's own when the message is the general one.
      answer: Object.values((body.errors ?? {}) as Record<string, string[]>).flat()[0] ?? body.message,
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.statusCode, response.body).toBe(c.status);
    expect(matches(c.message, body.message), body.message).toBe(true);
    if (c.error) {
      const texts = Object.values(body.errors as Record<string, string[]>).flat();
      expect(
        texts.some((e) => matches(c.error!, e)),
        texts.join(' | '),
      ).toBe(true);
    }
  }
  type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

  const registryCases: CorpusCase[] = [
    {
      name: 'CSV named .xlsx',
      file: () => Buffer.from('Номер договора;Сумма\nКД-1;100\n'),
      status: 422,
      message: XLSX_ERROR_MESSAGES.not_xlsx,
    },
    { name: 'PDF named .xlsx', file: () => PDF, status: 422, message: XLSX_ERROR_MESSAGES.not_xlsx },
    {
      name: 'a zip that is no workbook',
      file: () => buildZip([{ name: 'readme.txt', data: 'hello' }]),
      status: 422,
      message: XLSX_ERROR_MESSAGES.not_xlsx,
    },
    {
      name: 'legacy .xls',
      file: legacyXls,
      status: 422,
      message: XLSX_ERROR_MESSAGES.not_xlsx,
      error: XLSX_ERROR_MESSAGES.xls,
    },
    {
      name: 'first half of a workbook',
      file: () => {
        const whole = registryXlsx([debt(), debt()]);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      status: 422,
      message: REGISTRY_FAILED,
      error: XLSX_ERROR_MESSAGES.truncated,
    },
    {
      name: 'entity expansion (billion laughs)',
      file: () =>
        buildXlsx({
          sheet: `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`,
        }),
      status: 422,
      message: REGISTRY_FAILED,
      error: XLSX_ERROR_MESSAGES.dtd,
    },
    {
      name: 'zip bomb: 300 MB of zeros in the sheet',
      file: () =>
        buildXlsx({
          sheet: '',
          extra: [{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1), raw: deflatedZeros(300) }],
        }),
      status: 422,
      message: REGISTRY_FAILED,
      error: XLSX_ERROR_MESSAGES.zip_bomb,
    },
    {
      // Nothing is ever unpacked to disk: a member named outside the archive is only an unread name.
      name: 'zip-slip member names beside the registry',
      file: () =>
        buildXlsx({
          sheet: xmlRows([debt()]),
          extra: [{ name: '../../../../tmp/etp-zip-slip.sh', data: '#!/bin/sh\nrm -rf /\n' }],
        }),
      status: 200,
      message: 'Файл загружен',
    },
    {
      name: 'headers only',
      file: () => registryXlsx([]),
      status: 422,
      message: REGISTRY_FAILED,
      error: 'В файле нет ни одной строки с данными',
    },
    {
      name: 'an empty sheet',
      file: () => buildXlsx({ sheet: '' }),
      status: 422,
      message: REGISTRY_FAILED,
      error: 'В файле нет строки заголовков',
    },
    {
      name: '600 columns',
      file: () =>
        buildXlsx({
          sheet: `<row r="1">${Array.from({ length: 600 }, (_, i) => `<c r="${columnLetters(i)}1" t="inlineStr"><is><t>h${i}</t></is></c>`).join('')}</row>`,
        }),
      status: 422,
      message: REGISTRY_FAILED,
      error: 'В строке 1 заполнен столбец 513, а столбцов может быть не больше 512: удалите лишние столбцы',
    },
    {
      name: 'no visible sheet',
      file: onlyHiddenSheet,
      status: 422,
      message: REGISTRY_FAILED,
      error: XLSX_ERROR_MESSAGES.no_sheet,
    },
  ];
  it.each(registryCases)('registry: $name', async (c) => {
    await check('реестр', c, (file) =>
      upload(t.app, seller.token, file, { company_id: String(seller.companyId), auction_type: 'classic' }),
    );
  });

  const customCases: CorpusCase[] = [
    {
      name: 'CSV named .xlsx',
      file: () => Buffer.from('a;b\n1;2\n'),
      status: 422,
      message: XLSX_ERROR_MESSAGES.not_xlsx,
    },
    {
      name: 'password-protected',
      file: protectedWorkbook,
      status: 422,
      message: REGISTRY_FAILED,
      error: XLSX_ERROR_MESSAGES.encrypted,
    },
    {
      name: 'headers only',
      file: () => registryXlsx([], ['Договор', 'Сумма'], ['contract_id', 'amount_total']),
      status: 422,
      message: REGISTRY_FAILED,
      error: 'В файле нет ни одной строки с данными',
    },
    {
      name: 'an empty sheet',
      file: () => buildXlsx({ sheet: '' }),
      status: 422,
      message: REGISTRY_FAILED,
      error: 'В файле нет строки заголовков',
    },
    {
      name: 'a 40,000-character cell',
      file: () => buildXlsx({ sheet: `<row r="1">${inline('A1', 'я'.repeat(40_000))}</row>` }),
      status: 422,
      message: REGISTRY_FAILED,
      error: /больше 32 767 символов/,
    },
  ];
  it.each(customCases)('custom template: $name', async (c) => {
    await check('свой шаблон', c, (file) =>
      upload(
        t.app,
        seller.token,
        file,
        { company_id: String(seller.companyId) },
        '/api/v1/lotings/create_custom',
      ),
    );
  });

  const batchCases: CorpusCase[] = [
    {
      name: 'CSV named .xlsx',
      file: () => Buffer.from('ID лота;Цена\n1;2\n'),
      status: 422,
      message: /./,
      error: XLSX_ERROR_MESSAGES.not_xlsx,
    },
    { name: 'an empty file', file: () => Buffer.alloc(0), status: 422, message: /./, error: /Файл пустой/ },
    {
      name: 'password-protected',
      file: protectedWorkbook,
      status: 422,
      message: /./,
      error: XLSX_ERROR_MESSAGES.encrypted,
    },
    {
      name: 'no template columns',
      file: () => buildXlsx({ sheet: `<row r="1">${inline('A1', 'Лот')}${inline('B1', 'Цена')}</row>` }),
      status: 422,
      message: /./,
      error: 'В файле нет столбцов «ID лота» и «Максимальная цена, ₽»: скачайте шаблон',
    },
    {
      name: 'a price that is no number',
      file: () =>
        buildXlsx({
          sheet: `${BATCH_HEADER}<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>${lotId}</v></c>${inline('C2', 'много')}</row>`,
        }),
      status: 422,
      message: /./,
      error: /^Ячейка C2: максимальная цена должна быть числом/,
    },
    {
      name: 'a lot of another procedure',
      file: () =>
        buildXlsx({
          sheet: `${BATCH_HEADER}<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>987654</v></c><c r="C2"><v>20000</v></c></row>`,
        }),
      status: 422,
      message: /./,
      error: /лот с ID 987654 не найден в этой торговой процедуре/,
    },
    {
      name: 'zip bomb',
      file: () =>
        buildXlsx({
          sheet: '',
          extra: [{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1), raw: deflatedZeros(600) }],
        }),
      status: 422,
      message: /./,
      error: /распаковки/,
    },
  ];
  it.each(batchCases)('batch autobids: $name', async (c) => {
    await check('пакетные автоставки', c, (file) => {
      const form = multipart([['file', { file, name: 'autobids.xlsx' }]]);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/briefcases/${briefcaseId}/autobids_massive_create`,
        headers: { ...bearer(buyerToken), ...form.headers },
        payload: form.payload,
      });
    });
  });

  const companyFields: FormEntry[] = Object.entries({
    ...LEGAL_FORM,
    bank_account: undefined,
    agreement: 'true',
  }).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as FormEntry] : []));
  const saveWith = (field: string, file: Buffer, name: string) => {
    const form = multipart([...companyFields, [field, { file, name }]]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/company',
      ...form,
      headers: { ...form.headers, ...bearer(companyToken) },
    });
  };
  const LOGO_FORMAT = 'Логотип должен быть изображением PNG, JPEG или WebP';
  const logoCases: CorpusCase[] = [
    {
      name: 'SVG with a script',
      file: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      status: 422,
      message: /./,
      error: LOGO_FORMAT,
    },
    {
      name: 'HTML named .png',
      file: () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      status: 422,
      message: /./,
      error: LOGO_FORMAT,
    },
    { name: 'PDF named .png', file: () => PDF, status: 422, message: /./, error: LOGO_FORMAT },
    {
      name: 'a 6 MB PNG',
      file: () => Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
      status: 413,
      message: 'Размер логотипа не должен превышать 5 МБ',
    },
    {
      name: 'GIF',
      file: () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
      status: 422,
      message: /./,
      error: LOGO_FORMAT,
    },
  ];
  it.each(logoCases)('logo: $name', async (c) => {
    await check('логотип', c, (file) => saveWith('logo', file, 'logo.png'));
  });

  const DOCUMENT_FORMAT = 'Документ должен быть в формате PDF, JPEG, PNG, DOC, DOCX, XLS, XLSX, ODT или RTF';
  const documentCases: CorpusCase[] = [
    {
      name: 'HTML named Устав.pdf',
      file: () => Buffer.from('<html><body onload="alert(1)">Устав</body></html>'),
      status: 422,
      message: /./,
      error: DOCUMENT_FORMAT,
    },
    {
      name: 'a Windows program named .pdf',
      file: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]),
      status: 422,
      message: /./,
      error: DOCUMENT_FORMAT,
    },
    {
      name: 'a .docx holding a zip bomb one level down',
      file: () =>
        buildZip([
          { name: '[Content_Types].xml', data: '<Types/>' },
          { name: 'word/document.xml', data: '<w:document/>' },
          {
            name: 'word/embeddings/Microsoft_Excel_Worksheet.xlsx',
            data: buildZip([
              { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1), raw: deflatedZeros(300) },
            ]),
          },
        ]),
      status: 422,
      message: /./,
      error: 'Документ после распаковки больше 256 МБ: сохраните его в PDF и загрузите снова',
    },
    {
      name: 'a 31 MB PDF',
      file: () => Buffer.concat([PDF, Buffer.alloc(31 * 1024 * 1024)]),
      status: 413,
      message: 'Размер документа не должен превышать 30 МБ',
    },
  ];
  it.each(documentCases)('document: $name', async (c) => {
    await check('документ', c, (file) => saveWith('documents_attributes[0][file]', file, 'Устав.pdf'));
  });
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
