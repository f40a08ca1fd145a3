/**
 * The seller's own lot prices and the dutch clock through the wizard's save (issue 29 parts 6 and 8,
 * decisions/0239): lots_start_prices_cents checked by the "Ограничение цены лота" rules, the dutch maximum split
 * among the lots so each clock falls step by step, and steps_after_first_bid stored. Asserts what the database holds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lots } from '../src/db/schema/index.ts';
import { debt, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

/** The money format's no-break spaces as plain ones. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, ' '));

describe.each(DRIVERS)('wizard lot prices and the dutch clock on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let owner: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token: owner } = await signedInMember(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(owner), ...(payload ? { payload } : {}) });
  const inHours = (h: number) => new Date(t.ctx.now().getTime() + h * 3_600_000).toISOString();

  /** Lot 1: ОСЗ 40 000 000 ₽ (minimum 400 000 ₽); lot 2: ОСЗ 60 000 000 ₽ (minimum 600 000 ₽). */
  async function created(auctionType: string) {
    const rows = [
      debt({ lot_number: 1, amount_total: 30_000_000, amount_bottomline: 40_000_000 }),
      debt({ lot_number: 2, amount_total: 20_000_000, amount_bottomline: 30_000_000 }),
      debt({ lot_number: 2, amount_total: 20_000_000, amount_bottomline: 30_000_000 }),
    ];
    const response = await upload(t.app, owner, registryXlsx(rows), {
      company_id: String(companyId),
      auction_type: auctionType,
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.briefcase_id as number;
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id)).orderBy(lots.number);
    return { id, first: stored[0]!.id, second: stored[1]!.id };
  }
  const lotRows = async (id: number) =>
    t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id)).orderBy(lots.number);
  const procedure = async (id: number) =>
    (await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id)))[0]!;

  it('stores the seller’s price of each lot and the procedure price as their sum', async () => {
    const { id, first, second } = await created('classic');
    const saved = await call('PUT', `/api/v1/briefcases/${id}`, {
      start_datetime: inHours(30),
      end_datetime: inHours(32),
      step_price: 50_000_00,
      steps_after_first_bid: 3,
      lots_start_prices_cents: { [first]: 1_234_000_00, [second]: 2_500_000_00 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await lotRows(id)).map((l) => [l.startPrice, l.minPrice, l.maxPrice])).toEqual([
      [1_234_000_00, 1_234_000_00, null],
      [2_500_000_00, 2_500_000_00, null],
    ]);
    expect(await procedure(id)).toMatchObject({ startPrice: 3_734_000_00, stepsAfterFirstBid: 3 });
    const draft = (await call('GET', `/api/v1/briefcases/${id}/edit`)).json().data;
    expect(draft.lots.map((l: { start_price: number }) => l.start_price)).toEqual([
      1_234_000_00, 2_500_000_00,
    ]);
    expect(draft.briefcase.steps_after_first_bid).toBe(3);
  });

  it('refuses a lot price below the lot minimum and negative steps after the first bid, changing nothing', async () => {
    const { id, first, second } = await created('classic');
    const before = (await lotRows(id)).map((l) => l.startPrice);
    const bad = await call('PUT', `/api/v1/briefcases/${id}`, {
      steps_after_first_bid: -1,
      lots_start_prices_cents: { [first]: 399_999_00, [second]: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(plain(bad.json().errors)).toEqual({
      [`lots.${first}.start_price`]: ['Не может быть меньше 400 000 ₽'],
      [`lots.${second}.start_price`]: ['Должно быть больше 0'],
      steps_after_first_bid: ['Не может быть меньше 0'],
    });
    expect((await lotRows(id)).map((l) => l.startPrice)).toEqual(before);
  });

  it('private_requests: a lot price must stay below the lot ОСЗ', async () => {
    const { id, first } = await created('private_requests');
    const bad = await call('PUT', `/api/v1/briefcases/${id}`, {
      lots_start_prices_cents: { [first]: 40_000_000_00 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      [`lots.${first}.start_price`]: ['Должно быть меньше общей суммы задолженности'],
    });
  });

  it('dutch: 10 000 000 ₽ over lots of 2 000 000 and 3 000 000 ₽, step 500 000 ₽, 10 minutes: both clocks fall', async () => {
    const { id, first, second } = await created('dutch');
    const start = inHours(48);
    const saved = await call('PUT', `/api/v1/briefcases/${id}`, {
      start_datetime: start,
      max_price: 10_000_000_00,
      step_price: 500_000_00,
      lot_renewal_minutes: 10,
      lots_start_prices_cents: { [first]: 2_000_000_00, [second]: 3_000_000_00 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const startMs = new Date(start).getTime();
    expect(
      (await lotRows(id)).map((l) => ({
        start: l.startPrice,
        max: l.maxPrice,
        min: l.minPrice,
        steps: l.stepCount,
        end: l.endDatetime!.getTime() - startMs,
      })),
    ).toEqual([
      { start: 4_000_000_00, max: 4_000_000_00, min: 2_000_000_00, steps: 5, end: 5 * 10 * 60_000 },
      { start: 6_000_000_00, max: 6_000_000_00, min: 3_000_000_00, steps: 7, end: 7 * 10 * 60_000 },
    ]);
    const row = await procedure(id);
    expect(row.startPrice).toBe(10_000_000_00);
    expect(row.maxPrice).toBe(10_000_000_00);
    expect(row.endDatetime!.getTime()).toBe(startMs + 70 * 60_000);
    // The draft gives the seller's prices back (the clocks' minima).
    const draft = (await call('GET', `/api/v1/briefcases/${id}/edit`)).json().data;
    expect(draft.lots.map((l: { min_price: number }) => l.min_price)).toEqual([2_000_000_00, 3_000_000_00]);

    // Saving again without prices keeps them; a maximum not above their sum is refused.
    const again = await call('PUT', `/api/v1/briefcases/${id}`, { step_price: 1_000_000_00 });
    expect(again.statusCode, again.body).toBe(200);
    expect((await lotRows(id)).map((l) => [l.minPrice, l.maxPrice, l.stepCount])).toEqual([
      [2_000_000_00, 4_000_000_00, 3],
      [3_000_000_00, 6_000_000_00, 4],
    ]);
    const low = await call('PUT', `/api/v1/briefcases/${id}`, { max_price: 5_000_000_00 });
    expect(low.statusCode).toBe(422);
    expect(plain(low.json().errors)).toEqual({
      max_price: ['Должна быть больше суммы цен отсечения лотов: 5 000 000 ₽'],
    });
  });
});
