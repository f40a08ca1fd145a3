/**
 * Issue 20, part 1: safe by default. No signing key in the source (a token signed with the constant the server
 * once used is refused), a random key kept in DATA_DIR with mode 0600; demo mode listens on loopback only; an
 * exposed server shows no outbox and refuses the demo password; the outbox answers loopback sockets only, never a
 * forwarded header; a message a real transport delivered is not kept; no code reaches the logs.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { notificationOutbox } from '../src/db/schema/index.ts';
import { modeLine } from '../src/modeLine.ts';
import { BODY_NOT_KEPT, type NotifyLog, OutboxNotifier } from '../src/notify/notifier.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.data.ts';
import { KEY_FILE } from '../src/signingKey.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

/** The key config.ts signed every token with before this issue, when JWT_SECRET was not set. */
const OLD_CONSTANT = 'development-only-secret-change-me-0123456789';

const tempDir = () => mkdtempSync(join(tmpdir(), 'etp-sec-'));

async function forge(secret: string, userId: number, sessionId: string, withExp = true) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(userId));
  jwt.setIssuedAt(now);
  if (withExp) jwt.setExpirationTime(now + 3600);
  return jwt.sign(new TextEncoder().encode(secret));
}

const sessionOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

describe('the signing key without JWT_SECRET', () => {
  it('is random, made once, kept in DATA_DIR with mode 0600 and read again on the next start', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.keySource).toBe('created');
    expect(first.jwtSecret).not.toBe(OLD_CONSTANT);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir });
    expect(again).toMatchObject({ keySource: 'file', jwtSecret: first.jwtSecret });
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('comes from JWT_SECRET when it is set', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'k'.repeat(40) });
    expect(config).toMatchObject({ keySource: 'env', jwtSecret: 'k'.repeat(40) });
  });
});

describe('where the server listens', () => {
  it('listens on loopback in demo mode, HOST widens it, production listens everywhere', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ host: 'localhost', exposed: false });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' })).toMatchObject({
      host: 'localhost',
      exposed: false,
    });
    expect(loadConfig({ DATA_DIR: dir, HOST: '127.0.0.1' }).exposed).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, HOST: '::1' }).exposed).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).exposed).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, HOST: '192.168.1.10' }).exposed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toMatchObject({
      host: '0.0.0.0',
      exposed: true,
    });
  });
});

describe('the start line', () => {
  it('says in one line which mode the server is in and why', () => {
    const dir = tempDir();
    const demo = modeLine(loadConfig({ DATA_DIR: dir }));
    expect(demo).toBe(
      `Режим: демо (NODE_ENV не production), только для этого компьютера (localhost; HOST откроет для сети): outbox открыт на /dev/outbox, ключ подписи создан: ${join(dir, KEY_FILE)}`,
    );
    expect(modeLine(loadConfig({ DATA_DIR: dir }))).toContain(
      `ключ подписи прочитан: ${join(dir, KEY_FILE)}`,
    );
    expect(modeLine(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }))).toMatch(
      /^Режим: демо, открыт для сети \(HOST=0\.0\.0\.0\): outbox закрыт, демо-пароль не действует, /,
    );
    expect(modeLine(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }))).toBe(
      'Режим: production (NODE_ENV=production), слушает 0.0.0.0: outbox закрыт, демо-данные не создаются, ключ подписи из JWT_SECRET',
    );
    for (const line of [demo]) expect(line).not.toContain('\n');
  });
});

