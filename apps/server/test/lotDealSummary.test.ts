/**
 * The lot reply carries the viewer's deal for the Торги card (issue 32, decisions/0270): the winner, the seller and
 * administrators see the deal and its state; the second bidder sees its offer and, once it accepts, is called the
 * buyer instead of "Победил другой участник"; another bidder and a third company learn nothing of it. The page's
 * deals are read in one statement.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, deals } from '../src/db/schema/index.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { wonLot as wonLotOf } from './support/deals.ts';
import { buildLot } from './support/factories.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

interface CardLot {
  id: number;
  condition: { text: string; color: string };
  is_winner: boolean;
  deal: {
    id: number;
    attempt: number;
    state: string;
    state_label: string;
    role: string;
    buyer_company: string;
  } | null;
}

describe.each(DRIVERS)('the lot reply’s deal on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let a: Trader;
  let b: Trader;
  let stranger: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    [a, b, stranger] = floor.buyers as [Trader, Trader, Trader];
    call = api(t);
  }, 120_000);
  afterAll(() => t.close());

  /** A finished procedure of two lots: on the first A bid 1 200 000 and B 1 100 000, the seller picks A. */
  async function wonLot() {
    const { briefcase, lot, times } = await wonLotOf(t, floor, call, a, b);
    const other = await buildLot(t.ctx.db, briefcase, {
      status: 'finished',
      startPrice: 1_000_000,
      ...times,
    });
    const [deal] = await t.ctx.db.select().from(deals).where(eq(deals.lotId, lot.id));
    return { briefcase, lot, other, dealId: deal!.id };
  }

  /** The lot as the Торги page's list gives it to the viewer, and as the lot dialog reads it. */
  async function card(who: Trader, briefcaseId: number, lotId: number): Promise<CardLot> {
    const page = await call.get(who, `/api/v1/lots?briefcase_id=${briefcaseId}`);
    expect(page.statusCode).toBe(200);
    const listed = (page.json().data.lots as { id: number; attributes: CardLot }[]).find(
      (l) => l.id === lotId,
    );
    const one = await call.get(who, `/api/v1/lots/${lotId}`);
    expect(one.json().data.attributes.deal).toEqual(listed!.attributes.deal);
    return listed!.attributes;
  }

  it('gives the winner, the seller and administrators the deal, and nobody else', async () => {
    const { briefcase, lot, other, dealId } = await wonLot();
    const summary = {
      id: dealId,
      attempt: 1,
      state: 'awaiting_signatures',
      state_label: 'Ожидает подписания',
      // The agreement's price: the chosen bid's amount.
      price_kopecks: 1_200_000,
    };
    expect(await card(a, briefcase.id, lot.id)).toMatchObject({
      condition: { text: 'Вы победили' },
      deal: { ...summary, role: 'buyer' },
    });
    expect((await card(floor.seller, briefcase.id, lot.id)).deal).toMatchObject({
      ...summary,
      role: 'seller',
    });
    expect((await card(floor.admin, briefcase.id, lot.id)).deal).toMatchObject({ ...summary, role: 'admin' });
    // The other bidder and a third company: no deal, the trading's line as before.
    expect(await card(b, briefcase.id, lot.id)).toMatchObject({
      condition: { text: 'Победил другой участник' },
      deal: null,
    });
    expect((await card(stranger, briefcase.id, lot.id)).deal).toBeNull();
    // A lot without a deal carries none, for the parties too.
    expect((await card(a, briefcase.id, other.id)).deal).toBeNull();
    expect((await card(floor.seller, briefcase.id, other.id)).deal).toBeNull();
  });

  it('calls the second bidder the buyer once it accepted the offer; the winner keeps its failed deal', async () => {
    const { briefcase, lot, dealId } = await wonLot();
    await t.ctx.db
      .update(deals)
      .set({ deadlineAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(deals.id, dealId));
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    expect((await scheduler.tick())?.dealsExpired).toContain(dealId);
    await scheduler.stop();
    const offered = await call.send(floor.seller, 'POST', `/api/v1/deals/${dealId}/offer_to_second`);
    expect(offered.statusCode).toBe(200);
    const secondId = offered.json().data.id as number;

    expect(await card(b, briefcase.id, lot.id)).toMatchObject({
      condition: { text: 'Вам предложено купить лот', color: 'blue' },
      is_winner: false,
      deal: { id: secondId, attempt: 2, state: 'second_offer', role: 'buyer' },
    });
    const accepted = await call.send(b, 'POST', `/api/v1/deals/${secondId}/accept_offer`);
    expect(accepted.statusCode).toBe(200);
    expect(await card(b, briefcase.id, lot.id)).toMatchObject({
      condition: { text: 'Вы покупатель по сделке', color: 'green' },
      deal: { id: secondId, attempt: 2, state: 'awaiting_signatures', role: 'buyer' },
    });
    // The winner sees its own failed deal, not the second bidder's; the seller and administrators the newest.
    expect(await card(a, briefcase.id, lot.id)).toMatchObject({
      condition: { text: 'Вы победили' },
      deal: { id: dealId, attempt: 1, state: 'failed', state_label: 'Не состоялась', role: 'buyer' },
    });
    // The seller is told who buys now: the card's winner is still the first buyer.
    const [secondBuyer] = await t.ctx.db.select().from(companies).where(eq(companies.id, b.companyId));
    expect((await card(floor.seller, briefcase.id, lot.id)).deal).toMatchObject({
      id: secondId,
      role: 'seller',
      buyer_company: secondBuyer!.name,
    });
    expect((await card(floor.admin, briefcase.id, lot.id)).deal).toMatchObject({
      id: secondId,
      role: 'admin',
    });
    // A third company: the trading's line (grey, no bid of its own), no deal.
    expect(await card(stranger, briefcase.id, lot.id)).toMatchObject({
      condition: { text: 'Победил другой участник', color: 'grey' },
      deal: null,
    });
  });
});
