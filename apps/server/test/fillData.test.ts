import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser, PASSWORD } from './support/factories.ts';
import { lastSmsCode, outbox } from './support/outbox.ts';

/** Sign-in of accounts that lack a phone, an e-mail, a password or a name (spec 3 §4.1). */
describe.each(DRIVERS)('filling a missing item at sign-in on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: '100000', CODES_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload });
  /** Moves past the 120 s resend pause between tests that text the same phone. */
  const later = () => t.clock.advance(121_000);
  it('noEmail stage: the code and the missing e-mail and name fill the account and sign in', async () => {
    const user = await buildUser(t.ctx.db, { email: null, firstName: null, lastName: null });
    const sent = await post('/api/v2/auth/sms_data_not_filled', { phone: user.phone });
    expect(sent.statusCode).toBe(200);
    const code = await lastSmsCode(t.app, user.phone!);
    const payload = {
      phone: user.phone,
      code,
      email: 'filled@example.ru',
      first_name: 'Анна',
      last_name: 'Кузнецова',
    };

    const bad = await post('/api/v2/auth/authorize_data_not_filled', {
      ...payload,
      first_name: 'Anna',
      email: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['Введите Email'],
      first_name: ['Заполните поле русскими буквами без цифр и знаков препинания'],
    });
    // The account has a password: the code alone is not enough.
    const noPassword = await post('/api/v2/auth/authorize_data_not_filled', payload);
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json().errors).toEqual({ password: ['Неверный пароль'] });

    const ok = await post('/api/v2/auth/authorize_data_not_filled', { ...payload, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile).toMatchObject({
      email: 'filled@example.ru',
      confirmed_email: false,
      first_name: 'Анна',
      last_name: 'Кузнецова',
    });
    expect((await outbox(t.app, 'filled@example.ru'))[0]).toMatchObject({
      subject: 'Подтверждение Email на ЭТП РД',
    });
  });

  it('noEmail stage: an account without a password gets the one typed', async () => {
    const user = await buildUser(t.ctx.db, { passwordHash: null, email: null });
    await post('/api/v2/auth/sms_data_not_filled', { phone: user.phone });
    const code = await lastSmsCode(t.app, user.phone!);
    const short = await post('/api/v2/auth/authorize_data_not_filled', {
      phone: user.phone,
      code,
      email: 'nopass@example.ru',
      password: 'short',
    });
    expect(short.json().errors).toEqual({ password: ['Длина пароля должна быть не менее 8 символов'] });
    const ok = await post('/api/v2/auth/authorize_data_not_filled', {
      phone: user.phone,
      code,
      email: 'nopass@example.ru',
      password: 'Brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    const signIn = await post('/api/v2/auth/authorize_by_email', {
      email: 'nopass@example.ru',
      password: 'Brand-new-pass',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('fillName after the e-mail stage: found by e-mail and password', async () => {
    const user = await buildUser(t.ctx.db, { firstName: null });
    const sent = await post('/api/v2/auth/sms_data_not_filled', { email: user.email, password: PASSWORD });
    expect(sent.statusCode).toBe(200);
    const code = await lastSmsCode(t.app, user.phone!);
    const ok = await post('/api/v2/auth/authorize_data_not_filled', {
      email: user.email,
      password: PASSWORD,
      code,
      first_name: 'Пётр',
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe('Пётр');
  });

  it('refuses the data stages for an account that lacks nothing', async () => {
    const user = await buildUser(t.ctx.db);
    const response = await post('/api/v2/auth/sms_data_not_filled', { phone: user.phone });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Все данные аккаунта заполнены. Войдите по Email и паролю');
    expect(await outbox(t.app, user.phone!)).toHaveLength(0);
  });

  it('phone stage: an account without a phone adds one confirmed by its code', async () => {
    const user = await buildUser(t.ctx.db, { phone: null });
    const taken = await buildUser(t.ctx.db);
    const busy = await post('/api/v2/auth/sms_phone_not_filled', {
      email: user.email,
      password: PASSWORD,
      phone: taken.phone,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: 'user_exists',
      errors: { phone: ['Пользователь с таким номером телефона уже зарегистрирован'] },
    });

    const phone = '79035557788';
    const sent = await post('/api/v2/auth/sms_phone_not_filled', {
      email: user.email,
      password: PASSWORD,
      phone: '+7 903 555-77-88',
    });
    expect(sent.statusCode).toBe(200);
    const code = await lastSmsCode(t.app, phone);
    const ok = await post('/api/v2/auth/authorize_phone_not_filled', {
      email: user.email,
      password: PASSWORD,
      phone,
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile).toMatchObject({ phone, confirmed_phone: true });

    later();
    const again = await post('/api/v2/auth/sms_phone_not_filled', {
      email: user.email,
      password: PASSWORD,
      phone: '79035557799',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('К аккаунту уже привязан номер телефона');
  });

  it('phone stage: a code sent to the new phone for another account does not attach it', async () => {
    const a = await buildUser(t.ctx.db, { phone: null });
    const b = await buildUser(t.ctx.db, { phone: null });
    const phone = '79035550001';
    await post('/api/v2/auth/sms_phone_not_filled', { email: a.email, password: PASSWORD, phone });
    const code = await lastSmsCode(t.app, phone);
    const stolen = await post('/api/v2/auth/authorize_phone_not_filled', {
      email: b.email,
      password: PASSWORD,
      phone,
      code,
    });
    expect(stolen.statusCode).toBe(422);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.phone).toBeNull();
  });
});
