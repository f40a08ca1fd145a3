import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

/** The last spec calls of the feed and the wizard (spec 2 §7, spec 1 §7; decision 0065). */
describe.each(DRIVERS)('calendar, company search, feed company filter and typeahead on %s', (driver) => {
  let t: TestApp;
  const tokens: Record<'seller' | 'buyer' | 'newbie' | 'admin', string> = {} as never;
  type Named =
    | 'bank'
    | 'pko'
    | 'legal'
    | 'draftsOnly'
    | 'buyer'
    | 'newbie'
    | 'sellerOnly'
    | 'octEdge'
    | 'novFirst'
    | 'novA'
    | 'novB'
    | 'draft'
    | 'hidden'
    | 'decFirst'
    | 'january';
  let ids: Record<Named, number>;
  /** Moscow wall time as an instant: month 1-12. */
  const msk = (month: number, day: number, hour = 11, year = 2026) =>
    new Date(Date.UTC(year, month - 1, day, hour - 3));

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.ctx.db;
    const bank = await buildCompany(db, { name: 'АО «Альфа Банк Тест»', kind: 'bank', seller: true });
    const pko = await buildCompany(db, { name: 'ООО «ПКО Взыскание»', okved: '82.91.1', seller: true });
    const legal = await buildCompany(db, { name: 'ООО «Торговый дом»', okved: '46.90', seller: true });
    const draftsOnly = await buildCompany(db, { name: 'ООО «Только черновики»', seller: true });
    const buyer = await buildCompany(db, { name: 'ООО «Покупатель»' });
    const newbie = await buildCompany(db, {
      name: 'ООО «Новичок»',
      goodStanding: false,
      accreditationStatus: 'pending',
    });
    const sellerOnly = await buildCompany(db, { name: 'ООО «Не покупает»', buyer: false });
    tokens.seller = (await signIn(t.app, (await buildUser(db, { company: bank })).email!)).jwt.token;
    tokens.buyer = (await signIn(t.app, (await buildUser(db, { company: buyer })).email!)).jwt.token;
    tokens.newbie = (await signIn(t.app, (await buildUser(db, { company: newbie })).email!)).jwt.token;
    tokens.admin = (
      await signIn(t.app, (await buildUser(db, { company: null, role: 'admin' })).email!)
    ).jwt.token;

    // November 2026 in Moscow, with its neighbours: 31 Oct 23:30 and 1 Dec 00:30 Moscow are the edges.
    const octEdge = await buildBriefcase(db, bank, { status: 'closed', startDatetime: msk(10, 31, 23) });
    const novFirst = await buildBriefcase(db, pko, {
      status: 'active',
      auctionType: 'dutch',
      kind: 'agent',
      startDatetime: msk(11, 1, 0),
    });
    const novA = await buildBriefcase(db, bank, { status: 'ready', startDatetime: msk(11, 20, 10) });
    const novB = await buildBriefcase(db, legal, { status: 'ready', startDatetime: msk(11, 20, 15) });
    const draft = await buildBriefcase(db, bank, { status: 'created', startDatetime: msk(11, 21) });
    const hidden = await buildBriefcase(db, draftsOnly, { status: 'pending', startDatetime: msk(11, 22) });
    const decFirst = await buildBriefcase(db, legal, { status: 'ready', startDatetime: msk(12, 1, 0) });
    const january = await buildBriefcase(db, bank, { status: 'ready', startDatetime: msk(1, 5, 11, 2027) });
    ids = {
      bank: bank.id,
      pko: pko.id,
      legal: legal.id,
      draftsOnly: draftsOnly.id,
      buyer: buyer.id,
      newbie: newbie.id,
      sellerOnly: sellerOnly.id,
      octEdge: octEdge.id,
      novFirst: novFirst.id,
      novA: novA.id,
      novB: novB.id,
      draft: draft.id,
      hidden: hidden.id,
      decFirst: decFirst.id,
      january: january.id,
    };
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
  const daysOf = (body: { data: { briefcases: Record<string, { id: number }[]> } }) =>
    Object.fromEntries(
      Object.entries(body.data.briefcases).map(([day, list]) => [day, list.map((b) => b.id)]),
    );

  describe('GET /api/v1/calendar', () => {
    it('gives three Moscow months around start_datetime by day, one entry per procedure the viewer may see', async () => {
      const response = await get(
        `/api/v1/calendar?start_datetime=${encodeURIComponent('2026-11-15T00:00:00+03:00')}&month_offset=three`,
        tokens.buyer,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=60');
      const body = response.json();
      expect(body.data.from).toBe('2026-09-30T21:00:00.000Z');
      expect(body.data.to).toBe('2026-12-31T21:00:00.000Z');
      // The buyer sees neither the seller's draft nor another seller's pending procedure; January is outside.
      expect(daysOf(body)).toEqual({
        '2026-10-31': [ids.octEdge],
        '2026-11-01': [ids.novFirst],
        '2026-11-20': [ids.novA, ids.novB],
        '2026-12-01': [ids.decFirst],
      });
      expect(body.data.briefcases['2026-11-01'][0]).toEqual({
        id: ids.novFirst,
        attributes: {
          auction_type: 'dutch',
          kind: 'agent',
          status: 'active',
          start_datetime: msk(11, 1, 0).toISOString(),
          company_name: 'ООО «ПКО Взыскание»',
        },
      });
    });

    it('gives the month before or after alone with prev and next; the seller sees its own draft', async () => {
      const prev = await get(
        '/api/v1/calendar?start_datetime=2026-12-10T12:00:00%2B03:00&month_offset=prev',
        tokens.seller,
      );
      expect(Object.keys(prev.json().data.briefcases).sort()).toEqual([
        '2026-11-01',
        '2026-11-20',
        '2026-11-21',
      ]);
      expect(prev.json().data.briefcases['2026-11-21'].map((b: { id: number }) => b.id)).toEqual([ids.draft]);
      const next = await get(
        '/api/v1/calendar?start_datetime=2026-12-10T12:00:00%2B03:00&month_offset=next',
        tokens.seller,
      );
      expect(daysOf(next.json())).toEqual({ '2027-01-05': [ids.january] });
      const admin = await get(
        '/api/v1/calendar?start_datetime=2026-11-30T23:59:00%2B03:00&month_offset=prev',
        tokens.admin,
      );
      expect(daysOf(admin.json())).toEqual({ '2026-10-31': [ids.octEdge] });
    });

    it('keeps a month for 60 s: a procedure added meanwhile shows after that', async () => {
      const url = '/api/v1/calendar?start_datetime=2027-03-10T12:00:00%2B03:00&month_offset=prev';
      expect(daysOf((await get(url, tokens.buyer)).json())).toEqual({});
      const added = await buildBriefcase(
        t.ctx.db,
        { id: ids.bank },
        {
          status: 'ready',
          startDatetime: msk(2, 14, 11, 2027),
        },
      );
      t.clock.advance(59_000);
      expect(daysOf((await get(url, tokens.buyer)).json())).toEqual({});
      t.clock.advance(2_000);
      expect(daysOf((await get(url, tokens.buyer)).json())).toEqual({ '2027-02-14': [added.id] });
    });

    it('lists procedures starting at one minute in the order of the feed of that day (the carousel)', async () => {
      const at = msk(6, 10, 12, 2027);
      const made = [];
      for (const company of [ids.legal, ids.bank, ids.pko])
        made.push(await buildBriefcase(t.ctx.db, { id: company }, { status: 'ready', startDatetime: at }));
      try {
        const byId = made.map((b) => b.id).sort((a, b) => a - b);
        const calendar = daysOf(
          (
            await get(
              '/api/v1/calendar?start_datetime=2027-06-10T12:00:00%2B03:00&month_offset=three',
              tokens.buyer,
            )
          ).json(),
        );
        expect(calendar['2027-06-10']).toEqual(byId);
        const day = new URLSearchParams({
          start_datetime: '2027-06-10T00:00:00+03:00',
          end_datetime: '2027-06-10T23:59:59.999+03:00',
        });
        const feed = async (direction: 'asc' | 'desc') =>
          (
            await get(
              `/api/v1/briefcases?per_page=100&order=start_datetime&order_direction=${direction}&${day}`,
              tokens.buyer,
            )
          )
            .json()
            .data.briefcases.map((b: { id: number }) => b.id);
        // The day's carousel (the feed of that day, soonest first) walks them as the calendar's day lists them.
        expect(await feed('asc')).toEqual(byId);
        expect(await feed('desc')).toEqual([...byId].reverse());
      } finally {
        for (const b of made) await t.ctx.db.delete(briefcases).where(eq(briefcases.id, b.id));
      }
    });

    it('needs a signed-in user and a valid start and offset', async () => {
      expect((await get('/api/v1/calendar?start_datetime=2026-11-01T00:00:00Z')).statusCode).toBe(401);
      expect((await get('/api/v1/calendar?month_offset=three', tokens.buyer)).statusCode).toBe(422);
      expect((await get('/api/v1/calendar?start_datetime=вчера', tokens.buyer)).statusCode).toBe(422);
      const wrong = await get(
        '/api/v1/calendar?start_datetime=2026-11-01T00:00:00Z&month_offset=four',
        tokens.buyer,
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().status).toBe('error');
      // A user under review sees the calendar too (spec 2 §6: browse list, calendar), with what the feed shows.
      const newbie = await get('/api/v1/calendar?start_datetime=2026-11-15T00:00:00Z', tokens.newbie);
      expect(newbie.statusCode).toBe(200);
      expect(newbie.json().data.briefcases['2026-11-21']).toBeUndefined();
    });
  });

  describe('GET /api/v1/briefcases/company_search.json', () => {
    type Suggestion = {
      id: number;
      attributes: { name: string; kind: string; pko: boolean; selected: boolean };
    };
    const names = (body: { data: Suggestion[] }) => body.data.map((c) => c.attributes.name);

    it('answers on its own path (not the card route) with the sellers of visible procedures', async () => {
      const response = await get('/api/v1/briefcases/company_search.json', tokens.buyer);
      expect(response.statusCode).toBe(200);
      // order=status by default: a seller trading now first, then those with ready procedures, by name.
      expect(names(response.json())).toEqual([
        'ООО «ПКО Взыскание»',
        'АО «Альфа Банк Тест»',
        'ООО «Торговый дом»',
      ]);
      expect(response.json().data[0]).toEqual({
        id: ids.pko,
        attributes: {
          name: 'ООО «ПКО Взыскание»',
          full_name: expect.any(String),
          kind: 'legal',
          pko: true,
          selected: false,
        },
      });
    });

    it('filters by full_name and by the kind chips, orders by name on request and marks the chosen', async () => {
      const byName = await get(
        `/api/v1/briefcases/company_search.json?full_name=${encodeURIComponent('альфа')}`,
        tokens.buyer,
      );
      expect(names(byName.json())).toEqual(['АО «Альфа Банк Тест»']);
      const kind = async (k: string) =>
        names((await get(`/api/v1/briefcases/company_search.json?kind=${k}`, tokens.buyer)).json());
      expect(await kind('bank')).toEqual(['АО «Альфа Банк Тест»']);
      expect(await kind('pko')).toEqual(['ООО «ПКО Взыскание»']);
      expect(await kind('legal')).toEqual(['ООО «Торговый дом»']);
      expect(await kind('mfo')).toEqual([]);
      const ordered = await get(
        `/api/v1/briefcases/company_search.json?order=name&company_ids[]=${ids.legal}`,
        tokens.buyer,
      );
      expect(ordered.json().data.map((c: Suggestion) => [c.attributes.name, c.attributes.selected])).toEqual([
        ['ООО «Торговый дом»', true],
        ['АО «Альфа Банк Тест»', false],
        ['ООО «ПКО Взыскание»', false],
      ]);
    });

    it('does not reveal a seller whose procedures the viewer cannot see', async () => {
      const buyer = await get(
        `/api/v1/briefcases/company_search.json?company_ids[]=${ids.draftsOnly}`,
        tokens.buyer,
      );
      expect(names(buyer.json())).not.toContain('ООО «Только черновики»');
      const admin = await get('/api/v1/briefcases/company_search.json?kind=legal', tokens.admin);
      expect(names(admin.json())).toContain('ООО «Только черновики»');
      expect((await get('/api/v1/briefcases/company_search.json')).statusCode).toBe(401);
      expect((await get('/api/v1/briefcases/company_search.json?kind=zoo', tokens.buyer)).statusCode).toBe(
        422,
      );
    });
  });

  describe('the feed filter company_ids[]', () => {
    const feedIds = async (query: string) =>
      (await get(`/api/v1/briefcases?per_page=100&${query}`, tokens.buyer))
        .json()
        .data.briefcases.map((b: { id: number }) => b.id)
        .sort((a: number, b: number) => a - b);

    it('filters by the bracket form the spec and the web client send, one or several', async () => {
      expect(await feedIds(`company_ids[]=${ids.pko}`)).toEqual([ids.novFirst]);
      expect(await feedIds(`company_ids[]=${ids.pko}&company_ids[]=${ids.legal}`)).toEqual(
        [ids.novFirst, ids.novB, ids.decFirst].sort((a, b) => a - b),
      );
      expect(await feedIds(`company_ids=${ids.legal}`)).toEqual(
        [ids.novB, ids.decFirst].sort((a, b) => a - b),
      );
    });

    it('an end alone (the default window, today + 30 days) keeps procedures with no start date; a range does not', async () => {
      const undated = await buildBriefcase(
        t.ctx.db,
        { id: ids.legal },
        {
          status: 'ready',
          startDatetime: null,
          endDatetime: null,
        },
      );
      const until = encodeURIComponent('2026-11-30T23:59:59.999+03:00');
      const from = encodeURIComponent('2026-11-01T00:00:00+03:00');
      // decFirst starts on 1 Dec, after the window's end; novB on 20 Nov; the new one has no date yet.
      expect(await feedIds(`company_ids[]=${ids.legal}&end_datetime=${until}`)).toEqual(
        [ids.novB, undated.id].sort((a, b) => a - b),
      );
      expect(
        await feedIds(`company_ids[]=${ids.legal}&start_datetime=${from}&end_datetime=${until}`),
      ).toEqual([ids.novB]);
      expect(await feedIds(`company_ids[]=${ids.legal}`)).toEqual(
        [ids.novB, ids.decFirst, undated.id].sort((a, b) => a - b),
      );
      await t.ctx.db.delete(briefcases).where(eq(briefcases.id, undated.id));
    });

    it('refuses ids beyond the database integer with 422', async () => {
      const response = await get('/api/v1/briefcases?company_ids[]=99999999999', tokens.buyer);
      expect(response.statusCode).toBe(422);
      expect(response.json().status).toBe('error');
    });
  });

  describe('GET /companies/typeahead.json', () => {
    type Item = {
      id: number;
      attributes: { full_name: string; inn: string | null; kind_name: string; error: string | null };
    };

    it('suggests companies by name or INN with their kind, an error on those that cannot bid, not the own one', async () => {
      const response = await get(
        `/companies/typeahead.json?full_name=${encodeURIComponent('ООО')}`,
        tokens.seller,
      );
      expect(response.statusCode).toBe(200);
      const byId = new Map((response.json().data as Item[]).map((c) => [c.id, c.attributes]));
      expect(byId.get(ids.buyer)).toMatchObject({ kind_name: 'Юридическое лицо', error: null });
      expect(byId.get(ids.newbie)?.error).toBe('Компания не аккредитована');
      expect(byId.get(ids.sellerOnly)?.error).toBe('Компания не является покупателем');
      const own = await get(
        `/companies/typeahead.json?full_name=${encodeURIComponent('Альфа')}`,
        tokens.seller,
      );
      expect(own.json().data).toEqual([]);
      const inn = byId.get(ids.buyer)!.inn!;
      const byInn = await get(`/companies/typeahead.json?full_name=${inn}`, tokens.admin);
      expect(byInn.json().data.map((c: Item) => c.id)).toEqual([ids.buyer]);
    });

    it('is for signed-in users of accredited companies and administrators', async () => {
      expect((await get('/companies/typeahead.json?full_name=ООО')).statusCode).toBe(401);
      expect((await get('/companies/typeahead.json?full_name=ООО', tokens.newbie)).statusCode).toBe(403);
      expect((await get('/companies/typeahead.json?full_name=ООО', tokens.admin)).statusCode).toBe(200);
    });
  });
});
