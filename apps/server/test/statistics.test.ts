import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloads } from '../src/db/schema/index.ts';
import { STATS_INTERVAL_MS } from '../src/modules/statistics/counting/countScheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { recordBus } from './support/busLog.ts';
import { DRIVERS } from './support/db.ts';
import { buildLot } from './support/factories.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('procedure statistics on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let bus: ReturnType<typeof recordBus>;
  let a: Trader;
  let b: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    [a, b] = floor.buyers as [Trader, Trader];
    call = api(t);
    bus = recordBus(t);
  });
  afterAll(() => t.close());

  const stats = (who: Trader, id: number) => call.get(who, `/api/v1/charts/briefcases/${id}/stats`);

  it('counts bidders, bids, downloads and lots, and groups bids by Moscow minute', async () => {
    const { briefcase, lot } = await tradingLot(t, floor);
    const quiet = await buildLot(t.ctx.db, briefcase, { status: 'active', number: 99, startPrice: 500_000 });
    await t.ctx.db.insert(downloads).values([
      { briefcaseId: briefcase.id, userId: a.userId, what: 'documents' },
      { briefcaseId: briefcase.id, userId: b.userId, what: 'report' },
    ]);
    // 12:00:10 and 12:00:40 MSK, then 12:02:00.
    t.clock.advance(10_000);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    t.clock.advance(30_000);
    await call.bid(b, { lot_id: lot.id, amount: 1_300_000 });
    t.clock.advance(80_000);
    await call.bid(a, { lot_id: lot.id, amount: 1_400_000 });
    t.clock.advance(-120_000);

    const response = await stats(floor.seller, briefcase.id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data.attributes;
    expect(data).toMatchObject({
      users: 2,
      downloaded: 2,
      bids: 3,
      statuses: { total_lots: 2, with_bids: 1, finished_lots: 0 },
      current_price: 1_400_000,
    });
    expect(data.lots).toEqual(
      [
        {
          id: lot.id,
          number: lot.number,
          name: `Лот №${lot.number}`,
          current_price: 1_400_000,
          start_price: 1_000_000,
          bids_count: 3,
          composite: false,
          in_totals: true,
        },
        {
          id: quiet.id,
          number: 99,
          name: 'Лот №99',
          current_price: null,
          start_price: 500_000,
          bids_count: 0,
          composite: false,
          in_totals: true,
        },
      ].sort((x, y) => x.number - y.number),
    );
    expect(data.histograms.bids).toEqual([
      { time: '2026-11-22T12:00:00+03:00', bids: 2, users: 2 },
      { time: '2026-11-22T12:02:00+03:00', bids: 1, users: 1 },
    ]);
    expect(data.histograms.prices).toEqual([
      {
        x: '2026-11-22T12:00:40+03:00',
        amount_cents: 1_300_000,
        company_name: 'ООО «Покупатель 2»',
        lot_id: lot.id,
      },
      {
        x: '2026-11-22T12:02:00+03:00',
        amount_cents: 1_400_000,
        company_name: 'ООО «Покупатель 1»',
        lot_id: lot.id,
      },
    ]);
    expect((await stats(floor.admin, briefcase.id)).statusCode).toBe(200);
  });

  it('sends the seller the counters after bids, the last message counting the last bid', async () => {
    const { briefcase, lot } = await tradingLot(t, floor);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    await call.bid(b, { lot_id: lot.id, amount: 1_100_000 });
    const payloads = () => bus.of('BriefcaseStats', 'stats', briefcase.id).map((m) => m.message.payload);
    await vi.waitFor(
      () => expect(payloads().at(-1)).toEqual({ briefcase_id: briefcase.id, bids: 2, users: 2 }),
      { timeout: 3 * STATS_INTERVAL_MS },
    );
    expect(payloads()[0]).toEqual({ briefcase_id: briefcase.id, bids: 1, users: 1 });
    const messages = bus.of('BriefcaseStats', 'stats', briefcase.id);
    expect(messages.every((m) => m.audience.kind === 'masters')).toBe(true);
  });

  it(`counts a procedure at most once per ${STATS_INTERVAL_MS} ms, however fast the bids come`, async () => {
    const { briefcase, lot } = await tradingLot(t, floor);
    const started = performance.now();
    for (let i = 0; i < 4; i++) {
      await call.bid(i % 2 ? b : a, { lot_id: lot.id, amount: 1_000_000 + i * 100_000 });
    }
    const burst = performance.now() - started;
    const payloads = () => bus.of('BriefcaseStats', 'stats', briefcase.id).map((m) => m.message.payload);
    await vi.waitFor(
      () => expect(payloads().at(-1)).toEqual({ briefcase_id: briefcase.id, bids: 4, users: 2 }),
      { timeout: 3 * STATS_INTERVAL_MS },
    );
    // One count at the first bid, then at most one per interval while the burst lasted, and one after it.
    expect(payloads().length).toBeLessThanOrEqual(2 + Math.floor(burst / STATS_INTERVAL_MS));
    expect(payloads().length).toBeLessThan(4);
  });

  it('is for the seller and administrators only, once trading has begun', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const buyer = await stats(a, briefcase.id);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().message).toBe('Статистика доступна только организатору торгов');
    const early = await tradingLot(t, floor, { status: 'ready', startInMs: 3_600_000 });
    const response = await stats(floor.seller, early.briefcase.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Статистика появится после начала торгов');
  });

  it('keeps sealed offers hidden until the lot ends', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { auctionType: 'private_requests' });
    await call.bid(a, { lot_id: lot.id, amount: 2_000_000 });
    const data = (await stats(floor.seller, briefcase.id)).json().data.attributes;
    expect(data).toMatchObject({ users: 1, bids: 1, current_price: 0 });
    expect(data.lots[0].current_price).toBeNull();
    expect(data.histograms.prices).toEqual([]);
    expect(data.histograms.bids).toHaveLength(1);
  });
});
