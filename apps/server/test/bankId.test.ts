import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { browseBank, type FakeBank, startFakeBank } from './support/bankProvider.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser } from './support/factories.ts';
import { bearer } from './support/http.ts';

const CALLBACK = 'http://localhost:3000/users/auth/bank_id/callback';
const FAILED = '/users/sign_in?oauth_failed=1';

/**
 * The sign-in screen's form post (spec 3 §7.1): an authenticity token and its cookie from GET
 * /users/auth/authenticity_token, then the url-encoded form to /users/auth/bank_id.
 */
async function startSignIn(
  app: FastifyInstance,
  options: { token?: (token: string) => string; cookie?: (cookie: string) => string } = {},
) {
  const issued = await app.inject({ url: '/users/auth/authenticity_token' });
  expect(issued.statusCode).toBe(200);
  const setCookie = String(issued.headers['set-cookie']);
  expect(setCookie).toMatch(
    /^etp_authenticity=[^;]+; Path=\/users\/auth; Max-Age=3600; HttpOnly; SameSite=Strict/,
  );
  const token: string = issued.json().data.authenticity_token;
  const cookie = setCookie.split(';')[0]!;
  return app.inject({
    method: 'POST',
    url: '/users/auth/bank_id',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: options.cookie ? options.cookie(cookie) : cookie,
    },
    payload: new URLSearchParams({
      authenticity_token: options.token ? options.token(token) : token,
    }).toString(),
  });
}

describe.each(DRIVERS)('bank-identity sign-in (OpenID Connect) on %s', (driver) => {
  let bank: FakeBank;
  let t: TestApp;

  beforeAll(async () => {
    bank = await startFakeBank(CALLBACK);
    t = await createTestApp(driver, {
      OIDC_ISSUER: bank.issuer,
      OIDC_CLIENT_ID: bank.clientId,
      OIDC_CLIENT_SECRET: bank.clientSecret,
    });
  });
  afterAll(async () => {
    await t.close();
    await bank.close();
  });

  /** The whole journey: our redirect, the bank, our callback. Returns where the browser lands. */
  async function signInThroughBank(options: { cookie?: (value: string) => string } = {}) {
    const start = await startSignIn(t.app);
    expect(start.statusCode).toBe(303);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^etp_bank_id=[^;]+; Path=\/users\/auth\/bank_id; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
    const cookie = setCookie.split(';')[0]!;
    const back = await browseBank(String(start.headers.location), CALLBACK);
    const callback = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: options.cookie ? options.cookie(cookie) : cookie },
    });
    expect(callback.statusCode).toBe(302);
    return String(callback.headers.location);
  }

  const redeem = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/bank_id/token', payload: { token } });

  it('reports the method when configured', async () => {
    const response = await t.app.inject({ url: '/auth_methods' });
    expect(response.json().data.bank_id).toBe(true);
  });

  it('sends the browser to the provider with state, nonce and PKCE', async () => {
    const start = await startSignIn(t.app);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(bank.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'etp-rd',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    for (const key of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(key)).toBeTruthy();
  });

  it('starts only from a form post carrying the authenticity token of this browser', async () => {
    const refused = async (response: { statusCode: number; headers: Record<string, unknown> }) => {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(FAILED);
      expect(String(response.headers['set-cookie'] ?? '')).not.toContain('etp_bank_id=');
    };
    await refused(await startSignIn(t.app, { token: () => '' }));
    await refused(await startSignIn(t.app, { token: (token) => `${token.slice(0, -2)}AA` }));
    await refused(await startSignIn(t.app, { cookie: () => '' }));
    // Another browser's token with this browser's cookie: a page on another site cannot lend its own.
    const other = (await t.app.inject({ url: '/users/auth/authenticity_token' })).json().data
      .authenticity_token;
    await refused(await startSignIn(t.app, { token: () => other }));
    // A JSON post is not the form, and GET no longer starts a sign-in.
    const json = await t.app.inject({
      method: 'POST',
      url: '/users/auth/bank_id',
      payload: { authenticity_token: 'x' },
    });
    await refused(json);
    expect((await t.app.inject({ url: '/users/auth/bank_id' })).statusCode).toBe(404);
  });

  it('links the account with the confirmed e-mail the bank vouches for, and signs it in', async () => {
    const user = await buildUser(t.ctx.db, { email: 'client@bank-user.ru', confirmedEmail: true });
    bank.accounts.set('bank-subject-1', { email: 'Client@Bank-User.ru', emailVerified: true });
    bank.signInAs('bank-subject-1');

    const landing = await signInThroughBank();
    const match = /^\/users\/sign_in\?oauth=ok#token=(.+)$/.exec(landing);
    expect(match).not.toBeNull();
    const token = decodeURIComponent(match![1]!);

    const result = await redeem(token);
    expect(result.statusCode).toBe(200);
    expect(result.json().data.profile.id).toBe(user.id);
    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(result.json().data.jwt.token) });
    expect(me.json().data.id).toBe(user.id);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.oidcSubject).toBe('bank-subject-1');

    const again = await redeem(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('token_invalid');
  });

  it('finds a linked account by its subject even when the bank e-mail changed', async () => {
    const user = await buildUser(t.ctx.db, { oidcSubject: 'bank-subject-2' });
    bank.accounts.set('bank-subject-2', { email: 'someone.else@bank-user.ru', emailVerified: true });
    bank.signInAs('bank-subject-2');
    const landing = await signInThroughBank();
    const token = decodeURIComponent(landing.split('#token=')[1]!);
    expect((await redeem(token)).json().data.profile.id).toBe(user.id);
  });

  it('a hand-over code lives one minute', async () => {
    await buildUser(t.ctx.db, { oidcSubject: 'bank-subject-3' });
    bank.accounts.set('bank-subject-3', { email: null, emailVerified: false });
    bank.signInAs('bank-subject-3');
    const landing = await signInThroughBank();
    t.clock.advance(61_000);
    expect((await redeem(decodeURIComponent(landing.split('#token=')[1]!))).statusCode).toBe(401);
  });

  it.each([
    [
      'an unverified e-mail',
      { email: 'unverified@bank-user.ru', emailVerified: false },
      { confirmedEmail: true },
    ],
    ['an e-mail we have not confirmed', { email: 'unconfirmed@bank-user.ru', emailVerified: true }, {}],
    ['an e-mail with no account', { email: 'stranger@bank-user.ru', emailVerified: true }, null],
  ])('fails and links nothing for %s', async (_name, bankAccount, ourAccount) => {
    const subject = `bank-${bankAccount.email}`;
    const user = ourAccount ? await buildUser(t.ctx.db, { email: bankAccount.email, ...ourAccount }) : null;
    bank.accounts.set(subject, bankAccount);
    bank.signInAs(subject);
    expect(await signInThroughBank()).toBe(FAILED);
    if (user) {
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.oidcSubject).toBeNull();
    }
  });

  it('fails when the user refuses at the bank', async () => {
    bank.deny();
    expect(await signInThroughBank()).toBe(FAILED);
  });

  it('fails without our state cookie or with a forged one', async () => {
    await buildUser(t.ctx.db, { oidcSubject: 'bank-subject-4' });
    bank.accounts.set('bank-subject-4', { email: null, emailVerified: false });
    bank.signInAs('bank-subject-4');
    expect(await signInThroughBank({ cookie: () => '' })).toBe(FAILED);
    expect(await signInThroughBank({ cookie: (c) => `${c.slice(0, -3)}xyz` })).toBe(FAILED);
  });

  it('fails when the callback carries another sign-in state', async () => {
    await buildUser(t.ctx.db, { oidcSubject: 'bank-subject-5' });
    bank.accounts.set('bank-subject-5', { email: null, emailVerified: false });
    bank.signInAs('bank-subject-5');
    const first = await startSignIn(t.app);
    const second = await startSignIn(t.app);
    const back = await browseBank(String(first.headers.location), CALLBACK);
    const mixed = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: String(second.headers['set-cookie']).split(';')[0]! },
    });
    expect(mixed.headers.location).toBe(FAILED);
  });
});

