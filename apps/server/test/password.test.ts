import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser, PASSWORD } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { lastEmailLink, outbox } from './support/outbox.ts';

describe.each(DRIVERS)('password reset on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      RATE_LIMIT_PER_MINUTE: '100000',
      CODES_PER_ADDRESS_PER_HOUR: '1000',
      PUBLIC_URL: 'https://etp.example.ru',
    });
  });
  afterAll(() => t.close());

  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/password/send_reset_instructions', payload: { email } });
  const reset = (reset_password_token: string, password: string) =>
    t.app.inject({ method: 'PUT', url: '/api/v2/password', payload: { reset_password_token, password } });
  const tokenOf = (link: URL) => link.searchParams.get('reset_password_token')!;

  it('mails a link to the password-change screen, and answers the same for an unknown address', async () => {
    const user = await buildUser(t.ctx.db);
    const known = await requestReset(user.email!.toUpperCase());
    const unknown = await requestReset('nobody@example.ru');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(
      'Если этот Email зарегистрирован, на него отправлено письмо с инструкцией по восстановлению пароля',
    );
    expect(await outbox(t.app, 'nobody@example.ru')).toHaveLength(0);
    const [mail] = await outbox(t.app, user.email!);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Восстановление пароля на ЭТП РД' });
    const link = await lastEmailLink(t.app, user.email!);
    expect(`${link.origin}${link.pathname}`).toBe('https://etp.example.ru/users/password/edit');
    expect(tokenOf(link)).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it('sets the new password once, closes every session, and the old password stops working', async () => {
    const user = await buildUser(t.ctx.db);
    const session = await signIn(t.app, user.email!);
    await requestReset(user.email!);
    const token = tokenOf(await lastEmailLink(t.app, user.email!));

    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Длина пароля должна быть не менее 6 символов'] });

    const done = await reset(token, '123456');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Пароль изменён. Войдите с новым паролем.');

    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(session.jwt.token) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refresh_token: session.jwt.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(t.app, user.email!, '123456');

    const twice = await reset(token, 'another-one');
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({
      code: 'token_invalid',
      errors: {
        reset_password_token: ['Ссылка для смены пароля недействительна или устарела. Запросите новую.'],
      },
    });
  });

  it('lets a link live 2 hours', async () => {
    const user = await buildUser(t.ctx.db);
    await requestReset(user.email!);
    const token = tokenOf(await lastEmailLink(t.app, user.email!));
    t.clock.advance(2 * 3_600_000 + 1);
    expect((await reset(token, 'fresh-pass')).json().code).toBe('token_invalid');
  });

  it('accepts only the newest link, and no forged one', async () => {
    const user = await buildUser(t.ctx.db);
    await requestReset(user.email!);
    const first = tokenOf(await lastEmailLink(t.app, user.email!));
    await requestReset(user.email!);
    const second = tokenOf(await lastEmailLink(t.app, user.email!));
    expect((await reset(first, 'fresh-pass')).statusCode).toBe(422);
    const [id] = second.split('.');
    expect((await reset(`${id}.${'A'.repeat(43)}`, 'fresh-pass')).statusCode).toBe(422);
    expect((await reset('garbage', 'fresh-pass')).statusCode).toBe(422);
    expect((await reset(second, 'fresh-pass')).statusCode).toBe(200);
  });

  it('sends at most 5 reset mails an hour to one address', async () => {
    const user = await buildUser(t.ctx.db);
    for (let i = 0; i < 7; i++) expect((await requestReset(user.email!)).statusCode).toBe(200);
    expect(await outbox(t.app, user.email!)).toHaveLength(5);
  });

  it('answers the e-mail rule for a malformed address', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Email должен содержать символ @'] });
  });
});

describe.each(DRIVERS)('e-mailed links without PUBLIC_URL on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { PORT: '3107', HOST: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('point at the port the server listens on, not at localhost:3000 (issue 29)', async () => {
    const user = await buildUser(t.ctx.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/send_reset_instructions',
      payload: { email: user.email },
    });
    const link = await lastEmailLink(t.app, user.email!);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3107/users/password/edit');
  });
});
