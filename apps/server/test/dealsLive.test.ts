/**
 * A deal's steps are announced live on DealsStream (issue 32, decisions/0261): a channel subscribed without a
 * procedure, so "Мои сделки" and the administrator's deals page follow every deal. Its buyer, its seller and every
 * administrator hear each step; a member of a third company subscribed to the same channel does not.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, lots } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildLot } from './support/factories.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

const HOUR = 3_600_000;

describe.each(DRIVERS)('deals live on %s', (driver) => {
  let t: TestApp;
  let url: string;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    call = api(t);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  /** A socket of the trader subscribed to DealsStream only (no procedure named). */
  async function dealsStream(who: Trader): Promise<LiveTestClient> {
    const client = await connectLive(url, who.token);
    clients.push(client);
    client.send({ command: 'subscribe', channel: 'DealsStream' });
    const reply = await client.waitFor((m) => m.type === 'subscribed' || m.type === 'rejected');
    expect(reply).toMatchObject({ type: 'subscribed', channel: 'DealsStream', briefcase_id: null });
    return client;
  }

  /** A finished lot whose seller picks buyer A's bid: the deal opens. */
  async function wonLot(winner: Trader) {
    const now = t.clock.now().getTime();
    const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
    const briefcase = await buildBriefcase(t.ctx.db, floor.sellerCompany, { status: 'finished', ...times });
    const lot = await buildLot(t.ctx.db, briefcase, {
      status: 'finished',
      startPrice: 1_000_000,
      stepPrice: 100_000,
      bidsCount: 1,
      ...times,
    });
    const [bid] = await t.ctx.db
      .insert(bids)
      .values({
        lotId: lot.id,
        briefcaseId: briefcase.id,
        userId: winner.userId,
        companyId: winner.companyId,
        amount: 1_200_000,
      })
      .returning();
    await t.ctx.db
      .update(lots)
      .set({ leaderBidId: bid!.id, currentPrice: 1_200_000 })
      .where(eq(lots.id, lot.id));
    const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
      bid_id: bid!.id,
    });
    expect(chosen.statusCode).toBe(200);
    const deal = (await call.get(winner, `/api/v1/lots/${lot.id}/deal`)).json().data as { id: number };
    return { briefcase, lot, deal };
  }

  const dealUpdate = (client: LiveTestClient, dealId: number, state: string) =>
    client.waitFor(
      (m) =>
        m.action === 'deal_update' &&
        (m.payload as { deal_id: number; state: string }).deal_id === dealId &&
        (m.payload as { state: string }).state === state,
    );

  /** Whatever the server sent the socket before it answers a ping (commands and deliveries keep their order). */
  async function settled(client: LiveTestClient): Promise<Record<string, unknown>[]> {
    const before = client.messages.length;
    client.send({ command: 'ping' });
    await client.waitFor((m) => m.type === 'pong' && client.messages.indexOf(m) >= before);
    return client.messages;
  }

  it('tells the deal’s buyer, its seller and an administrator of each step, and nobody of a third company', async () => {
    const [buyer, , third] = floor.buyers as [Trader, Trader, Trader];
    const buyerSocket = await dealsStream(buyer);
    const sellerSocket = await dealsStream(floor.seller);
    const adminSocket = await dealsStream(floor.admin);
    const thirdSocket = await dealsStream(third);

    const { briefcase, lot, deal } = await wonLot(buyer);
    for (const socket of [buyerSocket, sellerSocket, adminSocket]) {
      const opened = await dealUpdate(socket, deal.id, 'awaiting_signatures');
      expect(opened).toMatchObject({
        channel: 'DealsStream',
        briefcase_id: briefcase.id,
        payload: { lot_id: lot.id, briefcase_id: briefcase.id, attempt: 1 },
      });
    }

    // A step: the administrator cancels the deal; every side's list hears it.
    const cancelled = await call.send(floor.admin, 'POST', `/api/v1/deals/${deal.id}/cancel`, {
      reason: 'Продавец отозвал реестр',
    });
    expect(cancelled.statusCode).toBe(200);
    for (const socket of [buyerSocket, sellerSocket, adminSocket])
      await dealUpdate(socket, deal.id, 'cancelled');

    // The third company's member, on the very same channel, heard neither the opening nor the step.
    await settled(thirdSocket);
    expect(thirdSocket.messages.filter((m) => m.action === 'deal_update')).toEqual([]);
  });

  it('refuses DealsStream before signing in', async () => {
    const anonymous = await connectLive(url);
    clients.push(anonymous);
    anonymous.send({ command: 'subscribe', channel: 'DealsStream' });
    expect(await anonymous.waitFor((m) => m.type === 'rejected')).toMatchObject({
      channel: 'DealsStream',
      message: 'Требуется вход в систему',
    });
  });
});
