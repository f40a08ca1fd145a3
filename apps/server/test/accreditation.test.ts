import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { companyCalls, LEGAL_FORM } from './support/companyForm.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { multipart, PDF, tempDataDir } from './support/multipart.ts';

describe.each(DRIVERS)('accreditation by the administrator on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let adminToken: string;
  const { tokenOf, save } = companyCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    const admin = await buildUser(t.ctx.db, { role: 'admin' });
    adminToken = (await signIn(t.app, admin.email!)).jwt.token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts pending companies in the administrator queue; approval opens the restricted routes', async () => {
    const user = await buildUser(t.ctx.db, { company: null });
    const token = await tokenOf(user);
    const id = (await save(token, { ...LEGAL_FORM, name: 'ООО «Очередь»' })).json().data.id;
    const form = multipart([
      ['documents_attributes[0][file]', { file: PDF, name: 'Выписка.pdf' }],
      ...Object.entries({
        kind: 'legal',
        name: 'ООО «Очередь»',
        inn: LEGAL_FORM.inn,
        current_address: LEGAL_FORM.current_address,
        agreement: 'true',
      }),
    ]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/company',
      ...form,
      headers: { ...form.headers, ...bearer(token) },
    });

    const restricted = await t.app.inject({
      url: '/api/v1/briefcases?participation=true',
      headers: bearer(token),
    });
    expect(restricted.statusCode).toBe(403);

    const queue = await t.app.inject({
      url: '/api/v1/admin/companies?status=pending&per_page=100',
      headers: bearer(adminToken),
    });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().data.collection.find((c: { id: number }) => c.id === id);
    expect(item).toMatchObject({
      name: 'ООО «Очередь»',
      accreditation_status: 'pending',
      documents_count: 1,
    });
    expect(
      queue
        .json()
        .data.collection.every((c: { accreditation_status: string }) => c.accreditation_status === 'pending'),
    ).toBe(true);

    const detail = await t.app.inject({ url: `/api/v1/admin/companies/${id}`, headers: bearer(adminToken) });
    expect(detail.json().data).toMatchObject({
      id,
      documents: [{ name: 'Выписка.pdf' }],
      employees: [{ id: user.id, owner: true }],
    });

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/companies/${id}/approve`,
      headers: bearer(adminToken),
      payload: { fssp: true },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({
      message: 'Компания ООО «Очередь» аккредитована',
      data: { good_standing: true, fssp: true, accreditation_status: 'approved' },
    });
    expect(
      (await t.app.inject({ url: '/api/v1/briefcases?participation=true', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/user', headers: bearer(token) })).json().data.company_good_standing,
    ).toBe(true);

    const events = (await t.app.inject({ url: '/api/v1/events', headers: bearer(token) })).json().data
      .collection;
    expect(events[0]).toMatchObject({
      kind: 'accreditation_approved',
      text: expect.stringContaining('аккредитация пройдена'),
    });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company_accreditation_approved'));
    expect(audit.find((a) => a.payload.company_id === id)).toMatchObject({ briefcaseId: null });

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/companies/${id}/approve`,
      headers: bearer(adminToken),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Компания не ожидает аккредитации');
  });

  it('rejects with a reason: the company loses good standing and its users are told why', async () => {
    const company = await buildCompany(t.ctx.db, {
      accreditationStatus: 'pending',
      goodStanding: false,
      name: 'ООО «Отказ»',
    });
    const owner = await buildUser(t.ctx.db, { company });
    const colleague = await buildUser(t.ctx.db, { company, owner: false });
    const url = `/api/v1/admin/companies/${company.id}/reject`;
    const empty = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(adminToken),
      payload: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: ['Укажите причину отказа'] });

    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(adminToken),
      payload: { reason: 'Нет выписки из ЕГРЮЛ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      accreditation_status: 'rejected',
      good_standing: false,
      accreditation_note: 'Нет выписки из ЕГРЮЛ',
    });
    for (const user of [owner, colleague]) {
      const events = (
        await t.app.inject({ url: '/api/v1/events', headers: bearer(await tokenOf(user)) })
      ).json().data;
      expect(events.collection[0]).toMatchObject({
        kind: 'accreditation_rejected',
        text: 'Компания ООО «Отказ»: аккредитация отклонена. Причина: Нет выписки из ЕГРЮЛ',
        read: false,
      });
    }
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company_accreditation_rejected'));
    expect(audit.find((a) => a.payload.company_id === company.id)?.payload.reason).toBe(
      'Нет выписки из ЕГРЮЛ',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(adminToken),
          payload: { reason: 'ещё раз' },
        })
      ).statusCode,
    ).toBe(409);
  });
});
