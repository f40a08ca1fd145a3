import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, briefcaseCompanyLists, briefcases, lots } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { recordBus } from './support/busLog.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildLot, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

const DAY = 86_400_000;

describe.each(DRIVERS)('confirming and rejecting a pending procedure on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let bus: ReturnType<typeof recordBus>;
  let collaborator: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver);
    floor = await buildFloor(t, 1);
    call = api(t);
    bus = recordBus(t);
    const user = await buildUser(t.ctx.db, { company: floor.sellerCompany, owner: false });
    collaborator = {
      userId: user.id,
      companyId: floor.sellerCompany.id,
      token: (await signIn(t.app, user.email!)).jwt.token,
    };
  });
  afterAll(() => t.close());

  async function pending(creatorType: 'admin' | 'user', startInMs = DAY) {
    const start = new Date(t.clock.now().getTime() + startInMs);
    const briefcase = await buildBriefcase(t.ctx.db, floor.sellerCompany, {
      status: 'pending',
      creatorType,
      startDatetime: start,
      endDatetime: new Date(start.getTime() + 2 * 3_600_000),
    });
    const lot = await buildLot(t.ctx.db, briefcase, { status: 'pending' });
    return { briefcase, lot };
  }
  const row = async (id: number) =>
    (await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id)))[0]!;
  const statusEntries = async (id: number) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, id), eq(auditLog.action, 'briefcase_status')));

  it("lets the seller's collaborator confirm what an administrator created: published, lots ready, audited, broadcast", async () => {
    const { briefcase, lot } = await pending('admin');
    const response = await call.send(collaborator, 'POST', `/api/v1/briefcases/${briefcase.id}/confirm`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      message: 'Торговая процедура подтверждена',
      data: { id: briefcase.id, status: 'ready', published_at: t.clock.now().toISOString() },
    });
    expect(await row(briefcase.id)).toMatchObject({ status: 'ready', publishedAt: t.clock.now() });
    expect((await t.ctx.db.select().from(lots).where(eq(lots.id, lot.id)))[0]).toMatchObject({
      status: 'ready',
    });
    expect((await statusEntries(briefcase.id)).map((e) => e.payload)).toEqual([
      { from: 'pending', to: 'ready' },
    ]);
    expect(
      bus.of('BriefcaseStatus', 'briefcase_status_update', briefcase.id).at(-1)?.message.payload,
    ).toMatchObject({ id: briefcase.id, status: 'ready' });
  });

  it('lets an administrator approve what the seller sent, and not the seller itself', async () => {
    const { briefcase } = await pending('user');
    const own = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/confirm`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'Торговую процедуру, отправленную организатором, согласует администратор площадки',
    );
    expect((await row(briefcase.id)).status).toBe('pending');
    // A closed procedure: its invited company learns it may take part once it is published.
    const invited = floor.buyers[0]!;
    await t.ctx.db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId: briefcase.id, companyId: invited.companyId, list: 'whitelist' });
    const approved = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/confirm`);
    expect(approved.statusCode).toBe(200);
    expect((await row(briefcase.id)).status).toBe('ready');
    const events = (await call.get(invited, '/api/v1/events')).json().data.collection;
    expect(events[0]).toMatchObject({
      kind: 'procedure_invitation',
      briefcase_id: briefcase.id,
      text: `ТП №${briefcase.id}: ваша компания приглашена к участию в закрытой процедуре`,
    });
  });

  it('leaves what an administrator created to the seller', async () => {
    const { briefcase } = await pending('admin');
    const response = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/confirm`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Торговую процедуру, созданную администратором, подтверждает организатор торгов',
    );
    expect(
      (await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/reject`, { note: 'нет' }))
        .statusCode,
    ).toBe(403);
  });

  it('hides a pending procedure from buyers', async () => {
    const { briefcase } = await pending('admin');
    const response = await call.send(floor.buyers[0]!, 'POST', `/api/v1/briefcases/${briefcase.id}/confirm`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Торговая процедура не найдена');
  });

  it('decides only once, and never after the start has passed', async () => {
    const { briefcase } = await pending('admin');
    expect(
      (await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/confirm`)).statusCode,
    ).toBe(200);
    const again = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/reject`, {
      note: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Торговая процедура не ожидает подтверждения');

    const late = await pending('admin', -60_000);
    const response = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${late.briefcase.id}/confirm`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Время начала торгов уже прошло: измените даты торговой процедуры');
    expect((await row(late.briefcase.id)).status).toBe('pending');
  });

  it("keeps the seller's remarks when it rejects, and tells it the specialist will take note", async () => {
    const { briefcase } = await pending('admin');
    const response = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/reject`, {
      note: '  Неверная цена лота №2  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Специалист примет к сведению Ваши замечания',
      data: { status: 'rejected', published_at: null },
    });
    expect(await row(briefcase.id)).toMatchObject({
      status: 'rejected',
      rejectionNote: 'Неверная цена лота №2',
    });
    expect((await statusEntries(briefcase.id)).map((e) => e.payload)).toEqual([
      { from: 'pending', to: 'rejected', note: 'Неверная цена лота №2' },
    ]);
    expect(
      bus.of('BriefcaseStatus', 'briefcase_status_update', briefcase.id).at(-1)?.message.payload,
    ).toMatchObject({ status: 'rejected' });
  });

  it('lets an administrator reject what a seller sent, with a reason', async () => {
    const { briefcase } = await pending('user');
    const blank = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/reject`, {
      note: '   ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ note: ['Укажите причину'] });
    const response = await call.send(floor.admin, 'POST', `/api/v1/briefcases/${briefcase.id}/reject`, {
      note: 'Нет документации',
    });
    expect(response.json().message).toBe('Торговая процедура отклонена');
    expect((await row(briefcase.id)).status).toBe('rejected');
  });
});
