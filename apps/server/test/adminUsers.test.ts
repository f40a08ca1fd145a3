import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)("the administrator's user page on %s", (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let a: Trader;
  let b: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    [a, b] = floor.buyers as [Trader, Trader];
    call = api(t);
  });
  afterAll(() => t.close());

  const page = (who: Trader, userId: number) => call.get(who, `/api/v1/admin/users/${userId}`);

  it("shows the user, their companies, sign-ins, card visits and the user's own actions", async () => {
    const second = await buildCompany(t.ctx.db, { name: 'ООО «Вторая»', goodStanding: false });
    const user = await buildUser(t.ctx.db, { company: second, owner: false });
    const { briefcase, lot } = await tradingLot(t, floor);
    // B's autobid answers A's bid in A's transaction, under A's id in the audit log: it is B's bid, not A's action.
    expect((await call.autobid(b, { lot_id: lot.id, max_price: 2_000_000 })).statusCode).toBe(200);
    const before = await call.lot(a, lot.id);
    expect((await call.bid(a, { lot_id: lot.id, amount: before.next_price })).statusCode).toBe(200);
    expect((await call.send(a, 'POST', `/api/v1/briefcases/${briefcase.id}/user/online`)).statusCode).toBe(
      200,
    );
    // A second sign-in of A, then its sign-out.
    const { email } = (await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, a.userId) }))!;
    t.clock.advance(60_000);
    const other = (await signIn(t.app, email!)).jwt.token;
    expect((await t.app.inject({ url: '/api/v1/user/sign_out', headers: bearer(other) })).statusCode).toBe(
      200,
    );

    const response = await page(floor.admin, a.userId);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.user).toMatchObject({ id: a.userId, email, role: 'user', deleted: false });
    expect(data.companies).toEqual([
      expect.objectContaining({ id: a.companyId, owner: true, current: true, good_standing: true }),
    ]);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.map((s: { active: boolean }) => s.active)).toEqual([false, true]);
    expect(data.visits).toEqual([expect.objectContaining({ briefcase_id: briefcase.id })]);
    expect(data.actions).toEqual([
      expect.objectContaining({
        action: 'bid_placed',
        briefcase_id: briefcase.id,
        lot_id: lot.id,
        amount: before.next_price,
      }),
    ]);

    const autobidder = (await page(floor.admin, b.userId)).json().data;
    expect(autobidder.actions.map((x: { action: string }) => x.action)).toContain('autobid_enabled');
    expect(autobidder.actions.find((x: { action: string }) => x.action === 'autobid_enabled').amount).toBe(
      2_000_000,
    );

    // A collaborator of a company that is not accredited: not its owner, and the company is shown as such.
    const member = (await page(floor.admin, user.id)).json().data;
    expect(member.companies).toEqual([
      expect.objectContaining({ id: second.id, owner: false, current: true, good_standing: false }),
    ]);
    expect(member.sessions).toEqual([]);
    expect(member.actions).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: `/api/v1/admin/users/${a.userId}` })).statusCode).toBe(401);
    for (const who of [a, floor.seller]) {
      const response = await page(who, a.userId);
      expect(response.statusCode).toBe(403);
      expect(response.json().data).toBeNull();
    }
    expect((await page(floor.admin, 2_000_000_000)).statusCode).toBe(404);
    expect((await page(floor.admin, 0)).statusCode).toBe(422);
  });
});
