/**
 * Issue 20, part 5: who may sell. Only a user of an accredited company in good standing with the seller flag
 * creates a procedure by uploading a registry; a company under review and a buyer-only company are refused (they
 * used to get "Файл загружен"), for the custom template too; a draft of a company that lost its standing is neither
 * saved nor sent for approval.
 */
import { rmSync } from 'node:fs';
import { NOT_A_SELLER_TEXT } from '@etp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, companies } from '../src/db/schema/index.ts';
import { debt, registryXlsx, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

describe.each(DRIVERS)('who may upload a registry on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const memberOf = async (company: Partial<Parameters<typeof buildCompany>[1]>) => {
    const row = await buildCompany(t.ctx.db, company);
    const user = await buildUser(t.ctx.db, { company: row });
    return { companyId: row.id, token: (await signIn(t.app, user.email!)).jwt.token };
  };

  const tryUpload = (member: { companyId: number; token: string }) =>
    upload(t.app, member.token, registryXlsx([debt({ lot_number: 1 })]), {
      company_id: String(member.companyId),
      auction_type: 'classic',
    });

  it('refuses a company under review and a buyer-only company, telling them why; stores nothing', async () => {
    const before = (await t.ctx.db.select().from(briefcases)).length;
    const review = await memberOf({ seller: true, goodStanding: false, accreditationStatus: 'pending' });
    const buyer = await memberOf({ seller: false });
    for (const member of [review, buyer]) {
      const reply = await tryUpload(member);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toContain('только аккредитованные компании-продавцы');
    }
    expect((await t.ctx.db.select().from(briefcases)).length).toBe(before);
  });

  it('accepts an accredited seller in good standing', async () => {
    const seller = await memberOf({ seller: true });
    const reply = await tryUpload(seller);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe('Файл загружен');
  });

  it('refuses a new registry for an existing draft once the company is no longer an accredited seller', async () => {
    const seller = await memberOf({ seller: true });
    const created = await tryUpload(seller);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.briefcase_id as number;
    const replace = () =>
      upload(
        t.app,
        seller.token,
        registryXlsx([debt({ lot_number: 1 })]),
        {},
        `/api/v1/briefcases/${id}/source`,
      );
    expect((await replace()).statusCode).toBe(200);
    await t.ctx.db.update(companies).set({ seller: false }).where(eq(companies.id, seller.companyId));
    const refused = await replace();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('только аккредитованные компании-продавцы');
  });

  it('refuses a custom-template registry to a company under review, a buyer-only company and a user of none', async () => {
    const review = await memberOf({ seller: true, goodStanding: false, accreditationStatus: 'pending' });
    const buyer = await memberOf({ seller: false });
    const loner = (await signIn(t.app, (await buildUser(t.ctx.db, { company: null })).email!)).jwt.token;
    for (const token of [review.token, buyer.token, loner]) {
      const reply = await upload(
        t.app,
        token,
        registryXlsx([debt({ lot_number: 1 })]),
        {},
        '/api/v1/lotings/create_custom',
      );
      expect(reply.statusCode, reply.body).toBe(403);
      expect(reply.json().message).toBe(NOT_A_SELLER_TEXT);
      // Nothing was kept for them to lot later.
      const kept = await t.app.inject({ url: '/api/v1/lotings', headers: bearer(token) });
      expect(kept.statusCode).toBe(404);
    }
    // Naming another company's id is refused as someone else's.
    const seller = await memberOf({ seller: true });
    const foreign = await upload(
      t.app,
      buyer.token,
      registryXlsx([debt({ lot_number: 1 })]),
      {
        company_id: String(seller.companyId),
      },
      '/api/v1/lotings/create_custom',
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Нельзя создать процедуру от имени чужой компании');
    // An accredited seller is accepted.
    const accepted = await upload(
      t.app,
      seller.token,
      registryXlsx([debt({ lot_number: 1 })]),
      {},
      '/api/v1/lotings/create_custom',
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('neither saves nor sends for approval the draft of a company that lost its seller standing', async () => {
    const seller = await memberOf({ seller: true });
    const created = await tryUpload(seller);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.briefcase_id as number;
    const save = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/briefcases/${id}`,
        headers: bearer(seller.token),
        payload: { kind: 'agent' },
      });
    const apply = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/briefcases/${id}/apply`, headers: bearer(seller.token) });
    expect((await save()).statusCode).toBe(200);
    for (const lost of [{ seller: false }, { seller: true, goodStanding: false }]) {
      await t.ctx.db.update(companies).set(lost).where(eq(companies.id, seller.companyId));
      for (const reply of [await save(), await apply()]) {
        expect(reply.statusCode, reply.body).toBe(403);
        expect(reply.json().message).toBe(NOT_A_SELLER_TEXT);
      }
    }
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row!.status).toBe('created');
  });
});
