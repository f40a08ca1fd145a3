/**
 * The seller's report files as a person opens them (issue 29, defect 16; decisions/0244): an INN that Excel keeps
 * as text in companies_info.csv, times in the xlsx reports as date cells of Moscow's wall clock with a Russian
 * format, money with a ruble number format, the portfolio download's dates and sums the same way, and the
 * archive's entries dated in Moscow time.
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, briefcases, companies, documents, lots } from '../src/db/schema/index.ts';
import { refreshStaleProtocols } from '../src/modules/documents/protocols.service.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { debt, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildDocument } from './support/documents.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;
const RUBLES = '#,##0.00 "₽"';
const MOSCOW_TIME = 'DD.MM.YYYY HH:MM:SS';

/** The instant's Moscow wall clock as a UTC timestamp (what a zone-less date cell must hold), by the tz database. */
function moscowWall(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
    at.getUTCMilliseconds(),
  );
}

/** A date cell: a Date read back from the file, with its number format, close to `wall` (Excel keeps µs). */
function expectMoscowCell(cell: ExcelJS.Cell, at: Date, format = MOSCOW_TIME) {
  expect(cell.value).toBeInstanceOf(Date);
  expect(cell.numFmt).toBe(format);
  expect(Math.abs((cell.value as Date).getTime() - moscowWall(at))).toBeLessThan(2);
}

/** Each entry's name and the date and time its header holds (DOS fields: no zone, two-second steps). */
function zipEntryTimes(zip: Buffer): { name: string; wall: number }[] {
  const entries: { name: string; wall: number }[] = [];
  const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = zip.indexOf(central); at >= 0; at = zip.indexOf(central, at + 4)) {
    const time = zip.readUInt16LE(at + 12);
    const date = zip.readUInt16LE(at + 14);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      wall: Date.UTC(
        1980 + (date >> 9),
        ((date >> 5) & 15) - 1,
        date & 31,
        time >> 11,
        (time >> 5) & 63,
        (time & 31) * 2,
      ),
    });
  }
  return entries;
}

