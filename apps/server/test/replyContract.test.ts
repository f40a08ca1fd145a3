/**
 * The reply check (issue 30, decisions/0254): a reply that adds, drops or retypes a field of its operation's
 * contract, or answers an error status the operation does not declare, becomes a 500 naming the difference; one that
 * matches passes untouched. Shown on a bare Fastify app answering at a declared path, then on the real app.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/http/envelope.ts';
import { createReplyChecker, registerReplyCheck } from '../src/http/replyCheck.ts';
import { createTestApp, type TestApp } from './support/app.ts';

const LINK = { url: '/briefcases/1/report?signature=abc', expires_at: '2026-11-28T10:00:00.000Z' };

describe('the reply check', () => {
  const check = createReplyChecker();

  it('passes a reply exactly as declared', () => {
    expect(check('POST /api/v1/briefcases/:id/download_link', 200, ok(LINK))).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('fails a field the contract does not declare, one it lacks, and one of another type', () => {
    const added = check('POST /api/v1/briefcases/:id/download_link', 200, ok({ ...LINK, token: 'x' }));
    expect(added.ok).toBe(false);
    expect(added.problems.join()).toContain('token');
    const dropped = check('POST /api/v1/briefcases/:id/download_link', 200, ok({ url: LINK.url }));
    expect(dropped.problems.join()).toContain('expires_at');
    const retyped = check('POST /api/v1/briefcases/:id/download_link', 200, ok({ ...LINK, url: 5 }));
    expect(retyped.problems.join()).toContain('/data/url');
  });

  it('fails an error status the operation does not declare, and an error reply out of the envelope', () => {
    const error = { status: 'error', data: null, message: 'Нет', errors: {}, code: 'not_found' };
    expect(check('GET /api/v1/briefcases/counts', 404, error).ok).toBe(false);
    expect(check('GET /api/v1/briefcases/:id', 404, error).ok).toBe(true);
    expect(check('GET /api/v1/briefcases/:id', 404, { ...error, code: 'no_such_code' }).ok).toBe(false);
  });

  it('fails a reply of a route the contract does not declare', () => {
    expect(check('GET /api/v1/nothing', 200, ok({})).problems).toEqual([
      'GET /api/v1/nothing has no operation in the contract',
    ]);
  });

  it('turns an off-contract reply into a 500 that names the field', async () => {
    const app = Fastify({ logger: false });
    registerReplyCheck(app);
    app.post('/api/v1/briefcases/:id/download_link', async () => ok({ ...LINK, secret: 'leaked' }));
    const response = await app.inject({ method: 'POST', url: '/api/v1/briefcases/1/download_link' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/^Ответ не по контракту: .*secret/);
    await app.close();
  });
});

describe('the test application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('checks replies (CHECK_REPLIES defaults to on under NODE_ENV=test)', () => {
    expect(t.ctx.config.checkReplies).toBe(true);
  });
});
