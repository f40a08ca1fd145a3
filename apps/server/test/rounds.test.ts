import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bids, lots, roundRequests } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { recordBus } from './support/busLog.ts';
import { DRIVERS } from './support/db.ts';
import { endedProcedure, HOUR } from './support/rounds.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

describe.each(DRIVERS)('next-round applications on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let bus: ReturnType<typeof recordBus>;
  let bidder: Trader;
  let idle: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    [bidder, idle] = floor.buyers as [Trader, Trader];
    call = api(t);
    bus = recordBus(t);
  });
  afterAll(() => t.close());

  const ended = (overrides: Parameters<typeof endedProcedure>[3] = {}) =>
    endedProcedure(t, floor, bidder, overrides);
  const apply = (who: Trader, id: number, lotIds: number[]) =>
    call.send(who, 'POST', `/api/v1/briefcases/${id}/round_requests/apply`, { lots: lotIds });

  it('takes a bidder’s application for unsold lots, once per lot, and tells the seller', async () => {
    const { briefcase, a, c } = await ended();
    const response = await apply(bidder, briefcase.id, [a.id, c.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Заявка на участие в следующем туре отправлена организатору');
    expect((await apply(bidder, briefcase.id, [a.id])).statusCode).toBe(200);
    const stored = await t.ctx.db
      .select()
      .from(roundRequests)
      .where(eq(roundRequests.briefcaseId, briefcase.id));
    expect(stored.map((r) => r.lotId).sort()).toEqual([a.id, c.id].sort());
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, briefcase.id), eq(auditLog.action, 'round_request')));
    expect(audit).toHaveLength(1);
    const message = bus.of('BriefcaseStatus', 'next_round', briefcase.id).at(-1)!;
    expect(message.audience).toEqual({ kind: 'masters' });
    expect(message.message.payload).toMatchObject({ next_round_requests: 2 });
  });

  it('refuses lots with a winner or of another procedure, and then stores nothing', async () => {
    const { briefcase, a, b } = await ended();
    const other = await ended();
    const response = await apply(bidder, briefcase.id, [a.id, b.id, other.a.id]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Заявка не отправлена',
      errors: {
        lots: [
          'Лот №2: заявки принимаются только по лотам, завершённым без победителя',
          `Лот ${other.a.id} не найден в этой торговой процедуре`,
        ],
      },
    });
    expect(
      await t.ctx.db.select().from(roundRequests).where(eq(roundRequests.briefcaseId, briefcase.id)),
    ).toEqual([]);
  });

  it('takes applications only from companies that bid, never from the seller or an administrator', async () => {
    const { briefcase, a } = await ended();
    const none = await apply(idle, briefcase.id, [a.id]);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(
      'Заявку на следующий тур может подать только участник, делавший ставки в этой процедуре',
    );
    expect((await apply(floor.seller, briefcase.id, [a.id])).json().message).toBe(
      'Организатор торгов не подаёт заявки на следующий тур',
    );
    expect((await apply(floor.admin, briefcase.id, [a.id])).statusCode).toBe(403);
  });

  it('takes applications until the end of trading plus the round-request lifetime, counting a later lot end', async () => {
    const { briefcase, a, c } = await ended();
    // Anti-sniping moved lot C's end 30 minutes past the procedure's end.
    await t.ctx.db
      .update(lots)
      .set({ endDatetime: new Date(briefcase.endDatetime!.getTime() + HOUR / 2) })
      .where(eq(lots.id, c.id));
    t.clock.advance(HOUR + HOUR / 4);
    expect((await apply(bidder, briefcase.id, [a.id])).statusCode).toBe(200);
    t.clock.advance(HOUR / 4);
    const late = await apply(bidder, briefcase.id, [a.id]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Срок приёма заявок на следующий тур истёк');
    t.clock.advance(-(HOUR + HOUR / 2));
  });

  it('takes applications only after a classic or dutch procedure ended', async () => {
    const trading = await ended({ status: 'active' });
    expect((await apply(bidder, trading.briefcase.id, [trading.a.id])).json().message).toBe(
      'Заявки на следующий тур принимаются после окончания торгов',
    );
    const sealed = await ended({ auctionType: 'private_requests' });
    const response = await apply(bidder, sealed.briefcase.id, [sealed.a.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Следующий тур проводится только для классического и голландского аукционов',
    );
  });

  it('shows the seller every application and a participant its own', async () => {
    const { briefcase, a } = await ended();
    await t.ctx.db.insert(bids).values({
      lotId: a.id,
      briefcaseId: briefcase.id,
      userId: idle.userId,
      companyId: idle.companyId,
      amount: 900_000,
    });
    await apply(bidder, briefcase.id, [a.id]);
    await apply(idle, briefcase.id, [a.id]);
    const seen = await call.get(floor.seller, `/api/v1/briefcases/${briefcase.id}/round_requests`);
    expect(seen.json().data).toMatchObject({
      round_requests: [
        {
          lot_id: a.id,
          lot_name: 'Лот №1',
          companies: [{ name: 'ООО «Покупатель 1»' }, { name: 'ООО «Покупатель 2»' }],
        },
      ],
      deadline: new Date(briefcase.endDatetime!.getTime() + 2 * HOUR).toISOString(),
    });
    const own = await call.get(idle, `/api/v1/briefcases/${briefcase.id}/round_requests`);
    expect(own.json().data.round_requests[0].companies).toEqual([
      expect.objectContaining({ id: idle.companyId, name: 'ООО «Покупатель 2»' }),
    ]);
  });
});
