import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRequests } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany } from './support/factories.ts';
import { outbox } from './support/outbox.ts';

describe.each(DRIVERS)('public area on %s', (driver) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let sellerId: number;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.ctx.db;
    const seller = await buildCompany(db, {
      name: 'АО «Банк»',
      kind: 'bank',
      seller: true,
      logoKey: 'company_logos/1/abc.png',
    });
    sellerId = seller.id;
    const plain = await buildCompany(db, { name: 'ООО «Без логотипа»', seller: true });
    const day = (d: number, h = 8) => new Date(Date.UTC(2026, 10, d, h));
    const make = async (
      key: string,
      company: { id: number },
      values: Parameters<typeof buildBriefcase>[2],
    ) => {
      ids[key] = (await buildBriefcase(db, company, values)).id;
    };
    // The clock stands at 2026-11-22 09:00 UTC.
    await make('active', seller, { status: 'active', auctionType: 'dutch', startDatetime: day(22, 7) });
    await make('later', plain, { status: 'ready', startDatetime: day(25) });
    await make('nearest', seller, {
      status: 'ready',
      auctionType: 'private_requests',
      startDatetime: day(23),
    });
    await make('recent', seller, { status: 'closed', startDatetime: day(17), endDatetime: day(17, 12) });
    await make('cancelled', seller, { status: 'rejected', publishedAt: day(10), startDatetime: day(20) });
    await make('old', seller, {
      status: 'closed',
      startDatetime: day(1, 8),
      endDatetime: new Date(Date.UTC(2026, 9, 1)),
    });
    await make('draft', seller, { status: 'created', startDatetime: day(26) });
    await make('moderation', seller, { status: 'pending', startDatetime: day(27) });
    await make('refused', seller, { status: 'rejected', startDatetime: day(24) });
    await make('hidden', seller, { status: 'active', hidden: true, startDatetime: day(22, 6) });
  });
  afterAll(() => t.close());

  it('shows the schedule without signing in: active, nearest upcoming and recently ended, no drafts, no hidden', async () => {
    const response = await t.app.inject({ url: '/api/v1/public_briefcases' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.data.map((item: { id: number }) => item.id)).toEqual([
      ids.recent,
      ids.cancelled,
      ids.active,
      ids.nearest,
      ids.later,
    ]);
    const nearest = body.data.find((item: { id: number }) => item.id === ids.nearest);
    expect(nearest).toEqual({
      id: ids.nearest,
      attributes: {
        auction_type: 'private_requests',
        start_datetime: '2026-11-23T08:00:00.000Z',
        status: 'ready',
        nearest: true,
        company: { name: 'АО «Банк»', logo_url: `/api/v1/files/company_logos/${sellerId}` },
      },
    });
    expect(
      body.data.filter((item: { attributes: { nearest: boolean } }) => item.attributes.nearest),
    ).toHaveLength(1);
    expect(
      body.data.find((item: { id: number }) => item.id === ids.later).attributes.company.logo_url,
    ).toBeNull();
  });

  describe('call request', () => {
    const valid = { phone: '+7 916 555-44-33', full_name: 'Иванов Иван Иванович', policy_agreement: true };
    const send = (payload: object | undefined, remoteAddress: string, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/feedback/phone${query}`,
        remoteAddress,
        ...(payload ? { payload } : {}),
      });

    it('stores the request and tells the operators', async () => {
      const response = await send({ ...valid, mode: 'tune_lotting' }, '10.0.0.1');
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        'Заявка на звонок успешно отправлена. Ожидайте звонка, скоро с вами свяжется оператор.',
      );
      const rows = await t.ctx.db.select().from(callRequests);
      expect(rows.at(-1)).toMatchObject({
        fullName: 'Иванов Иван Иванович',
        phone: '79165554433',
        mode: 'tune_lotting',
        policyAgreement: true,
      });
      const [mail] = await outbox(t.app, 'support@etp-rd.ru');
      expect(mail!.body).toContain('Телефон: +79165554433');
      expect(mail!.body).toContain('Тема: Настроить лотирование');
    });

    it('takes the fields from the query, as the spec sends them', async () => {
      const query = `?phone=${encodeURIComponent('89165554434')}&full_name=${encodeURIComponent('Петрова Анна')}&policy_agreement=true`;
      expect((await send(undefined, '10.0.0.2', query)).statusCode).toBe(200);
    });

    it('refuses an unticked policy box, a bad phone, a bad name and an unknown mode, storing nothing', async () => {
      const before = (await t.ctx.db.select().from(callRequests)).length;
      const unticked = await send({ ...valid, policy_agreement: false }, '10.0.0.3');
      expect(unticked.statusCode).toBe(422);
      expect(unticked.json().errors).toEqual({ policy_agreement: ['Необходимо ваше согласие'] });
      expect((await send({ ...valid, policy_agreement: undefined }, '10.0.0.3')).json().errors).toEqual({
        policy_agreement: ['Необходимо ваше согласие'],
      });
      const phone = await send({ ...valid, phone: '+7 123 456-78-90' }, '10.0.0.3');
      expect(phone.json().errors).toEqual({ phone: ['Код города может начинаться только с 3, 4, 8 и 9'] });
      const name = await send({ ...valid, full_name: 'Ivan' }, '10.0.0.3');
      expect(name.json().errors).toEqual({
        full_name: ['Заполните поле русскими буквами без цифр и знаков препинания'],
      });
      expect((await send({ ...valid, mode: 'call_me_maybe' }, '10.0.0.3')).statusCode).toBe(422);
      expect((await t.ctx.db.select().from(callRequests)).length).toBe(before);
    });

    it('limits the requests from one address to 5 an hour', async () => {
      const phone = (i: number) => ({ ...valid, phone: `+7 916 555-50-${10 + i}` });
      for (let i = 0; i < 5; i++) expect((await send(phone(i), '10.0.0.9')).statusCode).toBe(200);
      const sixth = await send(phone(5), '10.0.0.9');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({
        status: 'error',
        code: 'rate_limited',
        message: 'Вы уже отправили несколько заявок. Попробуйте позже или позвоните нам.',
      });
      expect((await send(phone(6), '10.0.0.10')).statusCode).toBe(200);
    });

    it('limits the requests for one phone to 5 an hour, from however many addresses', async () => {
      const one = { ...valid, phone: '+7 916 555-60-00' };
      for (let i = 0; i < 5; i++) expect((await send(one, `10.1.0.${i}`)).statusCode).toBe(200);
      const sixth = await send({ ...one, phone: '8 (916) 555-60-00' }, '10.1.0.99');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('rate_limited');
      t.clock.advance(60 * 60_000 + 1);
      expect((await send(one, '10.1.0.100')).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For and a junk Authorization header: 5 an hour per socket address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/v1/feedback/phone',
          remoteAddress: '10.2.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}`, authorization: `Bearer junk-${i}` },
          payload: { ...valid, phone: `+7 916 555-70-${10 + i}` },
        });
        statuses.push(reply.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });
  });
});
