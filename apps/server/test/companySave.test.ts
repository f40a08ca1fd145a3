import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { BIK, columnsOf, companyCalls, LEGAL_FORM } from './support/companyForm.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

describe.each(DRIVERS)('saving the company on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();

  const { tokenOf, save, companyOf } = companyCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the company of a user without one, makes them its owner and sends it to accreditation', async () => {
    const user = await buildUser(t.ctx.db, { company: null });
    const token = await tokenOf(user);
    expect((await t.app.inject({ url: '/api/v1/company', headers: bearer(token) })).json().data).toBeNull();

    const response = await save(token, LEGAL_FORM);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Организация отправлена на аккредитацию');
    expect(body.data).toMatchObject({
      kind: 'legal',
      name: 'ООО «ПКО Взыскание»',
      inn: '7707083893',
      owner: true,
      good_standing: false,
      accreditation_status: 'pending',
      accreditation_requested_at: '2026-11-22T09:00:00.000Z',
      bank_account: { bik: BIK, correspondent_account: '30101810400000000225' },
    });
    const [membership] = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(membership).toMatchObject({ companyId: body.data.id, owner: true });
    const me = (await t.app.inject({ url: '/api/v1/user', headers: bearer(token) })).json().data;
    expect(me).toMatchObject({ company_id: body.data.id, owner: true, company_good_standing: false });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company_accreditation_requested'));
    expect(audit.some((a) => a.payload.company_id === body.data.id && a.briefcaseId === null)).toBe(true);
  });

  it('says "Физическое лицо" for an individual, who needs no current address and no name', async () => {
    const user = await buildUser(t.ctx.db, { company: null, firstName: 'Мария', lastName: 'Кузнецова' });
    const response = await save(await tokenOf(user), {
      kind: 'physical',
      inn: '500100732259',
      agreement: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Физическое лицо отправлено на аккредитацию',
      data: { kind: 'physical', name: 'Кузнецова Мария', current_address: null },
    });
  });

  it('answers the save rule of spec 3 §5 field by field and creates nothing', async () => {
    const user = await buildUser(t.ctx.db, { company: null });
    const token = await tokenOf(user);
    const response = await save(token, {
      ...LEGAL_FORM,
      kind: 'self',
      current_address: '',
      agreement: false,
      kpp: '77360100',
      bank_account: {
        ...LEGAL_FORM.bank_account,
        account: '40702810000000054321',
        correspondent_account: '30101810400000000226',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    const errors = response.json().errors;
    expect(errors).toMatchObject({
      agreement: ['Необходимо принять условия соглашения'],
      inn: ['ИНН должен содержать 12 цифр'],
      current_address: ['Укажите фактический адрес'],
      kpp: ['КПП должен содержать 9 символов'],
      'bank_account.correspondent_account': [
        'Корреспондентский счёт не соответствует БИК: последние 3 цифры должны совпадать',
      ],
    });
    const wrongKey = await save(token, { ...LEGAL_FORM, inn: '7707083894' });
    expect(wrongKey.json().errors).toEqual({ inn: ['Неверное контрольное число ИНН'] });
    expect(await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
  });

  it('asks to fill first and last name in the profile before saving (spec 3 §4.3)', async () => {
    const user = await buildUser(t.ctx.db, { company: null, firstName: null, lastName: null });
    const response = await save(await tokenOf(user), LEGAL_FORM);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Заполните имя и фамилию в профиле, затем сохраните данные компании',
      errors: { first_name: ['Заполните поле'], last_name: ['Заполните поле'] },
    });
  });

  it('lets only the owner edit; a collaborator gets 403 and the company is unchanged', async () => {
    const company = await buildCompany(t.ctx.db);
    await buildUser(t.ctx.db, { company });
    const collaborator = await buildUser(t.ctx.db, { company, owner: false });
    const response = await save(await tokenOf(collaborator), LEGAL_FORM, 'PUT');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Это действие доступно только администратору компании');
    expect((await companyOf(company.id)).name).toBe(company.name);
  });

  it('keeps the accreditation while a contact changes, suspends it when the INN changes, refuses no change', async () => {
    const company = await buildCompany(t.ctx.db, {
      ...columnsOf(LEGAL_FORM),
      goodStanding: true,
      accreditationStatus: 'approved',
    });
    const owner = await buildUser(t.ctx.db, { company });
    const token = await tokenOf(owner);
    const unchanged = await save(token, LEGAL_FORM, 'PUT');
    expect(unchanged.statusCode).toBe(422);
    expect(unchanged.json().message).toBe('Данные компании не изменились');

    const phone = await save(token, { ...LEGAL_FORM, phone: '+7 495 500-55-50' }, 'PUT');
    expect(phone.json().data).toMatchObject({
      phone: '74955005550',
      accreditation_status: 'pending',
      good_standing: true,
    });

    const inn = await save(token, { ...LEGAL_FORM, phone: '+7 495 500-55-50', inn: '7710140679' }, 'PUT');
    expect(inn.json().data).toMatchObject({
      inn: '7710140679',
      accreditation_status: 'pending',
      good_standing: false,
    });
  });
});
