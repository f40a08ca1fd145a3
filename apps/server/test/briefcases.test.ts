import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, briefcaseCompanyLists, briefcases, favouriteBriefcases } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildDocument } from './support/documents.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

describe.each(DRIVERS)('procedure feed and card on %s', (driver) => {
  let t: TestApp;
  const tokens: Record<'seller' | 'buyer' | 'newbie' | 'admin' | 'outsider', string> = {} as never;
  let ids: Record<string, number>;
  let sellerId: number;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.ctx.db;
    // A full name of its own: the factory's ('…«Тест N»', N shared by every file of the worker) could hold the
    // digits of the procedure number the text search looks for.
    const seller = await buildCompany(db, {
      name: 'АО «Банк Продавец»',
      fullName: 'Акционерное общество «Банк Продавец»',
      kind: 'bank',
      seller: true,
    });
    sellerId = seller.id;
    const buyer = await buildCompany(db, { name: 'ООО «ПКО Покупатель»' });
    const outsider = await buildCompany(db, { name: 'ООО «Исключённая»' });
    const newbie = await buildCompany(db, {
      name: 'ООО «Новичок»',
      goodStanding: false,
      accreditationStatus: 'pending',
    });
    const users = {
      seller: await buildUser(db, { company: seller }),
      buyer: await buildUser(db, { company: buyer }),
      newbie: await buildUser(db, { company: newbie }),
      outsider: await buildUser(db, { company: outsider }),
      admin: await buildUser(db, { company: null, role: 'admin' }),
    };
    for (const [key, user] of Object.entries(users)) {
      tokens[key as keyof typeof tokens] = (await signIn(t.app, user.email!)).jwt.token;
    }

    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 8));
    const draft = await buildBriefcase(db, seller, { status: 'created', startDatetime: at(30) });
    const pending = await buildBriefcase(db, seller, { status: 'pending', startDatetime: at(29) });
    const active = await buildBriefcase(db, seller, {
      status: 'active',
      auctionType: 'dutch',
      startDatetime: at(22),
    });
    const hidden = await buildBriefcase(db, seller, { status: 'closed', hidden: true, startDatetime: at(1) });
    const excluded = await buildBriefcase(db, seller, { status: 'ready', startDatetime: at(27) });
    await db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId: excluded.id, companyId: outsider.id, list: 'blacklist' });
    // Twelve published procedures to page through.
    const published = [];
    for (let i = 0; i < 12; i++) {
      published.push(
        await buildBriefcase(db, seller, { status: i % 2 ? 'closed' : 'ready', startDatetime: at(2 + i) }),
      );
    }
    const lot = await buildLot(db, active);
    await buildLot(db, active, { composite: true });
    await db.insert(bids).values([
      {
        lotId: lot.id,
        briefcaseId: active.id,
        userId: users.buyer.id,
        companyId: buyer.id,
        amount: 1_000_000,
      },
      { lotId: lot.id, briefcaseId: active.id, userId: users.buyer.id, companyId: buyer.id, amount: 900_000 },
    ]);
    await db.insert(favouriteBriefcases).values({ userId: users.buyer.id, briefcaseId: published[0]!.id });
    ids = {
      draft: draft.id,
      pending: pending.id,
      active: active.id,
      hidden: hidden.id,
      excluded: excluded.id,
      closed: published[1]!.id,
    };
    await buildDocument(t, published[1]!, { kind: 'template', name: 'Регламент' });
    await buildDocument(t, published[1]!, { kind: 'other', name: 'Записка продавца', extension: 'docx' });
    await buildDocument(t, hidden, { kind: 'template', name: 'Скрытый регламент' });
  });
  afterAll(() => t.close());

  const feed = (who: keyof typeof tokens, query = '') =>
    t.app.inject({ url: `/api/v1/briefcases${query}`, headers: bearer(tokens[who]) });
  const card = (who: keyof typeof tokens, id: number) =>
    t.app.inject({ url: `/api/v1/briefcases/${id}`, headers: bearer(tokens[who]) });

  it('pages the feed ten at a time and counts every status', async () => {
    const first = (await feed('buyer')).json().data;
    expect(first.briefcases).toHaveLength(10);
    expect(first.total_count).toBe(14);
    expect(first.total_pages).toBe(2);
    expect(first.statuses_counts).toMatchObject({
      ready: 7,
      closed: 6,
      active: 1,
      created: 0,
      all_closed: 6,
    });
    const second = (await feed('buyer', '?page=2')).json().data;
    expect(second.briefcases).toHaveLength(4);
    const seen = new Set([...first.briefcases, ...second.briefcases].map((b: { id: number }) => b.id));
    expect(seen.size).toBe(14);
  });

  it('puts the procedure trading now first and carries its counters', async () => {
    const [top] = (await feed('buyer')).json().data.briefcases;
    expect(top.id).toBe(ids.active);
    expect(top.attributes).toMatchObject({
      status: 'active',
      auction_type: 'dutch',
      lots_count: 2,
      bids_count: 2,
      bidders_count: 1,
      company: { name: 'АО «Банк Продавец»', kind: 'bank' },
      human_activity: 'Банковская деятельность',
      human_source_kind: 'Просроченная задолженность',
      can_show: true,
    });
  });

  it('orders trading and upcoming procedures soonest first, then the rest newest first', async () => {
    const list = (await feed('buyer', '?per_page=100')).json().data.briefcases as {
      attributes: { status: string; start_datetime: string };
    }[];
    const days = list.map(
      (b) => `${b.attributes.status} ${new Date(b.attributes.start_datetime).getUTCDate()}`,
    );
    expect(days).toEqual([
      'active 22',
      ...[2, 4, 6, 8, 10, 12, 27].map((d) => `ready ${d}`),
      ...[13, 11, 9, 7, 5, 3].map((d) => `closed ${d}`),
    ]);
  });

  it('shows drafts only to their seller and to administrators', async () => {
    const buyerIds = (await feed('buyer', '?per_page=100'))
      .json()
      .data.briefcases.map((b: { id: number }) => b.id);
    expect(buyerIds).not.toContain(ids.draft);
    expect(buyerIds).not.toContain(ids.pending);
    expect(buyerIds).not.toContain(ids.hidden);
    for (const who of ['seller', 'admin'] as const) {
      const list = (await feed(who, '?per_page=100')).json().data.briefcases.map((b: { id: number }) => b.id);
      expect(list).toEqual(expect.arrayContaining([ids.draft, ids.pending, ids.hidden]));
    }
    expect((await card('buyer', ids.draft!)).statusCode).toBe(404);
    expect((await card('seller', ids.draft!)).json().data.attributes.is_master).toBe(true);
  });

  it('filters by status group, auction type, text and tab', async () => {
    const archived = (await feed('buyer', '?status=all_closed')).json().data;
    expect(
      archived.briefcases.every((b: { attributes: { status: string } }) => b.attributes.status === 'closed'),
    ).toBe(true);
    expect(archived.total_count).toBe(6);
    const dutch = (await feed('buyer', '?auction_type=dutch')).json().data;
    expect(dutch.briefcases.map((b: { id: number }) => b.id)).toEqual([ids.active]);
    const byId = (await feed('buyer', `?query=${ids.active}`)).json().data;
    expect(byId.briefcases.map((b: { id: number }) => b.id)).toEqual([ids.active]);
    const byName = (await feed('buyer', `?query=${encodeURIComponent('банк прод')}`)).json().data;
    expect(byName.total_count).toBe(14);
    const mine = (await feed('buyer', '?participation=true')).json().data;
    expect(mine.briefcases.map((b: { id: number }) => b.id)).toEqual([ids.active]);
    const favourites = (await feed('buyer', '?favorites=true')).json().data;
    expect(favourites.total_count).toBe(1);
    expect(favourites.briefcases[0].attributes.is_favorited).toBe(true);
    const owned = (await feed('seller', '?owned=true&per_page=100')).json().data;
    expect(owned.total_count).toBe(17);
  });

  it('counts the tabs', async () => {
    const counts = (
      await t.app.inject({ url: '/api/v1/briefcases/counts', headers: bearer(tokens.buyer) })
    ).json();
    expect(counts.data).toEqual({ total: 14, with_bids: 1, favourited: 1, my: 0 });
  });

  it('gives a company without accreditation the "All" list only, with closed cards', async () => {
    const list = (await feed('newbie')).json().data;
    expect(list.briefcases.length).toBe(10);
    expect(list.briefcases.every((b: { attributes: { can_show: boolean } }) => !b.attributes.can_show)).toBe(
      true,
    );
    const tab = await feed('newbie', '?favorites=true');
    expect(tab.statusCode).toBe(403);
    expect(tab.json().code).toBe('not_in_good_standing');
    const opened = await card('newbie', ids.active!);
    expect(opened.statusCode).toBe(403);
    const counts = await t.app.inject({ url: '/api/v1/briefcases/counts', headers: bearer(tokens.newbie) });
    expect(counts.statusCode).toBe(403);
  });

  it('does not open a procedure to an excluded company', async () => {
    const item = (await feed('outsider', '?per_page=100'))
      .json()
      .data.briefcases.find((b: { id: number }) => b.id === ids.excluded);
    expect(item.attributes.can_show).toBe(false);
    expect((await card('outsider', ids.excluded!)).statusCode).toBe(404);
    expect((await card('buyer', ids.excluded!)).statusCode).toBe(200);
  });

  it('answers the card with its header data, hidden ones without details, unknown ones 404', async () => {
    const body = (await card('buyer', ids.active!)).json().data;
    expect(body).toMatchObject({ id: ids.active, hidden: false });
    expect(body.attributes).toMatchObject({ status: 'active', is_master: false, can_view_bids_info: false });
    const hidden = (await card('buyer', ids.hidden!)).json().data;
    expect(hidden).toEqual({ id: ids.hidden, hidden: true, attributes: null });
    const missing = await card('buyer', 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Торговая процедура не найдена');
    expect((await card('buyer', 0)).statusCode).toBe(422);
  });

  it('carries the documents each viewer may download (spec 2 §3), and none to those who may not open the card', async () => {
    const names = async (who: keyof typeof tokens, id: number) => {
      const response = await card(who, id);
      expect(response.statusCode).toBe(200);
      return response.json().data.attributes.documents.map((d: { name: string }) => d.name);
    };
    // The seller's users and administrators: every document; a participant after trading: not the seller's own.
    expect(await names('seller', ids.closed!)).toEqual(['Регламент.pdf', 'Записка продавца.docx']);
    expect(await names('admin', ids.closed!)).toEqual(['Регламент.pdf', 'Записка продавца.docx']);
    expect(await names('buyer', ids.closed!)).toEqual(['Регламент.pdf']);
    const [document] = (await card('buyer', ids.closed!)).json().data.attributes.documents;
    expect(document).toMatchObject({
      title: 'template',
      name: 'Регламент.pdf',
      extension: 'pdf',
      bytes_size: expect.any(Number),
      link: expect.stringMatching(new RegExp(`^/api/v1/briefcases/${ids.closed}/documents/\\d+$`)),
    });
    // The link answers the file to that viewer.
    const file = await t.app.inject({ url: document.link, headers: bearer(tokens.buyer) });
    expect(file.statusCode).toBe(200);
    // A procedure with no documents: an empty list.
    expect(await names('buyer', ids.active!)).toEqual([]);
    // Those who may not open the card learn nothing of its documents.
    const hidden = await card('buyer', ids.hidden!);
    expect(hidden.json().data).toEqual({ id: ids.hidden, hidden: true, attributes: null });
    expect(hidden.body).not.toContain('Скрытый регламент');
    expect(await names('seller', ids.hidden!)).toEqual(['Скрытый регламент.pdf']);
    const excluded = await card('outsider', ids.excluded!);
    expect(excluded.statusCode).toBe(404);
    expect(excluded.json().data ?? null).toBeNull();
    const newbie = await card('newbie', ids.closed!);
    expect(newbie.statusCode).toBe(403);
    expect(newbie.body).not.toContain('Регламент');
  });

  it("gives the wizard's step_price, activity and loting_params to the seller and administrators only", async () => {
    const lotting = { loting_type: 'equal_lots', sort_type: 'uniform_distribution', price: 250_000_00 };
    await t.ctx.db
      .update(briefcases)
      .set({ stepPrice: 12_345_00, activity: 'banking', lotingParams: lotting })
      .where(eq(briefcases.id, ids.active!));
    for (const who of ['seller', 'admin'] as const) {
      const attributes = (await card(who, ids.active!)).json().data.attributes;
      expect(attributes).toMatchObject({
        step_price: 12_345_00,
        activity: 'banking',
        loting_params: lotting,
      });
    }
    const response = await card('buyer', ids.active!);
    expect(response.statusCode).toBe(200);
    for (const key of ['step_price', 'activity', 'loting_params']) {
      expect(response.json().data.attributes).not.toHaveProperty(key);
    }
    expect(response.body).not.toContain('equal_lots');
  });

  it("answers the card with the portfolio's analytics and age buckets, absent ones empty", async () => {
    const stored = await buildBriefcase(
      t.ctx.db,
      { id: sellerId },
      {
        status: 'ready',
        startDatetime: new Date(Date.UTC(2026, 10, 28, 8)),
        analytics: {
          paid_amount_cents: 12_345,
          bankruptcy: 4,
          fraud: 2,
          regions_list: { '77': 3, '50': 1 },
          kinds_list: [{ title: 'Потребительский', value: 4 }],
          enforcement_order_placements_list: [
            { title: 'фссп', value: 2 },
            { title: 5, value: 'x' },
          ],
          birth_dates: [{ title: 'до 25 лет', total: 4, male: 3, female: 1, other: 0 }],
        },
      },
    );
    const a = (await card('buyer', stored.id)).json().data.attributes;
    expect(a.analytics).toMatchObject({
      paid_amount_cents: 12_345,
      last_payment_amount_cents: 0,
      bankruptcy: 4,
      dead: -1,
      regions_list: { '77': 3, '50': 1 },
      kinds_list: [{ title: 'Потребительский', value: 4 }],
      enforcement_order_placements_list: [{ title: 'фссп', value: 2 }],
      first_creditors_list: [],
    });
    expect(a.analytics.features).toMatchObject({ bankruptcy: 4, fraud: 2, dead: 0, mls: 0 });
    expect(a.birth_dates).toEqual([{ title: 'до 25 лет', total: 4, male: 3, female: 1, other: 0 }]);
    const bare = (await card('buyer', ids.active!)).json().data.attributes;
    expect(bare.birth_dates).toEqual([]);
    expect(bare.analytics.regions_list).toEqual({});
  });

  it('toggles a procedure in and out of the favourites', async () => {
    const toggle = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/briefcases/${ids.active}/toggle_favorite`,
        headers: bearer(tokens.buyer),
      });
    expect((await toggle()).json().data).toEqual({ favorite: true });
    expect((await feed('buyer', '?favorites=true')).json().data.total_count).toBe(2);
    expect((await toggle()).json().data).toEqual({ favorite: false });
    expect((await feed('buyer', '?favorites=true')).json().data.total_count).toBe(1);
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/briefcases/${ids.draft}/toggle_favorite`,
      headers: bearer(tokens.buyer),
    });
    expect(hidden.statusCode).toBe(404);
  });
});
