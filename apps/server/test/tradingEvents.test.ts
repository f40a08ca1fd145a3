import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;

describe.each(DRIVERS)('trading events (status changes, won, lost) on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let scheduler: Scheduler;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    call = api(t);
    scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  async function texts(who: Trader, briefcaseId: number): Promise<{ kind: string; text: string }[]> {
    const page = (await call.get(who, '/api/v1/events?per_page=100')).json().data;
    return page.collection
      .filter((e: { briefcase_id: number | null }) => e.briefcase_id === briefcaseId)
      .map((e: { kind: string; text: string }) => ({ kind: e.kind, text: e.text }))
      .reverse();
  }

  it('tells the seller and the participants when the procedure starts, finishes and closes, and each bidder its result', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: MINUTE,
      endInMs: 10 * MINUTE,
    });
    const [a, b, bystander] = floor.buyers as [Trader, Trader, Trader];
    t.clock.advance(MINUTE);
    await scheduler.tick();
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    const bidB = (await call.bid(b, { lot_id: lot.id, amount: 1_100_000 })).json().data.bid_id;
    t.clock.advance(9 * MINUTE);
    await scheduler.tick();
    expect(
      (await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, { bid_id: bidB }))
        .statusCode,
    ).toBe(200);

    const n = briefcase.id;
    // The seller's users hear every status change, including the start (nobody had bid yet).
    expect(await texts(floor.seller, n)).toEqual([
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Проводится»` },
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Подведение итогов»` },
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Завершена»` },
    ]);
    // A bidder hears the changes after it took part, and its own result.
    expect(await texts(b, n)).toEqual([
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Подведение итогов»` },
      { kind: 'won', text: `Лот №${lot.number} ТП №${n}: вы победили` },
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Завершена»` },
    ]);
    expect(await texts(a, n)).toEqual([
      { kind: 'outbid', text: `Лот №${lot.number} ТП №${n}: ваша ставка перебита` },
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Подведение итогов»` },
      { kind: 'lost', text: `Лот №${lot.number} ТП №${n}: победил другой участник` },
      { kind: 'briefcase_status', text: `ТП №${n}: статус «Завершена»` },
    ]);
    // Somebody who never took part hears nothing.
    expect(await texts(bystander, n)).toEqual([]);
    t.clock.advance(-10 * MINUTE);
  });

  it('tells every bidder when the seller closes a lot without a winner', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 5 * MINUTE });
    const [a] = floor.buyers as [Trader];
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    t.clock.advance(5 * MINUTE);
    await scheduler.tick();
    await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, { bid_id: null });
    expect((await texts(a, briefcase.id)).filter((e) => e.kind === 'lost')).toEqual([
      { kind: 'lost', text: `Лот №${lot.number} ТП №${briefcase.id}: продавец завершил лот без победителя` },
    ]);
    t.clock.advance(-5 * MINUTE);
  });

  it('tells the owner of an autobid when it reached its maximum and stopped, and nobody else', async () => {
    const { briefcase, lot } = await tradingLot(t, floor);
    const [a, b] = floor.buyers as [Trader, Trader];
    await call.autobid(b, { lot_id: lot.id, max_price: 1_250_000 });
    // The autobid answers 1 100 000 with 1 200 000: still under its maximum.
    await call.bid(a, { lot_id: lot.id, amount: 1_100_000 });
    expect(await texts(b, briefcase.id)).toEqual([]);
    // Answering 1 300 000 would take 1 400 000, over its maximum: the autobid stops.
    await call.bid(a, { lot_id: lot.id, amount: 1_300_000 });
    expect((await texts(b, briefcase.id)).filter((e) => e.kind === 'autobid_maxed_out')).toEqual([
      {
        kind: 'autobid_maxed_out',
        text: `Лот №${lot.number} ТП №${briefcase.id}: автоставка достигла максимальной цены и отключена`,
      },
    ]);
    expect((await texts(a, briefcase.id)).filter((e) => e.kind === 'autobid_maxed_out')).toEqual([]);
  });
});
