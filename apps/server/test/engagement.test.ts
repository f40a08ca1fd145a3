import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, surveyAnswers } from '../src/db/schema/index.ts';
import { recordEvent } from '../src/modules/events/events.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

describe.each(DRIVERS)('events and surveys on %s', (driver) => {
  let t: TestApp;
  let seller: { id: number };
  let buyer: { id: number };

  beforeAll(async () => {
    t = await createTestApp(driver);
    seller = await buildCompany(t.ctx.db, { seller: true });
    buyer = await buildCompany(t.ctx.db);
  });
  afterAll(() => t.close());

  async function newUser(company: { id: number } | null = buyer) {
    const user = await buildUser(t.ctx.db, { company, owner: false });
    return { user, token: (await signIn(t.app, user.email!)).jwt.token };
  }
  const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  describe('events', () => {
    it('pages the user’s own events, newest first, and marks them read', async () => {
      const { user, token } = await newUser();
      const other = await newUser();
      const briefcase = await buildBriefcase(t.ctx.db, seller);
      for (let i = 0; i < 5; i++) {
        t.clock.advance(60_000);
        await recordEvent(t.ctx.db, user.id, {
          kind: i === 4 ? 'outbid' : 'briefcase_status',
          text: `Событие ${i + 1}`,
          briefcaseId: briefcase.id,
          at: t.ctx.now(),
        });
      }
      await recordEvent(t.ctx.db, other.user.id, { kind: 'won', text: 'Чужое', at: t.ctx.now() });

      const first = await get(token, '/api/v1/events?page=1&per_page=2');
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ count: 5, total_pages: 3, unread_count: 5 });
      expect(first.json().data.collection).toEqual([
        expect.objectContaining({
          kind: 'outbid',
          text: 'Событие 5',
          briefcase_id: briefcase.id,
          lot_id: null,
          read: false,
        }),
        expect.objectContaining({ text: 'Событие 4' }),
      ]);
      const last = await get(token, '/api/v1/events?page=3&per_page=2');
      expect(last.json().data.collection.map((e: { text: string }) => e.text)).toEqual(['Событие 1']);

      const ids = first.json().data.collection.map((e: { id: number }) => e.id);
      const foreignId = (await t.ctx.db.select().from(events).where(eq(events.userId, other.user.id)))[0]!.id;
      const marked = await post(token, '/api/v1/events/read', { ids: [...ids, foreignId] });
      expect(marked.json().data).toEqual({ marked: 2 });
      expect((await get(token, '/api/v1/events')).json().data.unread_count).toBe(3);
      expect((await get(other.token, '/api/v1/events')).json().data.collection[0].read).toBe(false);
      await post(token, '/api/v1/events/read', {});
      expect((await get(token, '/api/v1/events')).json().data.unread_count).toBe(0);
    });

    it('refuses a page below 1 or a page size over 100', async () => {
      const { token } = await newUser();
      expect((await get(token, '/api/v1/events?page=0')).statusCode).toBe(422);
      expect((await get(token, '/api/v1/events?per_page=101')).statusCode).toBe(422);
    });
  });

  describe('satisfaction survey (CSI)', () => {
    it('is offered on the trade page of a finished procedure until answered there', async () => {
      const { user, token } = await newUser();
      const finished = await buildBriefcase(t.ctx.db, seller, { status: 'finished' });
      const active = await buildBriefcase(t.ctx.db, seller, { status: 'active' });
      const path = `/briefcases/${finished.id}/trade`;

      const trigger = await get(token, `/api/v1/csi/trigger?path=${encodeURIComponent(`${path}?page=2`)}`);
      expect(trigger.statusCode).toBe(200);
      expect(trigger.json().data).toMatchObject({
        action: 'trade',
        name: 'csi',
        questions: [
          { id: 'satisfied', kind: 'bool' },
          { id: 'rating', kind: 'rating', max_rating: 5 },
          { id: 'comment', kind: 'string', max_length: 250 },
        ],
      });
      expect(
        (await get(token, `/api/v1/csi/trigger?path=/briefcases/${active.id}/trade`)).json().data,
      ).toBeNull();
      expect((await get(token, '/api/v1/csi/trigger?path=/profile')).json().data).toBeNull();

      const rate = (payload: object) => post(token, '/api/v1/csi/rating', payload);
      const tooMany = await rate({ csi_action: 'trade', path, satisfied: true, rating: 6 });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors).toEqual({ rating: ['Поставьте от 1 до 5 звёзд'] });
      const long = await rate({ csi_action: 'trade', path, satisfied: true, comment: 'я'.repeat(251) });
      expect(long.json().errors).toEqual({ comment: ['Комментарий — не более 250 символов'] });
      const mismatch = await rate({ csi_action: 'trade', path, briefcase_id: active.id, satisfied: true });
      expect(mismatch.json().errors).toEqual({
        briefcase_id: ['Процедура не совпадает со страницей опроса'],
      });
      const early = await rate({
        csi_action: 'trade',
        path: `/briefcases/${active.id}/trade`,
        satisfied: true,
      });
      expect(early.statusCode).toBe(404);

      const done = await rate({
        csi_action: 'trade',
        path,
        briefcase_id: finished.id,
        satisfied: false,
        rating: 3,
        comment: ' Мало времени на ставку ',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().message).toBe('Спасибо за ваш отзыв!');
      const [stored] = await t.ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, user.id));
      expect(stored).toMatchObject({
        name: 'csi',
        path,
        briefcaseId: finished.id,
        satisfied: false,
        rating: 3,
        comment: 'Мало времени на ставку',
      });
      expect((await get(token, `/api/v1/csi/trigger?path=${path}`)).json().data).toBeNull();
      const again = await rate({ csi_action: 'trade', path, satisfied: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Вы уже ответили на этот опрос');
    });

    it('is not offered on a procedure the user may not open', async () => {
      const newcomer = await newUser(
        await buildCompany(t.ctx.db, { goodStanding: false, accreditationStatus: 'pending' }),
      );
      const finished = await buildBriefcase(t.ctx.db, seller, { status: 'closed' });
      const path = `/briefcases/${finished.id}/trade`;
      expect((await get(newcomer.token, `/api/v1/csi/trigger?path=${path}`)).json().data).toBeNull();
      const rating = await post(newcomer.token, '/api/v1/csi/rating', {
        csi_action: 'trade',
        path,
        satisfied: true,
      });
      expect(rating.statusCode).toBe(404);
    });

    it('takes one answer when the same rating is sent twice at once', async () => {
      const { user, token } = await newUser();
      const body = { csi_action: 'wizard', path: '/briefcases/new', satisfied: true, rating: 5 };
      const results = await Promise.all([
        post(token, '/api/v1/csi/rating', body),
        post(token, '/api/v1/csi/rating', body),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(
        await t.ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, user.id)),
      ).toHaveLength(1);
    });
  });

  describe('named surveys', () => {
    it('offers a survey by name until answered, checking each answer against its question', async () => {
      const { user, token } = await newUser();
      const trigger = await get(token, '/api/v1/surveys/trigger?name=onboarding');
      expect(trigger.json().data).toMatchObject({ name: 'onboarding', title: 'Расскажите о себе' });
      expect((await get(token, '/api/v1/surveys/trigger?name=unknown')).statusCode).toBe(404);

      const answer = (answers: object) =>
        post(token, '/api/v1/surveys/answer', { name: 'onboarding', answer: { path: '/profile', answers } });
      const bad = await answer({ easy_registration: 'да', rating: 9, source: 'я'.repeat(251), extra: 1 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({
        'answer.answers.easy_registration': ['Ответьте «да» или «нет»'],
        'answer.answers.rating': ['Поставьте от 1 до 5 звёзд'],
        'answer.answers.source': ['Не более 250 символов'],
        'answer.answers.extra': ['В опросе нет такого вопроса'],
      });
      expect((await answer({})).json().message).toBe('Ответьте хотя бы на один вопрос');

      const ok = await answer({ easy_registration: true, rating: 4, source: 'Коллеги' });
      expect(ok.statusCode).toBe(200);
      const [stored] = await t.ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, user.id));
      expect(stored).toMatchObject({ name: 'onboarding', path: '/profile', rating: 4 });
      expect((await get(token, '/api/v1/surveys/trigger?name=onboarding')).json().data).toBeNull();
      expect((await answer({ rating: 5 })).statusCode).toBe(409);
    });
  });
});
