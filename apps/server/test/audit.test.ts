import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../src/modules/audit/audit.queries.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

describe.each(DRIVERS)('audit log on %s', (driver) => {
  let t: TestApp;
  let adminToken: string;
  let buyerToken: string;
  let briefcaseId: number;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const company = await buildCompany(t.ctx.db, { seller: true });
    briefcaseId = (await buildBriefcase(t.ctx.db, company)).id;
    adminToken = (await signIn(t.app, (await buildUser(t.ctx.db, { role: 'admin', company: null })).email!))
      .jwt.token;
    buyerToken = (await signIn(t.app, (await buildUser(t.ctx.db, { company })).email!)).jwt.token;
    for (let i = 1; i <= 5; i++) {
      await t.ctx.db.transaction((tx) =>
        appendAudit(tx, {
          briefcaseId,
          action: 'bid_placed',
          actorUserId: null,
          payload: { lot_id: 1, amount: 100_000 * i },
          at: new Date(Date.UTC(2026, 10, 22, 9, i, 0, 123)),
        }),
      );
    }
  });
  afterAll(() => t.close());

  const verify = () =>
    t.app.inject({
      url: `/api/v1/admin/audit/verify?briefcase_id=${briefcaseId}`,
      headers: bearer(adminToken),
    });

  it('chains the entries and verifies them', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      ok: true,
      chains: [{ briefcase_id: briefcaseId, verdict: { ok: true, entries: 5 } }],
    });
  });

  it('is for administrators only', async () => {
    expect(
      (await t.app.inject({ url: '/api/v1/admin/audit/verify', headers: bearer(buyerToken) })).statusCode,
    ).toBe(403);
  });

  it('refuses to change or delete an entry', async () => {
    await expect(
      t.ctx.db.execute(sql`update audit_log set payload = '{}'::jsonb where seq = 2`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log where seq = 2`)).rejects.toThrow();
  });

  it('reports the first broken link when someone with DDL rights edits an entry', async () => {
    await t.ctx.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await t.ctx.db.execute(
      sql`update audit_log set payload = jsonb_set(payload, '{amount}', '1') where briefcase_id = ${briefcaseId} and seq = 3`,
    );
    await t.ctx.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    const body = (await verify()).json();
    expect(body.message).toBe('Журнал нарушен');
    expect(body.data.chains[0].verdict).toMatchObject({
      ok: false,
      brokenAtSeq: 3,
      reason: 'содержимое записи изменено',
    });
  });
});