describe.each(DRIVERS)('a demo server on loopback, on %s', (driver) => {
  let t: TestApp;
  let email: string;
  let userId: number;

  beforeAll(async () => {
    // No JWT_SECRET: the server makes its key in DATA_DIR, as `npm start` does.
    t = await createTestApp(driver, { JWT_SECRET: '', DATA_DIR: tempDir() });
    const company = await buildCompany(t.ctx.db);
    const user = await buildUser(t.ctx.db, { company, password: DEMO_PASSWORD });
    email = user.email!;
    userId = user.id;
  });
  afterAll(() => t.close());

  it('refuses a token signed with the old constant key, even for a live session', async () => {
    const { jwt } = await signIn(t.app, email, DEMO_PASSWORD);
    const own = await t.app.inject({ url: '/api/v1/user', headers: bearer(jwt.token) });
    expect(own.statusCode).toBe(200);
    const forged = await forge(OLD_CONSTANT, userId, sessionOf(jwt.token));
    const reply = await t.app.inject({ url: '/api/v1/user', headers: bearer(forged) });
    expect(reply.statusCode).toBe(401);
    // The same claims signed with the server's own key pass: the signature is what was refused.
    const genuine = await forge(t.ctx.config.jwtSecret, userId, sessionOf(jwt.token));
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(genuine) })).statusCode).toBe(200);
  });

  it('accepts the demo password here, on a server no other machine reaches', async () => {
    await expect(signIn(t.app, email, DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it('shows the outbox to a loopback socket only, whatever X-Forwarded-For says', async () => {
    await t.ctx.notifier.sms('79160000001', '1234 — код');
    const local = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('1234');
    const local6 = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '::1' });
    expect(local6.statusCode).toBe(200);
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const remote = await t.app.inject({
        url,
        remoteAddress: '203.0.113.7',
        headers: { host: 'localhost:3000' },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('1234');
    }
  });
});

describe.each(DRIVERS)('the outbox behind a trusted proxy, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is not opened by a forwarded loopback address from a remote socket', async () => {
    const reply = await t.app.inject({
      url: '/dev/outbox.json',
      remoteAddress: '198.51.100.4',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(reply.statusCode).toBe(404);
  });

  it('is closed to whatever a proxy on this machine forwards (the socket is loopback, the client is not)', async () => {
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.4' },
      { forwarded: 'for=198.51.100.4' },
      { 'x-real-ip': '198.51.100.4' },
    ]) {
      const reply = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1', headers });
      expect(reply.statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(
      200,
    );
  });
});

describe.each(DRIVERS)('a demo server open to the network (HOST=0.0.0.0), on %s', (driver) => {
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { HOST: '0.0.0.0' });
    const company = await buildCompany(t.ctx.db);
    email = (await buildUser(t.ctx.db, { company, password: DEMO_PASSWORD })).email!;
  });
  afterAll(() => t.close());

  it('has no outbox, not even for a loopback socket', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      expect((await t.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    }
  });

  it('refuses the demo password, with a Russian answer on the password field', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().errors.password[0]).toContain('Демонстрационный пароль не действует');
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      payload: { email: 'admin@etp-rd.ru', password: DEMO_PASSWORD },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('does not deliver an SMS code through an outbox nobody may read', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v2/registrations/sms',
      payload: { phone: '79160000077' },
    });
    expect(reply.statusCode).toBe(503);
    const [row] = await t.ctx.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, '79160000077'));
    expect(row!.body).toBe(BODY_NOT_KEPT);
  });
});

describe.each(DRIVERS)('messages a real transport delivered, on %s', (driver) => {
  let t: TestApp;
  const mailed: string[] = [];
  let email: string;

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      {},
      { transports: { email: { send: async (m) => void mailed.push(m.text) } } },
    );
    email = (await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) })).email!;
  });
  afterAll(() => t.close());

  it('are not kept in the outbox: the reset link reaches the mail server only', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/send_reset_instructions',
      payload: { email },
    });
    expect(reply.statusCode).toBe(200);
    expect(mailed.join('\n')).toContain('reset_password_token=');
    const listed = await t.app.inject({ url: `/dev/outbox.json?recipient=${email}` });
    expect(listed.body).not.toContain('reset_password_token');
    const rows = await t.ctx.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, email));
    expect(rows.map((r) => r.body)).toEqual([BODY_NOT_KEPT]);
  });
});

describe.each(DRIVERS)('the notifier log, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('never holds a code, a link or a recipient, in any mode', async () => {
    for (const outboxDelivers of [true, false]) {
      const lines: string[] = [];
      const log: NotifyLog = {
        info: (data, message) => lines.push(JSON.stringify({ ...data, message })),
        warn: (data, message) => lines.push(JSON.stringify({ ...data, message })),
      };
      const notifier = new OutboxNotifier({
        db: t.ctx.db,
        now: t.ctx.now,
        outboxDelivers,
        transports: { email: { send: async () => undefined }, sms: null },
        log,
      });
      await notifier.sms('79160000055', '4321 — код для входа');
      await notifier.email('ivan@example.ru', 'Сброс', 'https://etp/reset?reset_password_token=SECRET-1');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines.join('\n')).not.toMatch(/4321|SECRET-1|79160000055|ivan@example\.ru/);
    }
  });
});
