import type { LotLivePayload } from '@etp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';

describe.each(DRIVERS)('live channels on %s', (driver) => {
  let t: TestApp;
  let url: string;
  let briefcaseId: number;
  const tokens: Record<string, string> = {};
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.ctx.db;
    const seller = await buildCompany(db, { seller: true });
    const buyer = await buildCompany(db);
    const newbie = await buildCompany(db, { goodStanding: false });
    const people = {
      seller: await buildUser(db, { company: seller }),
      buyer: await buildUser(db, { company: buyer }),
      newbie: await buildUser(db, { company: newbie }),
      admin: await buildUser(db, { company: null, role: 'admin' }),
    };
    for (const [key, user] of Object.entries(people))
      tokens[key] = (await signIn(t.app, user.email!)).jwt.token;
    briefcaseId = (await buildBriefcase(db, seller, { status: 'active' })).id;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  const connect = async (who?: string) => {
    const client = await connectLive(url, who ? tokens[who] : undefined);
    clients.push(client);
    return client;
  };
  const subscribe = async (client: LiveTestClient, channel: string) => {
    client.send({ command: 'subscribe', channel, briefcase_id: briefcaseId });
    return client.waitFor((m) => (m.type === 'subscribed' || m.type === 'rejected') && m.channel === channel);
  };

  it('refuses subscriptions before authentication and with a bad token', async () => {
    const anonymous = await connect();
    expect(await subscribe(anonymous, 'LotsStream')).toMatchObject({
      type: 'rejected',
      message: 'Требуется вход в систему',
    });
    const forged = await connect();
    forged.send({ command: 'authenticate', token: 'not-a-token' });
    expect(await forged.waitFor((m) => m.type === 'rejected')).toMatchObject({
      message: 'Требуется вход в систему',
    });
  });

  it('authorises each channel by role and standing', async () => {
    const buyer = await connect('buyer');
    expect((await subscribe(buyer, 'LotsStream')).type).toBe('subscribed');
    expect(await subscribe(buyer, 'BriefcaseStats')).toMatchObject({
      type: 'rejected',
      message: 'Статистика доступна только организатору',
    });
    expect((await subscribe(buyer, 'UsersStream')).type).toBe('rejected');
    const newbie = await connect('newbie');
    expect(await subscribe(newbie, 'LotsStream')).toMatchObject({ type: 'rejected' });
    const seller = await connect('seller');
    expect((await subscribe(seller, 'BriefcaseStats')).type).toBe('subscribed');
    const admin = await connect('admin');
    expect((await subscribe(admin, 'UsersStream')).type).toBe('subscribed');
  });

  it('delivers a published update to subscribers by audience, with its timestamp', async () => {
    const buyer = await connect('buyer');
    const seller = await connect('seller');
    await subscribe(buyer, 'LotsStream');
    await subscribe(seller, 'LotsStream');
    const message = (action: string, payload: object) => ({
      channel: 'LotsStream' as const,
      briefcase_id: briefcaseId,
      action: action as 'lot_update',
      // A marker, not a lot: the test follows who receives what.
      payload: payload as LotLivePayload,
      t: 1,
    });
    await t.ctx.bus.publish({
      message: message('lot_update', { for: 'masters' }),
      audience: { kind: 'masters' },
    });
    await t.ctx.bus.publish({ message: message('lot_update', { for: 'all' }), audience: { kind: 'all' } });
    await buyer.waitFor((m) => (m.payload as { for?: string })?.for === 'all');
    await seller.waitFor((m) => (m.payload as { for?: string })?.for === 'all');
    expect(seller.messages.some((m) => (m.payload as { for?: string })?.for === 'masters')).toBe(true);
    expect(buyer.messages.some((m) => (m.payload as { for?: string })?.for === 'masters')).toBe(false);
    expect(buyer.messages.find((m) => m.action === 'lot_update')).toMatchObject({
      t: 1,
      briefcase_id: briefcaseId,
    });
  });
});
