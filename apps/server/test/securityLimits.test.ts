/**
 * Issue 20, part 2: limits that hold. The client address is the socket's unless TRUST_PROXY names the proxies; a
 * made-up X-Forwarded-For or Authorization header never opens a fresh budget (sign-in, SMS, mail; the call request
 * is in public.test.ts). Sign-in is throttled per account whatever the address; messages have a platform-wide
 * hourly ceiling; with REDIS_URL the counts are shared by the nodes, and an unreachable Redis neither stops nor
 * holds a request.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../src/modules/auth/auth.messages.ts';
import { InProcessBus } from '../src/realtime/bus.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser, PASSWORD } from './support/factories.ts';

const post = (t: TestApp, url: string, payload: object, remoteAddress: string, headers: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: headers as Record<string, string> });

/** A new forged identity per request: what used to buy a fresh budget each time. */
const forged = (i: number) => ({
  'x-forwarded-for': `198.51.${i % 250}.${(i * 7) % 250}`,
  authorization: `Bearer junk.${i}.${randomUUID()}`,
});

const phone = (i: number) => `7926${String(5000000 + i).padStart(7, '0')}`;

describe.each(DRIVERS)('budgets per client address on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('sign-in: 25 attempts with a new X-Forwarded-For and junk Authorization each are refused after 20', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const reply = await post(
        t,
        '/api/v2/auth/authorize_by_email',
        { email: `nobody${i}@example.ru`, password: 'wrong-password' },
        '203.0.113.10',
        forged(i),
      );
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // Another client is not affected.
    const other = await post(
      t,
      '/api/v2/auth/authorize_by_email',
      { email: 'x@example.ru', password: 'a' },
      '203.0.113.11',
    );
    expect(other.statusCode).toBe(404);
  });

  it('registration SMS: 35 to random phones with forged headers get no more than the address budget', async () => {
    t.clock.advance(61_000);
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const reply = await post(
        t,
        '/api/v2/registrations/sms',
        { phone: phone(i) },
        '203.0.113.20',
        forged(i),
      );
      statuses.push(reply.statusCode);
      // A minute apart: the per-minute guessing limit is not what stops them.
      t.clock.advance(61_000);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
  });

  it('mail: reset instructions with forged headers draw on the same hourly budget of the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const reply = await post(
        t,
        '/api/v2/password/send_reset_instructions',
        { email: `someone${i}@example.ru` },
        '203.0.113.30',
        forged(i),
      );
      statuses.push(reply.statusCode);
      t.clock.advance(61_000);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe.each(DRIVERS)('the general per-minute limit on %s', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: '5' });
    const user = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) });
    const signed = await post(
      t,
      '/api/v2/auth/authorize_by_email',
      { email: user.email, password: PASSWORD },
      '10.9.0.1',
    );
    token = signed.json().data.jwt.token;
  });
  afterAll(() => t.close());

  it('counts junk tokens by the address, and a real token by its user', async () => {
    t.clock.advance(61_000);
    const junk: number[] = [];
    for (let i = 0; i < 7; i++) {
      const reply = await t.app.inject({
        url: '/api/v1/public_briefcases',
        remoteAddress: '10.9.0.2',
        headers: forged(i),
      });
      junk.push(reply.statusCode);
    }
    expect(junk).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The signed-in user behind the same office address has a budget of their own, wherever they call from.
    const own = await t.app.inject({
      url: '/api/v1/public_briefcases',
      remoteAddress: '10.9.0.2',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe.each(DRIVERS)('sign-in throttling per account on %s', (driver) => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    email = (await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) })).email!;
  });
  afterAll(() => t.close());

  const attempt = (password: string, i: number) =>
    post(t, '/api/v2/auth/authorize_by_email', { email, password }, `192.0.2.${i}`);

  it('after 5 wrong passwords from 5 addresses, a growing delay from any address, said in Russian', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password', i)).statusCode).toBe(401);
    const locked = await attempt(PASSWORD, 100);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Слишком много неудачных попыток входа. Попробуйте через 30 с',
      errors: { password: ['Слишком много неудачных попыток входа. Попробуйте через 30 с'] },
    });
    // The SMS stage and the phone checks are the same account.
    const viaSms = await post(t, '/api/v2/auth/sms', { email, password: PASSWORD }, '192.0.2.101');
    expect(viaSms.statusCode).toBe(429);

    t.clock.advance(31_000);
    expect((await attempt('wrong-password', 6)).statusCode).toBe(401);
    const longer = await attempt(PASSWORD, 102);
    expect(longer.json().message).toBe('Слишком много неудачных попыток входа. Попробуйте через 1 мин.');
    t.clock.advance(61_000);
    expect((await attempt('wrong-password', 7)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, 103)).json().message).toBe(
      'Слишком много неудачных попыток входа. Попробуйте через 2 мин.',
    );

    t.clock.advance(121_000);
    expect((await attempt(PASSWORD, 104)).statusCode).toBe(200);
    // A right password clears the count: the next mistake is a plain wrong password again.
    expect((await attempt('wrong-password', 8)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, 105)).statusCode).toBe(200);
  });

  it('throttles guesses of the current password through a session the same way, and locks signing in', async () => {
    const owner = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) });
    const signed = await post(
      t,
      '/api/v2/auth/authorize_by_email',
      { email: owner.email, password: PASSWORD },
      '192.0.2.60',
    );
    const token = signed.json().data.jwt.token as string;
    const change = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/update_password',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'Новый-пароль-1', current_password: current },
        remoteAddress: '192.0.2.61',
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).statusCode).toBe(422);
    const locked = await change(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors).toEqual({
      current_password: ['Слишком много неудачных попыток входа. Попробуйте через 30 с'],
    });
    // The account is one: its sign-in waits too.
    const elsewhere = await post(
      t,
      '/api/v2/auth/authorize_by_email',
      { email: owner.email, password: PASSWORD },
      '192.0.2.62',
    );
    expect(elsewhere.statusCode).toBe(429);
    t.clock.advance(31_000);
    expect((await change(PASSWORD)).statusCode).toBe(200);
  });

  it('throttles unknown addresses too, so enumeration is slow', async () => {
    const unknown = { email: 'ghost@example.ru', password: 'x' };
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(t, '/api/v2/auth/authorize_by_email', unknown, `192.0.2.${20 + i}`)).statusCode,
      ).toBe(404);
    }
    expect((await post(t, '/api/v2/auth/authorize_by_email', unknown, '192.0.2.30')).statusCode).toBe(429);
  });
});

