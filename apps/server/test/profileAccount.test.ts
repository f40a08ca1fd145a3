import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, oneTimeCodes, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser, PASSWORD } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';
import { lastEmailLink, lastSmsCode, otherCode, outbox } from './support/outbox.ts';

describe.each(DRIVERS)('profile e-mail, phone, password and deletion on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function newUser(overrides: Parameters<typeof buildUser>[1] = {}) {
    const company = await buildCompany(t.ctx.db);
    const user = await buildUser(t.ctx.db, { company, ...overrides });
    const { jwt } = await signIn(t.app, user.email!);
    return { user, company, token: jwt.token, refresh: jwt.refresh_token };
  }

  const row = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('changes the e-mail only after the mailed link is opened', async () => {
    const { user, token } = await newUser();
    const patch = (email: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/profile', headers: bearer(token), payload: { email } });
    const response = await patch('New.Address@Example.ru');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Мы отправили письмо со ссылкой для подтверждения на new.address@example.ru',
      data: { email: user.email, unconfirmed_email: 'new.address@example.ru' },
    });
    const link = await lastEmailLink(t.app, 'new.address@example.ru');
    await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(await row(user.id)).toMatchObject({
      email: 'new.address@example.ru',
      unconfirmedEmail: null,
      confirmedEmail: true,
    });

    const other = await newUser();
    const taken = await patch(other.user.email!);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['Пользователь с таким Email уже зарегистрирован'] });
    expect((await patch('new.address@example.ru')).json().errors).toEqual({
      email: ['Это ваш текущий Email'],
    });
    expect((await patch('почта@пример.рф')).statusCode).toBe(422);
  });

  it('mails a new address at most 5 times an hour', async () => {
    const { token } = await newUser();
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/profile',
        headers: bearer(token),
        payload: { email: 'many@example.ru' },
      });
    for (let i = 0; i < 5; i++) expect((await patch()).statusCode).toBe(200);
    const sixth = await patch();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('На этот адрес уже отправлено много писем. Попробуйте через час.');
    expect((await outbox(t.app, 'many@example.ru')).length).toBe(5);
  });

  it('confirms a new phone with the SMS code, which is stored hashed and bound to the user', async () => {
    const { user, token } = await newUser();
    const phone = '79035550101';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/sms',
      headers: bearer(token),
      payload: { phone: '+7 903 555-01-01' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ phone: '+7 903 ***-**-01', resend_in: 120 });
    const code = await lastSmsCode(t.app, phone);
    const [stored] = await t.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, phone));
    expect(stored).toMatchObject({ purpose: 'phone_confirmation', userId: user.id });
    expect(stored!.codeHash).not.toContain(code);

    // Someone else's session cannot use this user's code.
    const intruder = await newUser();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/confirm_phone',
      headers: bearer(intruder.token),
      payload: { phone, code },
    });
    expect(stolen.statusCode).toBe(422);

    const confirm = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/profile/confirm_phone',
        headers: bearer(token),
        payload: { phone, code: c },
      });
    const wrong = await confirm(otherCode(code));
    expect(wrong.json().errors).toEqual({ code: ['Неверный код'] });
    const right = await confirm(code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({
      message: 'Номер телефона подтверждён',
      data: { phone, confirmed_phone: true },
    });
    expect((await confirm(code)).statusCode).toBe(422);
  });

  it('refuses to send a code to a number another account holds', async () => {
    const { token } = await newUser();
    const other = await newUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/sms',
      headers: bearer(token),
      payload: { phone: other.user.phone },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({
      phone: ['Пользователь с таким номером телефона уже зарегистрирован'],
    });
    expect((await outbox(t.app, other.user.phone!)).length).toBe(0);
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const { user, token } = await newUser();
    const other = await signIn(t.app, user.email!);
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/update_password', headers: bearer(token), payload });

    const short = await update({ password: '12345', current_password: PASSWORD });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ new_password: ['Длина пароля должна быть не менее 6 символов'] });
    const wrong = await update({ password: 'Новый-пароль-1', current_password: 'nope' });
    expect(wrong.json().errors).toEqual({ current_password: ['Неверный текущий пароль'] });
    expect((await update({ password: 'Новый-пароль-1' })).json().errors).toEqual({
      current_password: ['Введите текущий пароль'],
    });

    const done = await update({ password: 'Новый-пароль-1', current_password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Пароль изменён');
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(other.jwt.token) })).statusCode).toBe(
      401,
    );
    await expect(signIn(t.app, user.email!)).rejects.toThrow();
    await signIn(t.app, user.email!, 'Новый-пароль-1');
  });

  it('deletes the profile softly: sessions end, companies are left, the row stays', async () => {
    const { user, token, refresh } = await newUser();
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Профиль удалён');
    const stored = await row(user.id);
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.currentCompanyId).toBeNull();
    expect(await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refresh_token: refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    await expect(signIn(t.app, user.email!)).rejects.toThrow();
  });

  it('does not let an owner with employees delete the profile before handing the company over', async () => {
    const { user, company, token } = await newUser();
    await buildUser(t.ctx.db, { company, owner: false });
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Передайте права администратора');
    expect((await row(user.id)).deletedAt).toBeNull();
  });
});
