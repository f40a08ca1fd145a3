/**
 * Issue 29, defect 2: one sealed offer per company per lot (spec 2 §5). A change replaces the offer, a withdrawal
 * leaves none, and everything a person reads (own offer, bid log, counts, the procedure card, statistics, the
 * seller's winner dialog, the lot's price) sees only live offers; a replaced or withdrawn offer cannot be chosen as
 * the winner. DELETE /api/v1/bids/ (the spec's path) takes lot_id in the body or the query (decisions/0236).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAppContext } from '../src/appContext.ts';
import { bids } from '../src/db/schema/index.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;
const SEALED = ['private_requests', 'bank_to_bank'] as const;

describe.each(DRIVERS)('one sealed offer per company on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let scheduler: Scheduler;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_MINUTE: '100000' });
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

  const offer = async (who: Trader, lotId: number, amount: number) => {
    const reply = await call.bid(who, { lot_id: lotId, amount });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data.bid_id as number;
  };
  const withdraw = (who: Trader, url: string, payload?: object) => call.send(who, 'DELETE', url, payload);
  const logOf = async (who: Trader, lotId: number) =>
    (
      (await call.get(who, `/api/v1/lots/${lotId}/bids`)).json().data.bids as { id: number; amount: number }[]
    ).map((b) => [b.id, b.amount]);
  const cardTotal = async (who: Trader, briefcaseId: number) =>
    (await call.get(who, `/api/v1/briefcases/${briefcaseId}`)).json().data.attributes.bids_total_amount_cents;
  const liveRows = async (lotId: number) =>
    t.ctx.db
      .select({ companyId: bids.companyId, amount: bids.amount })
      .from(bids)
      .where(and(eq(bids.lotId, lotId), eq(bids.state, 'active')));

  it.each(SEALED)(
    '%s: a change replaces the offer, a withdrawal leaves none, the seller chooses only among live offers',
    async (auctionType) => {
      const { briefcase, lot } = await tradingLot(t, floor, { auctionType, endInMs: 5 * MINUTE });
      const [a, b] = floor.buyers as [Trader, Trader];

      // A offers, then changes its offer (to a lower amount: the replaced one was the better).
      const replaced = await offer(a, lot.id, 3_000_000);
      const changed = await offer(a, lot.id, 2_500_000);
      expect(await call.lot(a, lot.id)).toMatchObject({
        last_users_bid_cents: 2_500_000,
        bids_count: 1,
        bidders_count: 1,
      });
      expect(await logOf(a, lot.id)).toEqual([[changed, 2_500_000]]);
      expect(await cardTotal(a, briefcase.id)).toBe(2_500_000);

      // The spec's path (trailing slash), lot_id in the body: no offer is left, not the older one.
      const gone = await withdraw(a, '/api/v1/bids/', { lot_id: lot.id });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await call.lot(a, lot.id)).toMatchObject({
        last_users_bid_cents: null,
        bids_count: 0,
        bidders_count: 0,
      });
      expect(await logOf(a, lot.id)).toEqual([]);
      expect(await cardTotal(a, briefcase.id)).toBeNull();
      expect(await liveRows(lot.id)).toEqual([]);
      // Nothing left to withdraw; a call that names no lot is refused on lot_id.
      expect((await withdraw(a, '/api/v1/bids', { lot_id: lot.id })).statusCode).toBe(409);
      const unnamed = await withdraw(a, '/api/v1/bids/');
      expect(unnamed.statusCode).toBe(422);
      expect(unnamed.json().errors).toEqual({ lot_id: ['Должно быть заполнено'] });

      // A offers again; B offers, withdraws (lot_id in the query) and offers more.
      const again = await offer(a, lot.id, 2_200_000);
      const bFirst = await offer(b, lot.id, 2_000_000);
      const byQuery = await withdraw(b, `/api/v1/bids/?lot_id=${lot.id}`);
      expect(byQuery.statusCode, byQuery.body).toBe(200);
      const bLive = await offer(b, lot.id, 2_600_000);
      expect(await call.lot(b, lot.id)).toMatchObject({ last_users_bid_cents: 2_600_000, bids_count: 2 });
      expect(await logOf(b, lot.id)).toEqual([[bLive, 2_600_000]]);
      const liveNow = await liveRows(lot.id);
      expect(liveNow.map((r) => r.companyId).sort()).toEqual([a.companyId, b.companyId].sort());

      // The end: the seller sees the live offers only, in its dialog, log, counters and statistics.
      t.clock.advance(5 * MINUTE);
      await scheduler.tick();
      try {
        expect(await call.lot(floor.seller, lot.id)).toMatchObject({
          status: 'finished',
          current_price: 2_600_000,
          bids_count: 2,
          bidders_count: 2,
        });
        const bidders = (await call.get(floor.seller, `/api/v1/lots/${lot.id}/bidders`)).json().data as {
          id: number;
          amount: number;
        }[];
        expect(bidders.map((x) => [x.id, x.amount])).toEqual([
          [bLive, 2_600_000],
          [again, 2_200_000],
        ]);
        expect((await logOf(floor.seller, lot.id)).sort()).toEqual(
          [
            [bLive, 2_600_000],
            [again, 2_200_000],
          ].sort(),
        );
        const stats = (await call.get(floor.seller, `/api/v1/charts/briefcases/${briefcase.id}/stats`)).json()
          .data.attributes;
        expect({ bids: stats.bids, users: stats.users }).toEqual({ bids: 2, users: 2 });

        // A replaced or withdrawn offer cannot be chosen.
        for (const stale of [replaced, changed, bFirst]) {
          const refused = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
            bid_id: stale,
          });
          expect(refused.statusCode, `bid ${stale}`).toBe(422);
        }
        const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
          bid_id: bLive,
        });
        expect(chosen.statusCode, chosen.body).toBe(200);
        expect(chosen.json().data.company_name).toBe('ООО «Покупатель 2»');
      } finally {
        t.clock.advance(-5 * MINUTE);
      }
    },
  );

  it.each(SEALED)(
    '%s: offers sent at once by one company, to two nodes, leave one live offer',
    async (auctionType) => {
      const { lot } = await tradingLot(t, floor, { auctionType, endInMs: 60 * MINUTE });
      const c = floor.buyers[2]!;
      // A second node over the same database: its own turn-taking, so only the database orders the two nodes.
      const other = createAppContext(t.ctx.config, t.database, t.clock.now, undefined, t.ctx.notifier);
      const second = await buildApp(other, { logger: false });
      await second.ready();
      try {
        const amounts = Array.from({ length: 12 }, (_, i) => 2_000_000 + i * 10_000);
        const replies = await Promise.all(
          amounts.map((amount, i) =>
            (i % 2 === 0 ? t.app : second).inject({
              method: 'POST',
              url: '/api/v1/bids',
              headers: bearer(c.token),
              payload: { lot_id: lot.id, amount },
            }),
          ),
        );
        expect(replies.map((r) => r.statusCode)).toEqual(amounts.map(() => 200));
        const live = await liveRows(lot.id);
        expect(live).toHaveLength(1);
        expect(await call.lot(c, lot.id)).toMatchObject({
          last_users_bid_cents: live[0]!.amount,
          bids_count: 1,
          bidders_count: 1,
        });
        expect(await logOf(c, lot.id)).toHaveLength(1);
        // Withdrawn at once from both nodes: one succeeds, none is left.
        const gone = await Promise.all(
          [t.app, second].map((node) =>
            node.inject({
              method: 'DELETE',
              url: '/api/v1/bids/',
              headers: bearer(c.token),
              payload: { lot_id: lot.id },
            }),
          ),
        );
        expect(gone.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await liveRows(lot.id)).toEqual([]);
        expect((await call.lot(c, lot.id)).last_users_bid_cents).toBeNull();
      } finally {
        await second.close();
      }
    },
  );
});
