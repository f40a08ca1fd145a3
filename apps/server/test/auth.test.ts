import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser, PASSWORD } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

describe.each(DRIVERS)('auth on %s', (driver) => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const company = await buildCompany(t.ctx.db, { name: 'ООО «Покупатель»' });
    email = (await buildUser(t.ctx.db, { company })).email!;
  });
  afterAll(() => t.close());

  const authorize = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/authorize_by_email', payload });

  it('signs in with e-mail and password and returns the token pair and the profile', async () => {
    const response = await authorize({ email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.data.jwt.token).toMatch(/^ey/);
    expect(body.data.jwt.refresh_token).toHaveLength(43);
    expect(body.data.profile).toMatchObject({
      email,
      company_name: 'ООО «Покупатель»',
      company_good_standing: true,
      company_seller: false,
    });
    expect(body.data.filled).toMatchObject({ has_email: true, has_password: true, has_phone: true });
  });

  it('puts an unknown address on the e-mail field with user_not_found', async () => {
    const response = await authorize({ email: 'nobody@example.ru', password: PASSWORD });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 'error',
      code: 'user_not_found',
      errors: { email: ['Пользователь с таким Email не найден'] },
    });
  });

  it('puts a wrong password on the password field', async () => {
    const response = await authorize({ email, password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'invalid_credentials',
      errors: { password: ['Неверный пароль'] },
    });
  });

  it('answers email_required for a blank address', async () => {
    const response = await authorize({ email: '   ', password: PASSWORD });
    expect(response.json().code).toMatch(/email_required|validation_failed/);
    expect(response.statusCode).toBe(422);
  });

  it('returns the current user for a valid access token and 401 without one', async () => {
    const { jwt } = await signIn(t.app, email);
    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(jwt.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(email);

    const anonymous = await t.app.inject({ url: '/api/v1/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      status: 'error',
      code: 'unauthorized',
      message: 'Требуется вход в систему',
    });

    const forged = await t.app.inject({ url: '/api/v1/user', headers: bearer(`${jwt.token}x`) });
    expect(forged.statusCode).toBe(401);
  });

  it('answers token_expired once the access token is past its lifetime', async () => {
    const { jwt } = await signIn(t.app, email);
    t.clock.advance(16 * 60_000);
    try {
      const response = await t.app.inject({ url: '/api/v1/user', headers: bearer(jwt.token) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('token_expired');
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('rotates the refresh token and detects the reuse of a spent one', async () => {
    const { jwt } = await signIn(t.app, email);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refresh_token: token } });

    const first = await refresh(jwt.refresh_token);
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data.jwt;
    expect(rotated.refresh_token).not.toBe(jwt.refresh_token);

    // The old token is presented again: someone copied it. The whole session is closed.
    const replay = await refresh(jwt.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('refresh_token_invalid');

    const afterReuse = await refresh(rotated.refresh_token);
    expect(afterReuse.statusCode).toBe(401);
    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(rotated.token) });
    expect(me.statusCode).toBe(401);
  });

  it('stores refresh tokens hashed, never in clear', async () => {
    const { jwt } = await signIn(t.app, email);
    const rows = await t.ctx.db.query.refreshTokens.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === jwt.refresh_token)).toBe(false);
  });

  it('signs out: the session is closed for the access and the refresh token', async () => {
    const { jwt } = await signIn(t.app, email);
    const out = await t.app.inject({ url: '/api/v1/user/sign_out', headers: bearer(jwt.token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(jwt.token) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refresh_token: jwt.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });
});
