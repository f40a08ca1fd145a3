import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

describe('every failure answers in the envelope with a meaningful status', () => {
  let t: TestApp;
  let buyerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const company = await buildCompany(t.ctx.db);
    const buyer = await buildUser(t.ctx.db, { company });
    const admin = await buildUser(t.ctx.db, { company: null, role: 'admin' });
    buyerToken = (await signIn(t.app, buyer.email!)).jwt.token;
    adminToken = (await signIn(t.app, admin.email!)).jwt.token;
  });
  afterAll(() => t.close());

  it('unknown route: 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 'error',
      data: null,
      message: 'Страница или метод не найдены',
      errors: {},
      code: 'not_found',
    });
  });

  it('malformed JSON: 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.ru", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'Неверный формат JSON в теле запроса',
    });
  });

  it('wrong types: 422 with the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      payload: { email: 42, password: ['x'] },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
    // zod speaks Russian here
    expect(body.errors.email[0]).toMatch(/[а-я]/i);
  });

  it('wrong query types: 422', async () => {
    const response = await t.app.inject({
      url: '/api/v1/briefcases?page=0&per_page=abc',
      headers: bearer(buyerToken),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['page', 'per_page']);
  });

  it('missing token: 401', async () => {
    const response = await t.app.inject({ url: '/api/v1/briefcases' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });

  it('forbidden role: 403 for a buyer on an administrator call, 200 for the administrator', async () => {
    const buyer = await t.app.inject({ url: '/api/v1/users?company_name=Тест', headers: bearer(buyerToken) });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toMatchObject({
      code: 'forbidden',
      message: 'Доступно только администратору площадки',
    });
    const admin = await t.app.inject({ url: '/api/v1/users?company_name=Тест', headers: bearer(adminToken) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.companies.data.length).toBeGreaterThan(0);
  });

  it('oversized body: 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      payload: { email: 'a@b.ru', password: 'x'.repeat(2_000_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('too_large');
    // The limit is named, in the words of the file fields' limits ("Размер логотипа не должен превышать 5 МБ").
    expect(response.json().message).toBe(
      'Размер запроса не должен превышать 1 МБ: файлы отправляются формой с файлом',
    );
  });

  it('oversized body sent in chunks (no length announced): the same 413 naming the limit', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 8 MB at most; the server answers (and stops reading) after the first megabyte.
        if (sent >= 8 << 20) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/auth/authorize_by_email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    const answer = (await response.json()) as { code: string; message: string };
    expect(answer).toMatchObject({
      code: 'too_large',
      message: 'Размер запроса не должен превышать 1 МБ: файлы отправляются формой с файлом',
    });
  });

  it('serves the server time and the health check', async () => {
    const time = await t.app.inject({ url: '/time' });
    expect(time.json().data).toEqual({
      time: '2026-11-22T09:00:00.000Z',
      unix_ms: Date.parse('2026-11-22T09:00:00Z'),
      demo_simulation: false,
    });
    const health = await t.app.inject({ url: '/health' });
    expect(health.json().data).toEqual({ database: 'pglite', status: 'up' });
  });

  it('answers the dictionaries in Russian, all keys or the asked ones', async () => {
    const all = (await t.app.inject({ url: '/api/v1/dictionaries' })).json().data;
    expect(Object.keys(all).sort()).toEqual(['activities', 'source_debtor_types', 'source_kinds']);
    expect(all.source_kinds).toContainEqual({
      index: 1,
      value: 'active_loan',
      text: 'Непросроченная задолженность',
      except: [],
    });
    const one = (await t.app.inject({ url: '/api/v1/dictionaries?keys=activities' })).json().data;
    expect(Object.keys(one)).toEqual(['activities']);
    const bad = await t.app.inject({ url: '/api/v1/dictionaries?keys=planets' });
    expect(bad.statusCode).toBe(422);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/time' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self' ws: wss:",
    );
    expect(response.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Every call carries them, refusals included.
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/bids', payload: {} });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
  });
});

describe('rate limiting', () => {
  it('answers 429 in the envelope past the limit', async () => {
    const t = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await t.app.inject({ url: '/api/v1/dictionaries' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await t.app.inject({ url: '/api/v1/dictionaries' });
      expect(last.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
      // The server time and the web app's files are not rate limited.
      expect((await t.app.inject({ url: '/time' })).statusCode).toBe(200);
      // The spec's download paths are calls (decisions/0250): limited like them, each route apart.
      const user = await buildUser(t.ctx.db);
      const headers = bearer((await signIn(t.app, user.email!)).jwt.token);
      const downloads: number[] = [];
      for (let i = 0; i < 4; i++)
        downloads.push((await t.app.inject({ url: '/briefcases/999999/report', headers })).statusCode);
      expect(downloads).toEqual([404, 404, 404, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('the web app', () => {
  it('serves index.html for client routes and keeps API misses as JSON', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'etp-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ЭТП РД</title>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    const t = await createTestApp('pglite', { WEB_DIST_DIR: dist });
    try {
      const landing = await t.app.inject({ url: '/' });
      expect(landing.statusCode).toBe(200);
      expect(landing.body).toContain('ЭТП РД');
      const page = await t.app.inject({ url: '/briefcases/12/trade?page=2' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('ЭТП РД');
      const asset = await t.app.inject({ url: '/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const api = await t.app.inject({ url: '/api/v1/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().status).toBe('error');
    } finally {
      await t.close();
    }
  });
});
