import { applyClassicBid, type LotState } from '@etp/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, briefcases, lots } from '../src/db/schema/index.ts';
import { toLotState } from '../src/modules/lots/trading/lotState.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

const BIDDERS = 40;
const ATTEMPTS = 6;

describe.each(DRIVERS)('hundreds of simultaneous bids on one lot on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_MINUTE: '100000' });
    floor = await buildFloor(t, BIDDERS);
  });
  afterAll(() => t.close());

  it('loses, doubles and reorders nothing: the lot equals a serial replay of the accepted bids', async () => {
    const { lot, briefcase } = await tradingLot(t, floor, { endInMs: 3_600_000 });
    const call = api(t);
    const acknowledged: number[] = [];
    let refused = 0;
    await Promise.all(
      floor.buyers.map(async (buyer, i) => {
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          const seen = await call.lot(buyer, lot.id);
          // Some bid one step, some jump several; every one races all the others.
          const amount = seen.next_price + ((i + attempt) % 3) * 100_000;
          const response = await call.bid(buyer, {
            lot_id: lot.id,
            amount,
            confirm: true,
            idempotency_key: `concurrency-${buyer.userId}-${attempt}`,
          });
          if (response.statusCode === 200) acknowledged.push(response.json().data.bid_id);
          else if (response.statusCode === 409) refused++;
          else throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
        }
      }),
    );
    expect(acknowledged.length + refused).toBe(BIDDERS * ATTEMPTS);
    expect(acknowledged.length).toBeGreaterThan(5);

    const stored = await t.ctx.db.select().from(bids).where(eq(bids.lotId, lot.id)).orderBy(asc(bids.id));
    // None lost, none doubled: exactly the acknowledged bids are stored.
    expect(stored.map((b) => b.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    // Never reordered: in commit order the prices strictly rise on the grid.
    for (let k = 1; k < stored.length; k++) {
      expect(stored[k]!.amount).toBeGreaterThan(stored[k - 1]!.amount);
      expect((stored[k]!.amount - 1_000_000) % 100_000).toBe(0);
    }

    // Serial replay from the lot as it was before the first bid.
    const [procedure] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, briefcase.id));
    let state: LotState = toLotState(
      { ...lot, currentPrice: null, leaderBidId: null, bidsCount: 0 },
      procedure!,
      null,
    );
    for (const bid of stored) {
      state = applyClassicBid(
        state,
        { bidId: bid.id, companyId: bid.companyId, userId: bid.userId, amount: bid.amount },
        bid.createdAt.getTime(),
      ).lot;
    }
    const [final] = await t.ctx.db.select().from(lots).where(eq(lots.id, lot.id));
    expect(final).toMatchObject({
      currentPrice: state.current_price,
      leaderBidId: state.leader?.bidId,
      bidsCount: state.bids_count,
      biddersCount: new Set(stored.map((b) => b.companyId)).size,
    });
  });
});
