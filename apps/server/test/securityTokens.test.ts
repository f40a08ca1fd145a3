/**
 * Issue 20, part 4: tokens and ids. A session id is bound to its user (a token naming another user with a live
 * session id is refused, on the plain guards, the trading guard and the live socket's check); a token without
 * `exp` is refused; every id in a path, a query or a body is bounded to the database's integer range (422 and a
 * Russian message, never 500).
 */
import { DB_ID_MAX, ID_MESSAGE } from '@etp/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string; exp: number };

describe.each(DRIVERS)('tokens on %s', (driver) => {
  let t: TestApp;
  let a: { id: number; email: string };
  let b: { id: number; email: string };
  let tokenA: string;
  let lotId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { SESSION_CACHE_MS: '10000' });
    const seller = await buildCompany(t.ctx.db, { seller: true });
    const lot = await buildLot(t.ctx.db, await buildBriefcase(t.ctx.db, seller, { status: 'active' }), {
      status: 'active',
    });
    lotId = lot.id;
    const userA = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) });
    const userB = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db), role: 'admin' });
    a = { id: userA.id, email: userA.email! };
    b = { id: userB.id, email: userB.email! };
    tokenA = (await signIn(t.app, a.email)).jwt.token;
  });
  afterAll(() => t.close());

  const sign = (claims: { sub: number; sid: string; exp?: number }) => {
    const now = Math.floor(t.ctx.now().getTime() / 1000);
    const jwt = new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now);
    if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(t.ctx.config.jwtSecret));
  };

  it("refuses a token that puts another user's id on a live session id, on every guard", async () => {
    const { sid, exp } = claimsOf(tokenA);
    // Control: the same construction with A's own id is accepted.
    const own = await sign({ sub: a.id, sid, exp });
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(own) })).statusCode).toBe(200);

    const swapped = await sign({ sub: b.id, sid, exp });
    const user = await t.app.inject({ url: '/api/v1/user', headers: bearer(swapped) });
    expect(user.statusCode).toBe(401);
    const admin = await t.app.inject({ url: '/api/v1/admin/companies', headers: bearer(swapped) });
    expect(admin.statusCode).toBe(401);
    const bid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bids',
      headers: bearer(swapped),
      payload: { lot_id: lotId, amount: 100_000_000, confirm: true },
    });
    expect(bid.statusCode).toBe(401);
    // The live socket authenticates with the same check.
    await expect(t.ctx.guards.authenticateToken(swapped)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a well-signed token without an expiry', async () => {
    const { sid } = claimsOf(tokenA);
    const forever = await sign({ sub: a.id, sid });
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(forever) })).statusCode).toBe(401);
    await expect(t.ctx.guards.authenticateToken(forever)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe.each(DRIVERS)('ids beyond the database integer on %s', (driver) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: '100000' });
    const user = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db, { seller: true }) });
    token = (await signIn(t.app, user.email!)).jwt.token;
  });
  afterAll(() => t.close());

  const BIG = '99999999999';
  const OVER = String(DB_ID_MAX + 1);

  const expect422 = (reply: { statusCode: number; json: () => { message: string; code: string } }) => {
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ code: 'validation_failed', message: ID_MESSAGE });
  };

  it('GET /api/v1/lots/99999999999 answers 422 in Russian, signed in or not', async () => {
    expect422(await t.app.inject({ url: `/api/v1/lots/${BIG}` }));
    expect422(await t.app.inject({ url: `/api/v1/lots/${BIG}`, headers: bearer(token) }));
    expect422(await t.app.inject({ url: `/api/v1/lots/${OVER}`, headers: bearer(token) }));
    // The largest id the database holds is an ordinary miss.
    const edge = await t.app.inject({ url: `/api/v1/lots/${DB_ID_MAX}`, headers: bearer(token) });
    expect(edge.statusCode).toBe(404);
  });

  it('bounds ids in every path of the API', async () => {
    const paths = [
      `/api/v1/briefcases/${BIG}`,
      `/api/v1/briefcases/${BIG}/lots_info`,
      `/api/v1/lots/${BIG}/bids`,
      `/api/v1/charts/briefcases/${BIG}/stats`,
      `/api/v1/files/avatars/${BIG}`,
      `/api/v1/files/company_logos/${BIG}`,
      `/api/v1/files/company_documents/${BIG}`,
      `/api/v1/templates/briefcases/${BIG}/autobids`,
      `/api/v1/source_errors/${BIG}/report.json`,
    ];
    for (const url of paths) {
      const signedIn = await t.app.inject({ url, headers: bearer(token) });
      expect(signedIn.statusCode, url).toBe(422);
      expect(signedIn.json().message).toBe(ID_MESSAGE);
      // Anonymous: refused before or at validation, never a database error.
      const anonymous = await t.app.inject({ url });
      expect([401, 422], url).toContain(anonymous.statusCode);
    }
  });

  it('bounds ids in queries and bodies', async () => {
    expect422(await t.app.inject({ url: `/api/v1/lots?briefcase_id=${BIG}`, headers: bearer(token) }));
    expect422(await t.app.inject({ url: `/api/v1/briefcases?company_ids[]=${BIG}`, headers: bearer(token) }));
    expect422(await t.app.inject({ url: `/api/v1/briefcases?company_ids=${BIG}`, headers: bearer(token) }));
    expect422(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/bids',
        headers: bearer(token),
        payload: { lot_id: Number(BIG), amount: 100, confirm: true },
      }),
    );
    expect422(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/autobid/enable',
        headers: bearer(token),
        payload: { lot_id: Number(OVER), max_price: 100 },
      }),
    );
  });
});
