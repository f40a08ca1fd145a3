/**
 * Step 4's participant calls (spec 1 §2, §7): the "previously chosen" history of invited and excluded companies
 * (GET /api/v1/briefcases/{id}/company/{list}) read from the seller's procedures, removal from it
 * (POST …/company/remove_from_{list}) until the company is chosen again, and the participant typeahead
 * GET /api/v1/companies/search (own company left out, a company that cannot bid comes with its error).
 * Only the procedure's seller's users and administrators see a history: others get 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcaseCompanyLists, companyListRemovals } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

describe.each(DRIVERS)('participant history and search on %s', (driver) => {
  let t: TestApp;
  let seller: { id: number };
  let owner: string;
  let collaborator: string;
  let stranger: string;
  let admin: string;
  let draftId: number;
  const buyers: { id: number; fullName: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: tempDataDir() });
    seller = await buildCompany(t.ctx.db, { seller: true, fullName: 'АО «Банк Продавец»' });
    const token = async (user: { email: string | null }) => (await signIn(t.app, user.email!)).jwt.token;
    owner = await token(await buildUser(t.ctx.db, { company: seller }));
    collaborator = await token(await buildUser(t.ctx.db, { company: seller, owner: false }));
    stranger = await token(
      await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db, { seller: true }) }),
    );
    admin = await token(await buildUser(t.ctx.db, { role: 'admin' }));
    for (const name of ['Альфа', 'Бета', 'Гамма'])
      buyers.push(await buildCompany(t.ctx.db, { buyer: true, fullName: `ООО «Коллектор ${name}»` }));
    // Two earlier procedures of the seller: Альфа and Бета invited, then Гамма invited and Бета excluded.
    const first = await buildBriefcase(t.ctx.db, seller, { status: 'closed' });
    const second = await buildBriefcase(t.ctx.db, seller, { status: 'closed' });
    await t.ctx.db.insert(briefcaseCompanyLists).values([
      {
        briefcaseId: first.id,
        companyId: buyers[0]!.id,
        list: 'whitelist',
        createdAt: new Date('2026-01-01'),
      },
      {
        briefcaseId: first.id,
        companyId: buyers[1]!.id,
        list: 'whitelist',
        createdAt: new Date('2026-01-01'),
      },
      {
        briefcaseId: second.id,
        companyId: buyers[2]!.id,
        list: 'whitelist',
        createdAt: new Date('2026-02-01'),
      },
      {
        briefcaseId: second.id,
        companyId: buyers[1]!.id,
        list: 'blacklist',
        createdAt: new Date('2026-02-01'),
      },
    ]);
    // Another seller's lists are not this seller's history.
    const foreign = await buildBriefcase(t.ctx.db, await buildCompany(t.ctx.db, { seller: true }));
    const outsider = await buildCompany(t.ctx.db, { buyer: true, fullName: 'ООО «Чужой выбор»' });
    await t.ctx.db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId: foreign.id, companyId: outsider.id, list: 'whitelist' });
    draftId = (await buildBriefcase(t.ctx.db, seller, { status: 'created' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const history = (token: string, list: string, id = draftId) =>
    t.app.inject({ method: 'GET', url: `/api/v1/briefcases/${id}/company/${list}`, headers: bearer(token) });
  const remove = (token: string, list: string, companyId: number, id = draftId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/briefcases/${id}/company/remove_from_${list}`,
      headers: bearer(token),
      payload: { company_id: companyId },
    });
  const names = (response: { json(): { data: { full_name: string }[] } }) =>
    response.json().data.map((c) => c.full_name);

  it('lists the seller’s earlier choices per list, the latest first, with kind and INN', async () => {
    const whitelist = await history(owner, 'whitelist');
    expect(whitelist.statusCode, whitelist.body).toBe(200);
    expect(names(whitelist)).toEqual([
      'ООО «Коллектор Гамма»',
      'ООО «Коллектор Альфа»',
      'ООО «Коллектор Бета»',
    ]);
    expect(whitelist.json().data[0]).toMatchObject({
      id: buyers[2]!.id,
      kind_name: expect.any(String),
      inn: expect.any(String),
      error: null,
      last_chosen_at: '2026-02-01T00:00:00.000Z',
    });
    expect(names(await history(collaborator, 'blacklist'))).toEqual(['ООО «Коллектор Бета»']);
    expect(names(await history(admin, 'whitelist'))).toHaveLength(3);
  });

  it('shows a company that can no longer bid with its error text', async () => {
    const lapsed = await buildCompany(t.ctx.db, {
      buyer: true,
      goodStanding: false,
      fullName: 'ООО «Бывший»',
    });
    const old = await buildBriefcase(t.ctx.db, seller, { status: 'closed' });
    await t.ctx.db.insert(briefcaseCompanyLists).values({
      briefcaseId: old.id,
      companyId: lapsed.id,
      list: 'blacklist',
      createdAt: new Date('2025-01-01'),
    });
    const blacklist = (await history(owner, 'blacklist')).json().data as {
      full_name: string;
      error: string;
    }[];
    expect(blacklist.find((c) => c.full_name === 'ООО «Бывший»')?.error).toBe('Компания не аккредитована');
  });

  it('removes a company from one history only, until a procedure chooses it again', async () => {
    const removed = await remove(collaborator, 'whitelist', buyers[1]!.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(names(removed)).toEqual(['ООО «Коллектор Гамма»', 'ООО «Коллектор Альфа»']);
    expect(names(await history(owner, 'whitelist'))).toEqual([
      'ООО «Коллектор Гамма»',
      'ООО «Коллектор Альфа»',
    ]);
    expect(names(await history(owner, 'blacklist'))).toContain('ООО «Коллектор Бета»');
    // The earlier procedure's own list is untouched: only the history forgets.
    expect(
      await t.ctx.db
        .select()
        .from(briefcaseCompanyLists)
        .where(
          and(
            eq(briefcaseCompanyLists.companyId, buyers[1]!.id),
            eq(briefcaseCompanyLists.list, 'whitelist'),
          ),
        ),
    ).toHaveLength(1);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/briefcases/${draftId}`,
      headers: bearer(owner),
      payload: { invited_company_ids: [buyers[1]!.id, buyers[0]!.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(names(await history(owner, 'whitelist'))[0]).toMatch(/Альфа|Бета/);
    expect(names(await history(owner, 'whitelist'))).toContain('ООО «Коллектор Бета»');
  });

  it('refuses strangers with 404, unknown lists and companies not in the history', async () => {
    expect((await history(stranger, 'whitelist')).statusCode).toBe(404);
    expect((await remove(stranger, 'whitelist', buyers[0]!.id)).statusCode).toBe(404);
    expect(
      await t.ctx.db
        .select()
        .from(companyListRemovals)
        .where(eq(companyListRemovals.companyId, buyers[0]!.id)),
    ).toEqual([]);
    expect((await history(owner, 'greylist')).statusCode).toBe(422);
    const unknown = await remove(owner, 'blacklist', buyers[2]!.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Организация не найдена');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/briefcases/${draftId}/company/whitelist` }))
        .statusCode,
    ).toBe(401);
  });

  it('suggests participants by name or INN, without the asker’s company, a lapsed one with its error', async () => {
    await buildCompany(t.ctx.db, { buyer: false, fullName: 'ООО «Коллектор Не покупатель»' });
    const search = (token: string, text: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/search?full_name=${encodeURIComponent(text)}`,
        headers: bearer(token),
      });
    const found = await search(owner, 'Коллектор');
    expect(found.statusCode, found.body).toBe(200);
    const items = found.json().data as {
      id: number;
      attributes: { full_name: string; error: string | null };
    }[];
    expect(items.map((i) => i.attributes.full_name)).toEqual(
      expect.arrayContaining(['ООО «Коллектор Альфа»', 'ООО «Коллектор Не покупатель»']),
    );
    expect(
      items.find((i) => i.attributes.full_name === 'ООО «Коллектор Не покупатель»')?.attributes.error,
    ).toBe('Компания не является покупателем');
    expect(
      items.find((i) => i.attributes.full_name === 'ООО «Коллектор Альфа»')?.attributes.error,
    ).toBeNull();
    const own = await search(owner, 'Банк Продавец');
    expect(own.json().data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/companies/search?full_name=a' })).statusCode,
    ).toBe(401);
  });
});
