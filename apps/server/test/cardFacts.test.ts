import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, briefcaseCompanyLists, briefcases, lots } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildLot } from './support/factories.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('the card header facts of a viewer on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    call = api(t);
  });
  afterAll(() => t.close());

  it('sums the company’s standing bids, tells of its enabled autobids, and gives the lot id range', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 60 * 60_000 });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    const card = async (who: Floor['buyers'][0]) =>
      (await call.get(who, `/api/v1/briefcases/${briefcase.id}`)).json().data.attributes;
    expect(await card(a)).toMatchObject({
      bids_total_amount_cents: null,
      has_enabled_autobids: false,
      min_lot_id: lot.id,
      max_lot_id: lot.id,
      sent: expect.any(Boolean),
    });
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    expect((await call.autobid(b, { lot_id: lot.id, max_price: 2_000_000 })).statusCode).toBe(200);
    expect(await card(a)).toMatchObject({ bids_total_amount_cents: 1_000_000, has_enabled_autobids: false });
    const ofB = await card(b);
    expect(ofB.has_enabled_autobids).toBe(true);
    expect(ofB.bids_total_amount_cents).toBeGreaterThan(1_000_000);
  });

  it('says the trading ends with its last lot: a lot extended past the planned end moves the end shown', async () => {
    const [a] = floor.buyers as [Floor['buyers'][0]];
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 10 * 60_000 });
    const planned = briefcase.endDatetime!.toISOString();
    const shown = async () => ({
      card: (await call.get(a, `/api/v1/briefcases/${briefcase.id}`)).json().data.attributes.end_datetime,
      listed: (await call.get(a, '/api/v1/briefcases?per_page=100'))
        .json()
        .data.briefcases.find((b: { id: number }) => b.id === briefcase.id)?.attributes.end_datetime,
    });
    expect(await shown()).toEqual({ card: planned, listed: planned });
    // Anti-sniping moved the lot's end 7 minutes past the procedure's.
    const extended = new Date(briefcase.endDatetime!.getTime() + 7 * 60_000);
    await t.ctx.db.update(lots).set({ endDatetime: extended }).where(eq(lots.id, lot.id));
    expect(await shown()).toEqual({ card: extended.toISOString(), listed: extended.toISOString() });
  });

  it('tells the viewer whether its company may bid here, by the rule the bid path checks', async () => {
    const [a] = floor.buyers as [Floor['buyers'][0]];
    const card = async (who: Trader, id: number) =>
      (await call.get(who, `/api/v1/briefcases/${id}`)).json().data.attributes;
    const open = await tradingLot(t, floor, { endInMs: 60 * 60_000 });
    expect((await card(a, open.briefcase.id)).viewer_admitted).toBe(true);
    expect((await card(floor.admin, open.briefcase.id)).viewer_admitted).toBeNull();
    // The buyers' companies are legal entities; this procedure admits banks and MFOs only.
    const closed = await tradingLot(t, floor, {
      endInMs: 60 * 60_000,
      briefcase: { allowedKindsMap: { legal: false, bank: true, mfo: true, self: false, physical: false } },
    });
    expect((await card(a, closed.briefcase.id)).viewer_admitted).toBe(false);
    const refused = await call.bid(a, { lot_id: closed.lot.id, amount: 1_000_000 });
    expect(refused.json().message).toBe('Ваша компания не допущена к участию в этой торговой процедуре');
  });
});

describe.each(DRIVERS)('the Портфель tab facts of a procedure on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    call = api(t);
  });
  afterAll(() => t.close());

  it('gives everyone the advantages and who may take part, and only the seller and administrators the company lists and winners', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, {
      briefcase: {
        fastSigning: true,
        regionsLotable: true,
        paperDossiers: '80',
        fsspBankOnly: true,
        okved8291Only: false,
        allowedKindsMap: { legal: true, bank: true, physical: false, self: false, mfo: false },
      },
    });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    const invited = await buildCompany(t.ctx.db, { kind: 'mfo', name: 'ООО МФК «Приглашённая»' });
    await t.ctx.db.insert(briefcaseCompanyLists).values([
      { briefcaseId: briefcase.id, companyId: invited.id, list: 'whitelist' },
      { briefcaseId: briefcase.id, companyId: a.companyId, list: 'whitelist' },
      { briefcaseId: briefcase.id, companyId: b.companyId, list: 'blacklist' },
    ]);
    const card = async (who: Trader) =>
      (await call.get(who, `/api/v1/briefcases/${briefcase.id}`)).json().data.attributes;

    const ofBuyer = await card(a);
    expect(ofBuyer).toMatchObject({
      advantages: [
        { key: 'fast_signing', value: null },
        { key: 'regions_lotable', value: null },
        { key: 'paper_dossiers', value: 80 },
      ],
      allowed_kinds_map: { legal: true, bank: true, physical: false, self: false, mfo: false },
      fssp_only: false,
      fssp_bank_only: true,
      okved_82_91_only: false,
      invited_companies: null,
      rejected_companies: null,
      winners: null,
    });
    const ofSeller = await card(floor.seller);
    expect(ofSeller.invited_companies).toEqual([
      expect.objectContaining({ id: a.companyId, kind_name: 'Юридическое лицо' }),
      { id: invited.id, full_name: invited.fullName, inn: invited.inn, kind_name: 'МФО' },
    ]);
    expect(ofSeller.rejected_companies).toHaveLength(1);
    expect(ofSeller.rejected_companies[0]).toMatchObject({ id: b.companyId, kind_name: 'Юридическое лицо' });
    // Trading is not over: no winner information yet.
    expect(ofSeller.winners).toBeNull();
    expect((await card(floor.admin)).invited_companies).toHaveLength(2);

    // A bid wins once the procedure is closed and the seller chose it; a second lot ended without a winner.
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    const [won] = await t.ctx.db.select().from(bids).where(eq(bids.lotId, lot.id));
    const other = await buildLot(t.ctx.db, briefcase, { status: 'closed', number: lot.number + 1 });
    await t.ctx.db
      .update(lots)
      .set({ status: 'closed', winnerBidId: won!.id, winnerCompanyId: a.companyId })
      .where(eq(lots.id, lot.id));
    await t.ctx.db.update(lots).set({ isWithoutWinner: true }).where(eq(lots.id, other.id));
    await t.ctx.db.update(briefcases).set({ status: 'closed' }).where(eq(briefcases.id, briefcase.id));
    const closed = await card(floor.seller);
    expect(closed.winners).toHaveLength(2);
    expect(closed.winners).toEqual(
      expect.arrayContaining([
        {
          lot_id: lot.id,
          lot_number: String(lot.number),
          company_name: expect.any(String),
          amount: 1_000_000,
        },
        { lot_id: other.id, lot_number: String(lot.number + 1), company_name: null, amount: null },
      ]),
    );
    expect((await card(a)).winners).toBeNull();
  });
});
