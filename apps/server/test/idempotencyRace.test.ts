/**
 * The same idempotency key sent twice at once (a client retrying after a timeout) gets the first outcome twice: both
 * answered with the one stored bid, never "price changed" for a bid that is stored (decisions/0099); a second bid
 * with another key is still refused. In one process the two submissions seldom overlap in the database; the race
 * that refused a stored bid (both look the key up before either commits) is forced on PostgreSQL, on one node and
 * across two, in faults.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('the same key twice at once on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let buyer: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 1);
    buyer = floor.buyers[0]!;
  });
  afterAll(() => t.close());

  it('answers both submissions with the stored bid, whether the bid or the refusal came first', async () => {
    const { lot } = await tradingLot(t, floor);
    const call = api(t);
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const amount = 1_000_000 + round * 100_000;
      const payload = { lot_id: lot.id, amount, confirm: true, idempotency_key: key };
      const replies = await Promise.all([call.bid(buyer, payload), call.bid(buyer, payload)]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      const [first, second] = replies.map((r) => r.json().data);
      expect(second.bid_id).toBe(first.bid_id);
      expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
      const stored = await t.ctx.db.select().from(bids).where(eq(bids.idempotencyKey, key));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.amount).toBe(amount);
    }
  });

  it('still refuses a second bid at a stale price that carries another key', async () => {
    const { lot } = await tradingLot(t, floor);
    const call = api(t);
    const payload = { lot_id: lot.id, amount: 1_000_000, confirm: true };
    const replies = await Promise.all([
      call.bid(buyer, { ...payload, idempotency_key: randomUUID() }),
      call.bid(buyer, { ...payload, idempotency_key: randomUUID() }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