describe.each(DRIVERS)('report files on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let briefcaseId: number;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400', DATA_DIR: dataDir });
    floor = await buildFloor(t, 2);
    call = api(t);
    const [buyer] = floor.buyers as [Trader];
    // An individual entrepreneur's INN: twelve digits, a leading zero.
    await t.ctx.db.update(companies).set({ inn: '012345678901' }).where(eq(companies.id, buyer.companyId));
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 10 * MINUTE });
    briefcaseId = briefcase.id;
    await buildDocument(t, briefcase, { kind: 'template', name: 'Регламент' });
    const bid = await call.bid(buyer, { lot_id: lot.id, amount: 1_200_000 });
    expect(bid.statusCode, bid.body).toBe(200);
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    t.clock.advance(10 * MINUTE);
    await scheduler.tick();
    await scheduler.stop();
    await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
      bid_id: bid.json().data.bid_id,
    });
    await refreshStaleProtocols(t.ctx);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const book = async (url: string, token = floor.seller.token) => {
    const response = await t.app.inject({ url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook;
  };

  it('writes the INN in companies_info.csv as a text Excel keeps, leading zero and all twelve digits', async () => {
    const csv = await t.app.inject({
      url: `/api/v1/briefcases/${briefcaseId}/companies_info`,
      headers: bearer(floor.seller.token),
    });
    const [header, line] = csv.rawPayload.toString('utf8').slice(1).split('\r\n') as [string, string];
    expect(header.split(';')[2]).toBe('ИНН');
    // A quoted field holding ="012345678901": Excel reads it as the formula giving that text.
    expect(line).toMatch(/^ООО «Покупатель 1»;[^;]*;"=""012345678901""";/);
  });

  it('writes times as Moscow date cells and money with a ruble format in the xlsx reports', async () => {
    const [bid] = await t.ctx.db.select().from(bids).where(eq(bids.amount, 1_200_000));
    const report = await book(`/api/v1/briefcases/${briefcaseId}/report`);
    const bidRow = report.getWorksheet('Ставки')!.getRow(2);
    expectMoscowCell(bidRow.getCell(1), bid!.createdAt);
    expect(bidRow.getCell(5).value).toBe(12_000);
    expect(bidRow.getCell(5).numFmt).toBe(RUBLES);

    const summary = report.getWorksheet('Сводка')!;
    const byField = new Map<string, ExcelJS.Cell>();
    summary.eachRow((row) => byField.set(String(row.getCell(1).value), row.getCell(2)));
    const [procedure] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, briefcaseId));
    expectMoscowCell(byField.get('Начало торгов (МСК)')!, procedure!.startDatetime!);
    expectMoscowCell(byField.get('Окончание торгов (МСК)')!, procedure!.endDatetime!);

    const lotsSheet = (await book(`/api/v1/briefcases/${briefcaseId}/lots_report`)).getWorksheet('Лоты')!;
    const lotRow = lotsSheet.getRow(2);
    const [lot] = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, briefcaseId));
    expectMoscowCell(lotRow.getCell(13), lot!.endDatetime!);
    expect(lotRow.getCell(8).value).toBe(12_000);
    expect(lotRow.getCell(8).numFmt).toBe(RUBLES);

    const history = (await book(`/api/v1/briefcases/${briefcaseId}/downloads_info`)).getWorksheet(
      'История скачиваний',
    )!;
    expect(history.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(history.getRow(2).getCell(1).numFmt).toBe(MOSCOW_TIME);
  });

  it('dates the archive’s entries in Moscow time', async () => {
    const response = await t.app.inject({
      url: `/api/v1/briefcases/${briefcaseId}/zip_documents`,
      headers: bearer(floor.seller.token),
    });
    expect(response.statusCode).toBe(200);
    const stored = await t.ctx.db.select().from(documents).where(eq(documents.briefcaseId, briefcaseId));
    const entries = zipEntryTimes(response.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(stored.map((d) => `${d.name}.${d.extension}`).sort());
    for (const entry of entries) {
      const document = stored.find((d) => `${d.name}.${d.extension}` === entry.name)!;
      // Two-second steps: the entry's time is the Moscow time of the document, rounded down to even seconds.
      const wall = moscowWall(document.createdAt);
      expect(wall - entry.wall, entry.name).toBeGreaterThanOrEqual(0);
      expect(wall - entry.wall, entry.name).toBeLessThan(2_000);
    }
  });

  it('writes the portfolio download’s dates as date cells (ДД.ММ.ГГГГ) and its sums with a ruble format', async () => {
    const seller = await signedInMember(t);
    const uploaded = await upload(
      t.app,
      seller.token,
      registryXlsx([
        debt({ amount_total: 1234.56, issue_date: '2021-03-05', last_payment_date: '07.06.2023' }),
        debt(),
      ]),
      { company_id: String(seller.companyId), auction_type: 'classic' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().data.briefcase_id as number;
    const sheet = (await book(`/api/v1/briefcases/${id}/portfolio.xlsx`, seller.token)).worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const column = (name: string) => header.indexOf(name);
    const row = sheet.getRow(2);
    const issue = row.getCell(column('Дата выдачи'));
    expect(issue.value).toEqual(new Date('2021-03-05T00:00:00Z'));
    expect(issue.numFmt).toBe('DD.MM.YYYY');
    const lastPayment = row.getCell(column('Дата последнего платежа'));
    expect(lastPayment.value).toEqual(new Date('2023-06-07T00:00:00Z'));
    expect(lastPayment.numFmt).toBe('DD.MM.YYYY');
    const birth = row.getCell(column('Дата рождения'));
    expect(birth.value).toEqual(new Date('1980-05-01T00:00:00Z'));
    const total = row.getCell(column('ОД, ₽'));
    expect(total.value).toBe(1234.56);
    expect(total.numFmt).toBe(RUBLES);
  });
});