describe('the wait the lock message names', () => {
  it('reads in whole seconds under a minute and in minutes from there, never "60 с"', () => {
    const wait = (ms: number) => AUTH_MESSAGES.signInLocked(ms).replace(/^.*Попробуйте через /, '');
    expect([200, 30_000, 59_000, 59_500, 60_000, 61_000, 899_000].map(wait)).toEqual([
      '1 с',
      '30 с',
      '59 с',
      '1 мин.',
      '1 мин.',
      '2 мин.',
      '15 мин.',
    ]);
  });
});

describe.each(DRIVERS)('the platform-wide hourly ceiling of messages on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { MESSAGES_PER_HOUR: '3' });
  });
  afterAll(() => t.close());

  it('refuses the fourth message in the hour, from any address to any phone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await post(t, '/api/v2/registrations/sms', { phone: phone(100 + i) }, `203.0.113.${40 + i}`))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await post(t, '/api/v2/registrations/sms', { phone: phone(200) }, '203.0.113.60');
    expect(refused.json().message).toMatch(
      /^Площадка отправила слишком много сообщений за час\. Попробуйте через \d+ мин\.$/,
    );
    // The code of a refused message is dead: nothing to guess.
    t.clock.advance(60 * 60_000 + 1);
    expect(
      (await post(t, '/api/v2/registrations/sms', { phone: phone(201) }, '203.0.113.61')).statusCode,
    ).toBe(200);
  });
});

describe.each(DRIVERS)('TRUST_PROXY on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { TRUST_PROXY: '10.0.0.5', CODES_PER_ADDRESS_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  const sms = (i: number, remoteAddress: string, xff?: string) =>
    post(
      t,
      '/api/v2/registrations/sms',
      { phone: phone(300 + i) },
      remoteAddress,
      xff ? { 'x-forwarded-for': xff } : {},
    );

  it('reads the client from X-Forwarded-For only when the socket is a named proxy', async () => {
    // Through the proxy: each real client has its own budget.
    expect((await sms(0, '10.0.0.5', '198.51.100.1')).statusCode).toBe(200);
    expect((await sms(1, '10.0.0.5', '198.51.100.1')).statusCode).toBe(200);
    expect((await sms(2, '10.0.0.5', '198.51.100.1')).statusCode).toBe(429);
    expect((await sms(3, '10.0.0.5', '198.51.100.2')).statusCode).toBe(200);
    // Straight from a client that is not the proxy: its header is ignored.
    expect((await sms(4, '203.0.113.99', '198.51.100.3')).statusCode).toBe(200);
    expect((await sms(5, '203.0.113.99', '198.51.100.4')).statusCode).toBe(200);
    expect((await sms(6, '203.0.113.99', '198.51.100.5')).statusCode).toBe(429);
  });
});

describe('counters in Redis', () => {
  it('keep serving when Redis is unreachable: no crash, no hanging request, limits still counted locally', async () => {
    // The live bus stays in process: this is about the counters (the bus's own outages are another test's).
    const t = await createTestApp(
      'pglite',
      { REDIS_URL: 'redis://127.0.0.1:1', CODES_PER_ADDRESS_PER_HOUR: '2' },
      { bus: new InProcessBus() },
    );
    try {
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await post(t, '/api/v2/registrations/sms', { phone: phone(400 + i) }, '203.0.113.70')).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await t.close();
    }
  });

  it.runIf(Boolean(process.env.REDIS_URL))(
    'are shared by the nodes: failures on one lock sign-in on the other',
    async () => {
      const env = { REDIS_URL: process.env.REDIS_URL! };
      const a = await createTestApp('pglite', env);
      const b = await createTestApp('pglite', env);
      try {
        // Both nodes know the account (each test database is its own; the e-mail is what the count is kept by).
        const email = `shared-${randomUUID()}@example.ru`;
        for (const node of [a, b])
          await buildUser(node.ctx.db, { email, company: await buildCompany(node.ctx.db) });
        for (let i = 0; i < 5; i++) {
          const reply = await post(
            a,
            '/api/v2/auth/authorize_by_email',
            { email, password: 'wrong' },
            `192.0.2.${i}`,
          );
          expect(reply.statusCode).toBe(401);
        }
        const other = await post(
          b,
          '/api/v2/auth/authorize_by_email',
          { email, password: PASSWORD },
          '192.0.2.50',
        );
        expect(other.statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
