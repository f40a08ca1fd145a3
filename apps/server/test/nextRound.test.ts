import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, briefcaseCompanyLists, briefcases, lots, registryRows } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { recordBus } from './support/busLog.ts';
import { DRIVERS } from './support/db.ts';
import { buildLot } from './support/factories.ts';
import { endedProcedure } from './support/rounds.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

describe.each(DRIVERS)('creating next and second rounds on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let bus: ReturnType<typeof recordBus>;
  let bidder: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    bidder = floor.buyers[0]!;
    call = api(t);
    bus = recordBus(t);
  });
  afterAll(() => t.close());

  const ended = (overrides: Parameters<typeof endedProcedure>[3] = {}) =>
    endedProcedure(t, floor, bidder, overrides);
  const apply = (who: Trader, id: number, lotIds: number[]) =>
    call.send(who, 'POST', `/api/v1/briefcases/${id}/round_requests/apply`, { lots: lotIds });
  const procedure = async (id: number) =>
    (await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id)))[0]!;

  it('lets an administrator create the next round from the applied unsold lots', async () => {
    const { briefcase, a, b, c } = await ended();
    const other = await buildLot(t.ctx.db, briefcase, { status: 'closed', number: 4, isWithoutWinner: true });
    await t.ctx.db
      .update(briefcases)
      .set({
        registryColumns: Buffer.from('the registry snapshot'),
        lotAssignment: Buffer.from([1, 0, 0, 0]),
      })
      .where(eq(briefcases.id, briefcase.id));
    await t.ctx.db.insert(briefcaseCompanyLists).values({
      briefcaseId: briefcase.id,
      companyId: bidder.companyId,
      list: 'whitelist',
    });
    const [debt] = await t.ctx.db
      .insert(registryRows)
      .values({
        briefcaseId: briefcase.id,
        lotId: a.id,
        rowNumber: 1,
        contractId: 'К-1',
        amountTotal: 1,
        amountBottomline: 1,
      })
      .returning();
    expect(
      (await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/next_round`)).json().message,
    ).toBe('Нет заявок на участие в следующем туре по лотам без победителя');
    await apply(bidder, briefcase.id, [a.id, c.id]);
    expect(
      (await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/next_round`)).statusCode,
    ).toBe(403);

    const response = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/next_round`);
    expect(response.statusCode).toBe(200);
    const id = response.json().data.id as number;
    expect(await procedure(id)).toMatchObject({
      status: 'created',
      companyId: floor.sellerCompany.id,
      creatorType: 'admin',
      convertedFrom: briefcase.id,
      firstRoundId: briefcase.id,
      nextRoundCount: 1,
      startDatetime: null,
      amountTotal: 2_000_000,
      itemsCount: 20,
      dpd: 400,
    });
    // The registry snapshot goes with the new round (copied inside the database).
    const copied = await procedure(id);
    expect(Buffer.from(copied.registryColumns!).toString()).toBe('the registry snapshot');
    expect([...Buffer.from(copied.lotAssignment!)]).toEqual([1, 0, 0, 0]);
    const copies = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id)).orderBy(lots.number);
    expect(copies.map((l) => [l.number, l.convertedFrom, l.status, l.bidsCount, l.currentPrice])).toEqual([
      [1, a.id, 'created', 0, null],
      [3, c.id, 'created', 0, null],
    ]);
    expect(copies.map((l) => l.convertedFrom)).not.toContain(b.id);
    expect(copies.map((l) => l.convertedFrom)).not.toContain(other.id);
    expect((await t.ctx.db.select().from(registryRows).where(eq(registryRows.id, debt!.id)))[0]!.lotId).toBe(
      a.id,
    );
    expect(
      await t.ctx.db.select().from(briefcaseCompanyLists).where(eq(briefcaseCompanyLists.briefcaseId, id)),
    ).toEqual([expect.objectContaining({ companyId: bidder.companyId, list: 'whitelist' })]);
    expect(await procedure(briefcase.id)).toMatchObject({
      status: 'closed_with_next_round',
      nextRoundId: id,
      nextRoundCount: 1,
    });
    expect(bus.of('BriefcaseStatus', 'next_round', briefcase.id).at(-1)!.message.payload).toMatchObject({
      status: 'closed_with_next_round',
      next_round_id: id,
      next_round_count: 1,
    });
    const actions = async (bid: number) =>
      (await t.ctx.db.select().from(auditLog).where(eq(auditLog.briefcaseId, bid))).map((e) => e.action);
    expect(await actions(briefcase.id)).toEqual(
      expect.arrayContaining(['next_round_created', 'briefcase_status']),
    );
    expect(await actions(id)).toEqual(['briefcase_created']);
    // The applicant is told of the new round.
    const events = (await call.get(bidder, '/api/v1/events')).json().data.collection;
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'round_invitation',
        briefcase_id: id,
        text: `ТП №${id}: следующий тур по лотам ТП №${briefcase.id}, на которые вы подали заявку`,
      }),
    );

    const again = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/next_round`);
    expect(again.statusCode).toBe(409);
    expect((await apply(bidder, briefcase.id, [a.id])).statusCode).toBe(409);
  });

  it('creates the next round only once the seller has decided every lot', async () => {
    const { briefcase, a } = await ended({ status: 'finished' });
    await apply(bidder, briefcase.id, [a.id]);
    const response = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/next_round`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Следующий тур создаётся после того, как организатор подведёт итоги по всем лотам',
    );
  });

  it('lets the seller of a convert procedure start the classic second round from the chosen prices, once', async () => {
    const { briefcase, a, b } = await ended({
      auctionType: 'private_requests',
      endMode: 'convert',
      canStartSecondRound: true,
      stepPrice: 50_000,
    });
    await t.ctx.db
      .update(lots)
      .set({ secondRoundStartPrice: 2_500_000, stepPrice: null })
      .where(eq(lots.id, a.id));
    const url = `/api/v1/briefcases/${briefcase.id}/second_round`;
    expect((await call.send(floor.admin, 'POST', url)).json().message).toBe(
      'Второй тур создаёт организатор торгов',
    );
    expect((await call.send(bidder, 'POST', url)).statusCode).toBe(403);

    const response = await call.send(floor.seller, 'POST', url);
    expect(response.statusCode).toBe(200);
    const id = response.json().data.id as number;
    expect(await procedure(id)).toMatchObject({
      auctionType: 'classic',
      endMode: 'ransom',
      status: 'created',
      convertedFrom: briefcase.id,
      firstRoundId: briefcase.id,
      startPrice: 2_500_000,
    });
    const copies = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(copies).toEqual([
      expect.objectContaining({
        convertedFrom: a.id,
        startPrice: 2_500_000,
        stepPrice: 50_000,
        status: 'created',
      }),
    ]);
    expect(copies.map((l) => l.convertedFrom)).not.toContain(b.id);
    expect((await procedure(briefcase.id)).secondRoundId).toBe(id);
    const again = await call.send(floor.seller, 'POST', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Второй тур уже создан');
  });

  it('refuses a second round without two stages or before the start prices are chosen', async () => {
    const ransom = await ended({ auctionType: 'private_requests', canStartSecondRound: true });
    expect(
      (await call.send(floor.seller, 'POST', `/api/v1/briefcases/${ransom.briefcase.id}/second_round`)).json()
        .message,
    ).toBe('Второй тур предусмотрен только для торгов в два этапа');
    const undecided = await ended({
      auctionType: 'private_requests',
      endMode: 'convert',
      status: 'finished',
    });
    const response = await call.send(
      floor.seller,
      'POST',
      `/api/v1/briefcases/${undecided.briefcase.id}/second_round`,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Второй тур можно создать после выбора начальных цен по лотам');
  });
});