describe('bank-identity sign-in when not configured', () => {
  it('is reported off and its start redirects to the failure toast', async () => {
    const t = await createTestApp(DRIVERS[0]!);
    try {
      expect((await t.app.inject({ url: '/auth_methods' })).json().data.bank_id).toBe(false);
      const start = await startSignIn(t.app);
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toBe(FAILED);
    } finally {
      await t.close();
    }
  });

  it('takes the three OIDC variables together, and https in production', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(problems({ OIDC_ISSUER: 'https://id.bank.ru' })).toEqual([
      'OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: вход через банк настраивается тремя переменными OIDC_ISSUER, OIDC_CLIENT_ID и OIDC_CLIENT_SECRET, задайте все три или ни одной',
    ]);
    expect(problems({ OIDC_ISSUER: 'id.bank.ru', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual([
      'OIDC_ISSUER: OIDC_ISSUER должен быть адресом провайдера вида https://id.bank.ru',
    ]);
    expect(
      problems({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        OIDC_ISSUER: 'http://id.bank.ru',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      }),
    ).toEqual(['OIDC_ISSUER: в режиме production адрес провайдера должен начинаться с https://']);
    expect(
      loadConfig({
        JWT_SECRET: 'x'.repeat(32),
        OIDC_ISSUER: 'https://id.bank.ru',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      }).oidc,
    ).toEqual({ issuer: 'https://id.bank.ru', clientId: 'a', clientSecret: 'b' });
  });
});
