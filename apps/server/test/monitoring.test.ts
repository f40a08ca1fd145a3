import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageVisits } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { recordBus } from './support/busLog.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser } from './support/factories.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;

describe.each(DRIVERS)('monitoring of the card page on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let bus: ReturnType<typeof recordBus>;
  let a: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    a = floor.buyers[0]!;
    call = api(t);
    bus = recordBus(t);
  });
  afterAll(() => t.close());

  const report = (who: Trader, id: number, status: 'online' | 'away') =>
    call.send(who, 'POST', `/api/v1/briefcases/${id}/user/${status}`);
  const visits = (id: number, userId?: number) =>
    t.ctx.db
      .select()
      .from(pageVisits)
      .where(and(eq(pageVisits.briefcaseId, id), userId ? eq(pageVisits.userId, userId) : undefined));
  const monitoring = async (id: number, page = 1) =>
    (await call.get(floor.admin, `/api/v1/briefcases/${id}/users?page=${page}`)).json().data;

  it('records a visit, tells administrators when its status changes, and lists it', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const started = t.clock.now().toISOString();
    expect((await report(a, briefcase.id, 'online')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    await report(a, briefcase.id, 'online');
    await report(a, briefcase.id, 'away');
    expect(await visits(briefcase.id)).toEqual([
      expect.objectContaining({ userId: a.userId, status: 'away', endedAt: null, lastSeenAt: t.clock.now() }),
    ]);
    const messages = bus.of('UsersStream', 'users', briefcase.id);
    expect(messages.map((m) => m.message.payload)).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ status: 'online' }),
        online_count: 1,
        total_count: 1,
      }),
      expect.objectContaining({
        user: expect.objectContaining({ status: 'away' }),
        online_count: 0,
        total_count: 1,
      }),
    ]);
    expect(await monitoring(briefcase.id)).toEqual({
      users: [
        {
          user_id: a.userId,
          full_name: 'Петров Иван',
          company_name: 'ООО «Покупатель 1»',
          start_datetime: started,
          end_datetime: null,
          status: 'away',
        },
      ],
      online_count: 0,
      total_count: 1,
      total_pages: 1,
    });
    t.clock.advance(-MINUTE);
  });

  it('counts a visit not seen for two minutes as offline, and opens a new one when the user comes back', async () => {
    const { briefcase } = await tradingLot(t, floor);
    await report(a, briefcase.id, 'online');
    t.clock.advance(2 * MINUTE);
    expect((await monitoring(briefcase.id)).users[0]).toMatchObject({
      status: 'offline',
      end_datetime: new Date(t.clock.now().getTime() - 2 * MINUTE).toISOString(),
    });
    await report(a, briefcase.id, 'online');
    const rows = await visits(briefcase.id, a.userId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((v) => v.endedAt === null)).toHaveLength(1);
    expect(await monitoring(briefcase.id)).toMatchObject({ online_count: 1, users: [{ status: 'online' }] });
    t.clock.advance(-2 * MINUTE);
  });

  it('keeps one open visit per user, however many reports arrive at once', async () => {
    const { briefcase } = await tradingLot(t, floor);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => report(a, briefcase.id, i % 2 ? 'away' : 'online')),
    );
    const open = await t.ctx.db
      .select()
      .from(pageVisits)
      .where(and(eq(pageVisits.briefcaseId, briefcase.id), isNull(pageVisits.endedAt)));
    expect(open).toHaveLength(1);
  });

  it('does not track administrators, nor pages outside the monitoring window', async () => {
    const { briefcase } = await tradingLot(t, floor);
    expect((await report(floor.admin, briefcase.id, 'online')).statusCode).toBe(200);
    expect(await visits(briefcase.id)).toEqual([]);
    const later = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 31 * MINUTE,
      endInMs: 90 * MINUTE,
    });
    expect((await report(a, later.briefcase.id, 'online')).statusCode).toBe(200);
    expect(await visits(later.briefcase.id)).toEqual([]);
    const soon = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 30 * MINUTE,
      endInMs: 90 * MINUTE,
    });
    await report(a, soon.briefcase.id, 'online');
    expect(await visits(soon.briefcase.id)).toHaveLength(1);
  });

  it('shows the list to administrators only, twenty users a page', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const seller = await call.get(floor.seller, `/api/v1/briefcases/${briefcase.id}/users`);
    expect(seller.statusCode).toBe(403);
    expect((await call.get(a, `/api/v1/briefcases/${briefcase.id}/users`)).statusCode).toBe(403);
    for (let i = 0; i < 21; i++) {
      const user = await buildUser(t.ctx.db, { company: null });
      const at = new Date(t.clock.now().getTime() - i * 1000);
      await t.ctx.db
        .insert(pageVisits)
        .values({ briefcaseId: briefcase.id, userId: user.id, startedAt: at, lastSeenAt: at });
    }
    const first = await monitoring(briefcase.id);
    expect(first).toMatchObject({ online_count: 21, total_count: 21, total_pages: 2 });
    expect(first.users).toHaveLength(20);
    expect((await monitoring(briefcase.id, 2)).users).toHaveLength(1);
  });
});
