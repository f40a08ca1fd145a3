import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

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
});
