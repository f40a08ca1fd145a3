/**
 * Live subscriptions stay authorised although access decisions and verified tokens are reused for a few seconds
 * (decisions/0019), and a sealed offer never reaches another participant through a live update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('live access on %s', (driver) => {
  let t: TestApp;
  let url: string;
  let floor: Floor;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });
  const MINUTE = 60_000;

  const connect = async (token: string) => {
    const client = await connectLive(url, token);
    clients.push(client);
    return client;
  };
  const subscribe = async (client: LiveTestClient, channel: string, briefcaseId: number) => {
    const before = client.messages.length;
    client.send({ command: 'subscribe', channel, briefcase_id: briefcaseId });
    return client.waitFor(
      (m) =>
        client.messages.indexOf(m) >= before &&
        (m.type === 'subscribed' || m.type === 'rejected') &&
        m.channel === channel,
    );
  };

  it('refuses every unauthorised subscription, also when asked again right away', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const newcomer = await buildUser(t.ctx.db, {
      company: await buildCompany(t.ctx.db, { goodStanding: false }),
    });
    const outsider = await connect((await signIn(t.app, newcomer.email!)).jwt.token);
    for (let i = 0; i < 3; i++) {
      expect(await subscribe(outsider, 'LotsStream', briefcase.id)).toMatchObject({
        type: 'rejected',
        message: 'Доступно только аккредитованным компаниям',
      });
    }
    const buyer = await connect(floor.buyers[0]!.token);
    expect(await subscribe(buyer, 'LotsStream', briefcase.id)).toMatchObject({ type: 'subscribed' });
    // The buyer's allowed LotsStream decision says nothing about the seller's channel.
    expect(await subscribe(buyer, 'BriefcaseStats', briefcase.id)).toMatchObject({
      type: 'rejected',
      message: 'Статистика доступна только организатору',
    });
    expect(await subscribe(buyer, 'LotsStream', briefcase.id + 1000)).toMatchObject({
      type: 'rejected',
      message: 'Торговая процедура не найдена',
    });
  });

  it('never sends a sealed offer to another participant, nor its amount to the seller before the end', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { auctionType: 'private_requests' });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    const rival = await connect(b.token);
    const seller = await connect(floor.seller.token);
    await subscribe(rival, 'LotsStream', briefcase.id);
    await subscribe(seller, 'LotsStream', briefcase.id);
    const offers = [2_345_600];
    for (const amount of offers) {
      const reply = await api(t).bid(a, { lot_id: lot.id, amount });
      expect(reply.statusCode).toBe(200);
    }
    const last = (client: LiveTestClient) =>
      client.waitFor(
        (m) =>
          m.action === 'lot_update' &&
          (m.payload as { id: number; bids_count: number }).id === lot.id &&
          (m.payload as { bids_count: number }).bids_count >= 1,
      );
    expect((await last(rival)).payload).toMatchObject({ current_price: null, leader_tag: null });
    expect((await last(seller)).payload).toMatchObject({ current_price: null, current_bidder_company: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const client of [rival, seller]) {
      const seen = JSON.stringify(client.messages);
      for (const amount of offers) expect(seen).not.toContain(String(amount));
    }
  });

  it("tells each participant live whether it won the seller's choice, and the seller the winner's company", async () => {
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 5 * MINUTE });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    const call = api(t);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    const bidB = (await call.bid(b, { lot_id: lot.id, amount: 1_100_000 })).json().data.bid_id;
    t.clock.advance(5 * MINUTE);
    try {
      await scheduler.tick();
      const [liveA, liveB, seller] = [
        await connect(a.token),
        await connect(b.token),
        await connect(floor.seller.token),
      ];
      for (const client of [liveA, liveB, seller]) await subscribe(client, 'LotsStream', briefcase.id);
      const tagOf = async (who: Floor['buyers'][0]) => (await call.lot(who, lot.id)).my_tag as string;
      const [tagA, tagB] = [await tagOf(a), await tagOf(b)];
      expect(tagA).not.toBe(tagB);
      const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
        bid_id: bidB,
      });
      expect(chosen.statusCode).toBe(200);
      const closed = (client: LiveTestClient) =>
        client.waitFor(
          (m) =>
            m.action === 'lot_update' &&
            (m.payload as { id: number; status: string }).id === lot.id &&
            (m.payload as { status: string }).status === 'closed',
        );
      expect((await closed(liveB)).payload).toMatchObject({ winner_tag: tagB, is_without_winner: false });
      const seenByA = (await closed(liveA)).payload as { winner_tag: string };
      expect(seenByA.winner_tag).not.toBe(tagA);
      expect(seenByA).not.toHaveProperty('winner_company');
      expect((await closed(seller)).payload).toMatchObject({ winner_company: 'ООО «Покупатель 2»' });
    } finally {
      t.clock.advance(-5 * MINUTE);
      await scheduler.stop();
    }
  });
});
