/**
 * Issue 20, part 5: who may sell. Only a user of an accredited company in good standing with the seller flag
 * creates a procedure by uploading a registry; a company under review and a buyer-only company are refused (they
 * used to get "Файл загружен").
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, companies } from '../src/db/schema/index.ts';
import { debt, registryXlsx, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
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
});
