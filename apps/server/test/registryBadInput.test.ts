/**
 * The bad-input list of issue 5: each file gets a clear Russian error, nothing is stored (no procedure, no rows,
 * no temporary file), and the server keeps answering. Files the rules accept (formulas, dates as text and as
 * serials, comma decimals) are checked for what they store.
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { columnLetters } from '@etp/xlsx';
import { buildXlsx, buildZip, rowXml } from '@etp/xlsx/testing';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, registryReports, registryRows } from '../src/db/schema/index.ts';
import { debt, HEADERS, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

const WRONG_FORMAT = 'Файл должен быть в формате MS Excel - XLSX';
const FAILED = 'Ошибка обработки файла';

const tempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`etp-registry-${process.pid}-`));

describe.each(DRIVERS)('registry bad input on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let token: string;
  let companyId: number;
  const fields = () => ({ company_id: String(companyId), auction_type: 'classic' });

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token } = await signedInMember(t));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Nothing of a refused upload stays: no procedure, no rows, no temporary file; the server still answers. */
  afterEach(async () => {
    const [count] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(briefcases)
      .where(eq(briefcases.companyId, companyId));
    const [rows] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(registryRows);
    expect(count!.n).toBe(0);
    expect(rows!.n).toBe(0);
    expect(tempFiles()).toEqual([]);
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
  });

  async function refused(file: Buffer, status: number, message: string, detail?: string) {
    const response = await upload(t.app, token, file, fields());
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    expect(body.status).toBe('error');
    expect(body.message).toBe(message);
    expect(body.personal_data_found).toBe(false);
    if (detail) expect(body.errors.source).toContain(detail);
    return body;
  }

  const sheetWith = (rows: string) => buildXlsx({ sheet: rowXml(1, HEADERS) + rows });

  it('refuses what is not a zip', async () => {
    await refused(Buffer.from('Номер договора;Код региона\n1;77\n'), 422, WRONG_FORMAT);
  });

  it('refuses a zip that is not an xlsx', async () => {
    await refused(buildZip([{ name: 'readme.txt', data: 'не таблица' }]), 422, WRONG_FORMAT);
  });

  it('refuses an .xls renamed to .xlsx (checked by content)', async () => {
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 0)]);
    await refused(xls, 422, WRONG_FORMAT);
  });

  it('refuses a truncated file', async () => {
    const whole = registryXlsx([debt(), debt()]);
    await refused(
      whole.subarray(0, Math.floor(whole.length * 0.6)),
      422,
      FAILED,
      'Файл повреждён или загружен не полностью',
    );
  });

  it('refuses a zip bomb', async () => {
    const bomb = buildXlsx({
      sheet: `${rowXml(1, HEADERS)}<row r="2">${' '.repeat(48 * 1024 * 1024)}</row>`,
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(bomb, 422, FAILED, 'Слишком большой объём данных после распаковки');
  });

  it('refuses XML entity expansion', async () => {
    const sheet = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml(1, HEADERS)}<row r="2"><c r="A2" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>`;
    await refused(
      buildXlsx({ sheet }),
      422,
      FAILED,
      'Файл содержит недопустимые XML-конструкции (DOCTYPE/ENTITY)',
    );
  });

  it('refuses a sheet with a cell at XFD1048576', async () => {
    await refused(
      sheetWith('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'),
      422,
      FAILED,
      'В строке 1048576 заполнен столбец 16384, а столбцов может быть не больше 512: удалите лишние столбцы',
    );
  });

  it('refuses a sheet a million columns wide', async () => {
    const cells = Array.from({ length: 1_000_000 }, (_, i) => `<c r="R2C${i}"><v>1</v></c>`).join('');
    const wide = buildXlsx({
      sheet: `${rowXml(1, HEADERS)}<row r="2" spans="1:1000000">${cells.replace(/ r="R2C\d+"/g, '')}</row>`,
    });
    await refused(
      wide,
      422,
      FAILED,
      'В строке 2 заполнен столбец 513, а столбцов может быть не больше 512: удалите лишние столбцы',
    );
  });

  it('refuses 100 MB + 1 byte with 413', async () => {
    const big = Buffer.alloc(100 * 1024 * 1024 + 1, 0x20);
    big.writeUInt32LE(0x04034b50, 0);
    await refused(big, 413, 'Максимальный размер файла 100 МБ');
  });

  it('refuses an empty sheet', async () => {
    await refused(buildXlsx({ sheet: '' }), 422, FAILED, 'В файле нет строки заголовков');
  });

  it('refuses a sheet with headers only', async () => {
    await refused(registryXlsx([]), 422, FAILED, 'В файле нет ни одной строки с данными');
  });

  it('refuses negative amounts, with a check report', async () => {
    const body = await refused(registryXlsx([debt(), debt({ amount_total: -5 })]), 422, FAILED);
    expect(body.errors.source[0]).toBe('Строка 3, столбец D: Сумма не может быть отрицательной');
    expect(body.report_id).toMatch(/^[0-9a-f-]{36}$/);
    const [report] = await t.ctx.db
      .select()
      .from(registryReports)
      .where(eq(registryReports.id, body.report_id));
    expect(report!.briefcaseId).toBeNull();
    expect(report!.errorsCount).toBe(1);
  });

  it('refuses the template without a required column, naming it, and creates nothing', async () => {
    const keys = REGISTRY_ATTRIBUTES.map((a) => a.value as string).filter((k) => k !== 'region_code');
    const headers = HEADERS.filter((h) => h !== 'Код региона');
    await refused(
      registryXlsx([debt(), debt()], headers, keys),
      422,
      FAILED,
      'В файле нет обязательного столбца шаблона «Код региона»: добавьте его с заголовком, как в шаблоне ЭТП РД',
    );
    // Two missing, and a column of its own beside them: both missing named, the extra one noted.
    const body = await refused(
      registryXlsx(
        [debt()],
        [...headers.filter((h) => h !== 'Сумма основного долга (ОД), руб.'), 'Регион'],
        [...keys.filter((k) => k !== 'amount_total'), 'region_code'],
      ),
      422,
      FAILED,
      'В файле нет обязательных столбцов шаблона «Код региона», «Сумма основного долга (ОД), руб.»: добавьте их с заголовками, как в шаблоне ЭТП РД',
    );
    expect(body.data.warnings).toEqual([
      `Столбец не из шаблона не загружается: «Регион» (${columnLetters(33)})`,
    ]);
  });

  it('refuses the template with a header twice, naming the repeated column', async () => {
    await refused(
      registryXlsx(
        [debt()],
        [...HEADERS, 'Остаток задолженности (ОСЗ), руб.'],
        [...REGISTRY_ATTRIBUTES.map((a) => a.value as string), 'amount_bottomline'],
      ),
      422,
      FAILED,
      `Заголовок шаблона повторяется: «Остаток задолженности (ОСЗ), руб.» (${columnLetters(HEADERS.length)}): оставьте один столбец с таким заголовком`,
    );
  });

  it('puts "ОСЗ below ОД" on the ОСЗ column of the check report', async () => {
    const body = await refused(
      registryXlsx([debt(), debt({ amount_total: 200_000, amount_bottomline: 150_000 })]),
      422,
      FAILED,
    );
    expect(body.errors.source[0]).toBe(
      'Строка 3, столбец E: Остаток задолженности (ОСЗ) не может быть меньше основного долга (ОД)',
    );
    const report = await t.app.inject({
      url: `/api/v1/source_errors/${body.report_id}/report.json`,
      headers: bearer(token),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual([
      undefined,
      3,
      'E',
      'Остаток задолженности (ОСЗ), руб.',
      '150000',
      'Остаток задолженности (ОСЗ) не может быть меньше основного долга (ОД)',
    ]);
  });

  it('refuses unknown region codes', async () => {
    const body = await refused(registryXlsx([debt({ region_code: 99 })]), 422, FAILED);
    expect(body.errors.source[0]).toBe('Строка 2, столбец C: Неизвестный код региона 99');
  });

  it('refuses duplicate contract ids', async () => {
    const body = await refused(
      registryXlsx([debt({ contract_id: 'A-1' }), debt({ contract_id: 'A-1' })]),
      422,
      FAILED,
    );
    expect(body.errors.source[0]).toMatch(/^Строка 3, столбец A: Номер договора A-1 повторяется/);
  });

  it('says "many errors" past the inline limit and lists only the first ones', async () => {
    const rows = Array.from({ length: 60 }, () => debt({ region_code: 0 }));
    const body = await refused(
      registryXlsx(rows),
      422,
      'Найдено большое количество ошибок, пожалуйста, ознакомьтесь с файлом проверки реестра',
    );
    expect(body.errors.source).toHaveLength(50);
    expect(body.data.errors_count).toBe(60);
    const report = await t.app.inject({
      url: `/api/v1/source_errors/${body.report_id}/report.json`,
      headers: bearer(token),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
  });

  describe('accepted quirks', () => {
    afterEach(async () => {
      await t.ctx.db.delete(briefcases).where(eq(briefcases.companyId, companyId));
    });

    async function accepted(file: Buffer) {
      const response = await upload(t.app, token, file, fields());
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json().data.briefcase_id as number;
      return t.ctx.db
        .select()
        .from(registryRows)
        .where(eq(registryRows.briefcaseId, id))
        .orderBy(registryRows.rowNumber);
    }

    it('takes formulas by their cached values', async () => {
      const row = `<row r="2"><c r="A2" t="inlineStr"><is><t>Ф-1</t></is></c><c r="C2"><f>70+7</f><v>77</v></c><c r="D2"><f>500*2</f><v>1000</v></c><c r="E2"><f>D2*2</f><v>2000</v></c></row>`;
      const [stored] = await accepted(sheetWith(row));
      expect(stored).toMatchObject({
        contractId: 'Ф-1',
        regionCode: 77,
        amountTotal: 100_000,
        amountBottomline: 200_000,
      });
    });

    it('takes dates as text and as serials, numbers with comma decimals and spaces', async () => {
      const stored = await accepted(
        registryXlsx([
          debt({ birth_date: '01.05.1980', amount_total: '1 234,56', amount_bottomline: '2 000,5' }),
          debt({ birth_date: 29342, issue_date: '2020-02-29' }),
        ]),
      );
      expect(stored[0]).toMatchObject({
        birthDate: '1980-05-01',
        amountTotal: 123_456,
        amountBottomline: 200_050,
      });
      expect(stored[1]).toMatchObject({ birthDate: '1980-05-01', issueDate: '2020-02-29' });
    });
  });
});
