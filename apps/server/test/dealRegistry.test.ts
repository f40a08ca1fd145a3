/**
 * The deal's registry (decisions/0264): the confirmed payment hands it over, only the buying company downloads it,
 * its rows are the lot's rows as the seller uploaded them (every column; personal data only when declared), each
 * download is in the seller's history, the first closes the deal, an administrator closes one never downloaded.
 */
import { rmSync } from 'node:fs';
import { ATTRIBUTE_VALUES } from '@etp/domain';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bids, briefcases, deals, downloads, lots, registryRows } from '../src/db/schema/index.ts';
import { keptRegistryPath } from '../src/modules/registries/upload/keptFiles.ts';
import { debt, HEADERS, type RegistryRow, registryXlsx, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildLot } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

const HOUR = 3_600_000;
/** An upload, a file worker's first start and a download: seconds each on a loaded machine. */
const SLOW = 90_000;
/** The attributes of the template's columns the test's registry fills (registrySupport's HEADERS), in order. */
const VALUES = ATTRIBUTE_VALUES.slice(0, ATTRIBUTE_VALUES.indexOf('issuence_form'));

describe.each(DRIVERS)('the deal’s registry on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let a: Trader;
  let b: Trader;
  let third: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    [a, b, third] = floor.buyers as [Trader, Trader, Trader];
    call = api(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The template's columns (the first 20 of them), then the seller's own: a note, and optionally names. */
  const headersOf = (names: boolean) => [
    ...HEADERS.slice(0, VALUES.length),
    'Комментарий продавца',
    ...(names ? ['ФИО должника'] : []),
  ];
  const keysOf = (names: boolean) => [...VALUES, 'note', ...(names ? ['name'] : [])];

  /** Five debts in two lots by their lot numbers: 1, 2, 1, 2, 1; each with a note (and a debtor's name). */
  function registry(names: boolean): RegistryRow[] {
    return [1, 2, 1, 2, 1].map((lot, i) =>
      debt({
        lot_number: lot,
        note: `Примечание ${i + 1}`,
        ...(names ? { name: ['Иванов Иван Иванович', 'Петров Пётр Петрович'][i % 2] } : {}),
      }),
    );
  }

  /**
   * Uploads the registry as the seller, finishes trading with A's 1 200 000 over B's 1 100 000 on the lot of
   * lot number 2 (two debts), and the seller picks A. With names the upload waits for the personal-data decision.
   */
  async function wonUploadedLot(
    rows: RegistryRow[],
    names: boolean,
    decision?: 'agree' | 'skip',
    whole = false,
  ) {
    const uploaded = await upload(
      t.app,
      floor.seller.token,
      registryXlsx(rows, headersOf(names), keysOf(names)),
      {
        company_id: String(floor.sellerCompany.id),
        auction_type: 'classic',
      },
    );
    const id = uploaded.json().data.briefcase_id as number;
    if (decision === 'agree') {
      const agreed = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/briefcases/${id}/personal_data_agree`,
        headers: bearer(floor.seller.token),
      });
      expect(agreed.statusCode, agreed.body).toBe(200);
    } else if (decision === 'skip') {
      const skipped = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${id}/custom_skip_validation`);
      expect(skipped.statusCode, skipped.body).toBe(200);
    } else {
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const now = t.clock.now().getTime();
    const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
    await t.ctx.db
      .update(briefcases)
      .set({ status: 'finished', ...times })
      .where(eq(briefcases.id, id));
    const procedureLots = await t.ctx.db
      .select()
      .from(lots)
      .where(eq(lots.briefcaseId, id))
      .orderBy(asc(lots.number));
    expect(procedureLots.map((l) => l.itemsCount)).toEqual([3, 2]);
    // The whole-portfolio lot, when asked for: added as the wizard adds it, sold instead of lot 2.
    const lot = whole
      ? await buildLot(t.ctx.db, { id }, { composite: true, itemsCount: rows.length, ...times })
      : procedureLots[1]!;
    await choose(id, lot.id, times);
    const deal = (await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data;
    return { briefcaseId: id, lot, deal, expected: rows.filter((r) => r.lot_number === 2) };
  }

  /** The lot finished with two bids; the seller picks A's. */
  async function choose(briefcaseId: number, lotId: number, times: object) {
    const db = t.ctx.db;
    await db
      .update(lots)
      .set({ status: 'finished', bidsCount: 2, ...times })
      .where(eq(lots.id, lotId));
    const bid = (who: Trader, amount: number) => ({
      lotId,
      briefcaseId,
      userId: who.userId,
      companyId: who.companyId,
      amount,
    });
    const [, bidA] = await db
      .insert(bids)
      .values([bid(b, 1_100_000), bid(a, 1_200_000)])
      .returning();
    await db.update(lots).set({ leaderBidId: bidA!.id, currentPrice: 1_200_000 }).where(eq(lots.id, lotId));
    const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lotId}/set_winner`, {
      bid_id: bidA!.id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }

  /** Signed by both and reported paid (the steps deals.test.ts proves), then confirmed by the seller. */
  async function confirmPayment(dealId: number) {
    await t.ctx.db
      .update(deals)
      .set({ state: 'payment_reported', deadlineAt: null })
      .where(eq(deals.id, dealId));
    const confirmed = await call.send(floor.seller, 'POST', `/api/v1/deals/${dealId}/confirm_payment`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json().data;
  }

  const download = (who: Trader, dealId: number) => call.get(who, `/api/v1/deals/${dealId}/registry`);

  async function sheetOf(response: { rawPayload: Buffer }) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  /** The uploaded rows as cells in the given columns (empty cells trimmed at the end, as a sheet reads back). */
  const cellsOf = (rows: RegistryRow[], keys: string[]) =>
    rows.map((row) => {
      const cells = keys.map((k) => (row[k] === undefined ? null : row[k]));
      while (cells.length && cells[cells.length - 1] === null) cells.pop();
      return cells.map((c) => (c === null ? undefined : c));
    });

  it(
    'hands the registry over with the confirmed payment; the buyer downloads the lot’s rows as uploaded',
    async () => {
      const { briefcaseId, lot, deal, expected } = await wonUploadedLot(registry(false), false);
      expect(deal).toMatchObject({ state: 'awaiting_signatures', registry_url: null });
      // Before the payment is confirmed: 409 for the buyer, with why.
      const early = await download(a, deal.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'Реестр лота будет доступен после того, как продавец подтвердит получение оплаты',
      );
      expect((await call.lot(a, lot.id)).registry_url).toBeNull();

      const paid = await confirmPayment(deal.id);
      expect(paid).toMatchObject({ state: 'registry_handed_over', registry_url: null, role: 'seller' });
      const actions = (
        await t.ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.briefcaseId, briefcaseId))
          .orderBy(asc(auditLog.seq))
      ).map((e) => e.action);
      expect(actions.filter((x) => x.startsWith('deal_')).slice(-2)).toEqual([
        'deal_confirm_payment',
        'deal_hand_over_registry',
      ]);
      const url = `/api/v1/deals/${deal.id}/registry`;
      expect((await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data).toMatchObject({
        state: 'registry_handed_over',
        registry_url: url,
        available_actions: ['registry_downloaded'],
      });
      expect((await call.lot(a, lot.id)).registry_url).toBe(url);
      expect((await call.lot(b, lot.id)).registry_url).toBeNull();
      expect((await call.lot(floor.seller, lot.id)).registry_url).toBeNull();

      // Nobody but the buying company: the other bidder, the seller, an administrator, a third company.
      for (const who of [b, floor.seller, floor.admin, third]) {
        const refused = await download(who, deal.id);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('Реестр лота может скачать только покупатель по сделке');
      }
      expect(
        await t.ctx.db.select().from(downloads).where(eq(downloads.briefcaseId, briefcaseId)),
      ).toHaveLength(0);

      const got = await download(a, deal.id);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(decodeURIComponent(String(got.headers['content-disposition']))).toContain(
        `Реестр Лот №${lot.number}, сделка №${deal.id}.xlsx`,
      );
      const [header, ...rows] = await sheetOf(got);
      expect(header).toEqual(headersOf(false));
      expect(rows).toEqual(cellsOf(expected, keysOf(false)));

      // The first download closes the deal; a second one is served from the kept file and counted too.
      expect((await t.ctx.db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.state).toBe('closed');
      const again = await download(a, deal.id);
      expect(again.statusCode).toBe(200);
      expect(await sheetOf(again)).toEqual([header, ...rows]);
      const history = (await call.get(floor.seller, `/api/v1/briefcases/${briefcaseId}/documents`)).json()
        .data.seller.recent_downloads;
      expect(history.map((d: { what: string }) => d.what)).toEqual([
        `Реестр лота (сделка №${deal.id})`,
        `Реестр лота (сделка №${deal.id})`,
      ]);
      const closedEntries = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.briefcaseId, briefcaseId), eq(auditLog.action, 'deal_registry_downloaded')));
      expect(closedEntries).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'gives the personal-data columns only when the seller declared them',
    async () => {
      const declared = await wonUploadedLot(registry(true), true, 'agree');
      await confirmPayment(declared.deal.id);
      const [header, ...rows] = await sheetOf(await download(a, declared.deal.id));
      expect(header).toEqual(headersOf(true));
      expect(rows).toEqual(cellsOf(declared.expected, keysOf(true)));
      expect(JSON.stringify(rows)).toContain('Петров Пётр Петрович');

      const skipped = await wonUploadedLot(registry(true), true, 'skip');
      await confirmPayment(skipped.deal.id);
      const [plainHeader, ...plainRows] = await sheetOf(await download(a, skipped.deal.id));
      expect(plainHeader).toEqual(headersOf(false));
      expect(plainRows).toEqual(cellsOf(skipped.expected, keysOf(false)));
      expect(JSON.stringify(plainRows)).not.toContain('Петров');
    },
    SLOW,
  );

  it(
    'gives a second round’s lot the first round’s rows, and the whole-portfolio lot every row',
    async () => {
      const rows = registry(false);
      const first = await wonUploadedLot(rows, false);
      const now = t.clock.now().getTime();
      const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
      // The round's procedure and lot as a next round copies them: its lot is a copy of the first round's.
      const round = await buildBriefcase(t.ctx.db, floor.sellerCompany, {
        status: 'finished',
        convertedFrom: first.briefcaseId,
        firstRoundId: first.briefcaseId,
        ...times,
      });
      const copy = await buildLot(t.ctx.db, round, {
        status: 'finished',
        convertedFrom: first.lot.id,
        ...times,
      });
      await choose(round.id, copy.id, times);
      const roundDeal = (await call.get(a, `/api/v1/lots/${copy.id}/deal`)).json().data;
      await confirmPayment(roundDeal.id);
      const [roundHeader, ...roundRows] = await sheetOf(await download(a, roundDeal.id));
      expect(roundHeader).toEqual(headersOf(false));
      expect(roundRows).toEqual(cellsOf(first.expected, keysOf(false)));

      const whole = await wonUploadedLot(rows, false, undefined, true);
      const wholeDeal = whole.deal;
      await confirmPayment(wholeDeal.id);
      const [, ...allRows] = await sheetOf(await download(a, wholeDeal.id));
      expect(allRows).toEqual(cellsOf(rows, keysOf(false)));
    },
    SLOW,
  );

  it(
    'gives the stored rows in the template’s columns when no file was kept (a seeded procedure)',
    async () => {
      const now = t.clock.now().getTime();
      const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
      const briefcase = await buildBriefcase(t.ctx.db, floor.sellerCompany, { status: 'finished', ...times });
      const lot = await buildLot(t.ctx.db, briefcase, {
        status: 'finished',
        startPrice: 1_000_000,
        ...times,
      });
      const other = await buildLot(t.ctx.db, briefcase, { status: 'finished', ...times });
      const row = (n: number, lotId: number) => ({
        briefcaseId: briefcase.id,
        lotId,
        rowNumber: n + 1,
        contractId: `ДМ-${n}`,
        regionCode: 77,
        amountTotal: 10_000_00 * n,
        amountBottomline: 15_000_00 * n,
        issueDate: '2020-03-15',
        sex: 'female' as const,
        features: { dead: true },
      });
      await t.ctx.db.insert(registryRows).values([row(1, lot.id), row(2, other.id), row(3, lot.id)]);
      await choose(briefcase.id, lot.id, times);
      const deal = (await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data;
      await confirmPayment(deal.id);
      const [header, ...rows] = await sheetOf(await download(a, deal.id));
      expect(header).toEqual(HEADERS);
      const at = (name: string) => HEADERS.indexOf(name);
      expect(rows.map((r) => r[at('Номер договора')])).toEqual(['ДМ-1', 'ДМ-3']);
      expect(rows[1]![at('Сумма основного долга (ОД), руб.')]).toBe(30_000);
      expect(rows[0]![at('Код региона')]).toBe(77);
      expect(rows[0]!.includes('15.03.2020')).toBe(true);
      expect(rows[0]!.includes('Ж')).toBe(true);
      expect(rows[0]!.includes('Да')).toBe(true);
    },
    SLOW,
  );

  it(
    'lets an administrator close a deal whose buyer never downloads, and no one else',
    async () => {
      const { deal, briefcaseId } = await wonUploadedLot(registry(false), false);
      const early = await call.send(floor.admin, 'POST', `/api/v1/deals/${deal.id}/close`);
      expect(early.statusCode).toBe(409);
      await confirmPayment(deal.id);
      expect((await call.send(a, 'POST', `/api/v1/deals/${deal.id}/close`)).statusCode).toBe(403);
      expect((await call.send(floor.seller, 'POST', `/api/v1/deals/${deal.id}/close`)).statusCode).toBe(403);
      expect((await call.send(third, 'POST', `/api/v1/deals/${deal.id}/close`)).statusCode).toBe(404);
      const closed = await call.send(floor.admin, 'POST', `/api/v1/deals/${deal.id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json()).toMatchObject({
        message: 'Сделка завершена',
        data: { state: 'closed', role: 'admin' },
      });
      // Closed: the buyer still downloads what it bought. Its kept file gone from the disk, the stored rows.
      const [procedure] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, briefcaseId));
      rmSync(keptRegistryPath(t.ctx, procedure!.registryOriginal!.key));
      const late = await download(a, deal.id);
      expect(late.statusCode).toBe(200);
      const [header, ...rows] = await sheetOf(late);
      expect(header).toEqual(HEADERS);
      expect(rows).toHaveLength(2);
    },
    SLOW,
  );
});
