/**
 * The FAQ live (decisions/0180): a change to a procedure's questions reaches those with its Вопрос-ответ tab open
 * on BriefcaseQuestions, and an unpublished question reaches only the seller, the administrators and the asker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import { buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

type Message = Record<string, unknown> & { payload?: { question_id?: number; change?: string } };

describe.each(DRIVERS)('FAQ live on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let url: string;
  let asker: Trader;
  let other: Trader;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    [asker, other] = floor.buyers as [Trader, Trader];
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  /** A socket of `who` following the procedure's FAQ. */
  const follow = async (who: Trader, briefcaseId: number) => {
    const client = await connectLive(url, who.token);
    clients.push(client);
    client.send({ command: 'authenticate', token: who.token });
    client.send({ command: 'subscribe', channel: 'BriefcaseQuestions', briefcase_id: briefcaseId });
    const reply = await client.waitFor((m) => m.type === 'subscribed' || m.type === 'rejected');
    expect(reply).toMatchObject({ type: 'subscribed', channel: 'BriefcaseQuestions' });
    return client;
  };
  const base = (id: number) => `/api/v1/briefcases/${id}/questions`;
  const send = async (who: Trader, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: path,
      headers: bearer(who.token),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number } | null;
  };
  const told = (client: LiveTestClient, questionId: number, change: string) =>
    client.waitFor((m: Message) => m.action === 'questions' && matches(m, questionId, change));
  const matches = (m: Message, questionId: number, change: string) =>
    m.payload?.question_id === questionId && m.payload?.change === change;
  const heard = (client: LiveTestClient, questionId: number) =>
    client.messages.some((m: Message) => m.action === 'questions' && m.payload?.question_id === questionId);

  it('tells only the seller, the administrator and the asker of a question until it is published, then everyone', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const [seller, admin, mine, theirs] = await Promise.all([
      follow(floor.seller, briefcase.id),
      follow(floor.admin, briefcase.id),
      follow(asker, briefcase.id),
      follow(other, briefcase.id),
    ]);

    const asked = await send(
      asker,
      'POST',
      `${base(briefcase.id)}?title=${encodeURIComponent('Есть ли залоги?')}`,
    );
    const id = asked!.id;
    for (const client of [seller, admin, mine]) {
      expect(await told(client, id, 'created')).toMatchObject({
        channel: 'BriefcaseQuestions',
        briefcase_id: briefcase.id,
        payload: { briefcase_id: briefcase.id },
      });
    }

    // A draft answer is still not the other participant's business.
    await send(floor.admin, 'PUT', `${base(briefcase.id)}/${id}`, { answer: 'Нет', status: 'draft' });
    for (const client of [seller, admin, mine]) await told(client, id, 'updated');
    expect(heard(theirs, id)).toBe(false);

    // Published: everyone following the FAQ re-reads it, and sees the answer.
    await send(floor.admin, 'PUT', `${base(briefcase.id)}/${id}`, { status: 'answered' });
    await told(theirs, id, 'updated');
    const page = await t.app.inject({ url: base(briefcase.id), headers: bearer(other.token) });
    expect(page.json().data.questions).toMatchObject([{ id, answer: 'Нет', status: 'answered' }]);

    // Deleting a published question tells everyone, so it leaves every open tab.
    await send(floor.admin, 'DELETE', `${base(briefcase.id)}/${id}`);
    for (const client of [seller, admin, mine, theirs]) await told(client, id, 'deleted');
  });

  it('tells everyone of a question the administrator adds published, and nobody but the staff of a draft', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const [seller, buyer] = await Promise.all([
      follow(floor.seller, briefcase.id),
      follow(other, briefcase.id),
    ]);
    const draft = await send(floor.admin, 'POST', base(briefcase.id), {
      title: 'Черновик',
      answer: 'Позже',
      status: 'draft',
    });
    const published = await send(floor.admin, 'POST', base(briefcase.id), {
      title: 'Опубликован',
      answer: 'Да',
      status: 'answered',
    });
    await told(seller, draft!.id, 'created');
    await told(buyer, published!.id, 'created');
    await told(seller, published!.id, 'created');
    expect(heard(buyer, draft!.id)).toBe(false);

    // Withdrawing a published answer tells the participants too: it must leave their tabs.
    await send(floor.admin, 'PUT', `${base(briefcase.id)}/${published!.id}`, { status: 'draft' });
    await told(buyer, published!.id, 'updated');
    const page = await t.app.inject({ url: base(briefcase.id), headers: bearer(other.token) });
    expect(page.json().data.questions).toEqual([]);
  });

  it('refuses the FAQ channel of a procedure the user may not open', async () => {
    const { briefcase } = await tradingLot(t, floor, { briefcase: { status: 'pending' } });
    const client = await connectLive(url, other.token);
    clients.push(client);
    client.send({ command: 'authenticate', token: other.token });
    client.send({ command: 'subscribe', channel: 'BriefcaseQuestions', briefcase_id: briefcase.id });
    expect(await client.waitFor((m) => m.type === 'subscribed' || m.type === 'rejected')).toMatchObject({
      type: 'rejected',
      channel: 'BriefcaseQuestions',
    });
  });
});
