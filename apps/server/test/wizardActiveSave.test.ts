/**
 * An administrator saves an active procedure (spec 1 §4; issue 29 defect 9): the wizard sends its step back
 * whole, so a start and step equal to the stored ones are no change (the start compared to the minute, as the form
 * shows it), only a real change of them is refused; a new end moves every lot still trading by as much, keeping a
 * late bid's extension. Asserts replies and what the database holds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lots } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(DRIVERS)('an administrator saves an active procedure on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(driver);
    companyId = (await buildCompany(t.ctx.db, { seller: true })).id;
    admin = (await signIn(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).email!)).jwt.token;
  });
  const sockets: LiveTestClient[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const put = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/briefcases/${id}`, headers: bearer(admin), payload });

  /** Trading since an hour ago (the start stored with seconds), two lots: one extended by a late bid, one ended. */
  async function active(auctionType: 'classic' | 'private_requests' = 'classic') {
    const now = t.ctx.now().getTime();
    const start = new Date(now - HOUR + 37_123);
    const end = new Date(Math.ceil((now + 2 * HOUR) / MIN) * MIN);
    const b = await buildBriefcase(
      t.ctx.db,
      { id: companyId },
      { status: 'active', auctionType, startDatetime: start, endDatetime: end, stepPrice: 100_000 },
    );
    const extended = await buildLot(t.ctx.db, b, {
      status: 'active',
      startDatetime: start,
      endDatetime: new Date(end.getTime() + 10 * MIN),
      stepPrice: 100_000,
      startPrice: 1_000_000,
    });
    const ended = await buildLot(t.ctx.db, b, {
      status: 'finished',
      startDatetime: start,
      endDatetime: new Date(now - 5 * MIN),
      stepPrice: 100_000,
      startPrice: 2_000_000,
    });
    return { b, start, end, extended, ended };
  }

  /** Step 3 as the wizard sends it: every field, the start as the form holds it. */
  const step3 = (start: string, end: Date, extra: object = {}) => ({
    kind: 'agent',
    percent_mode: 'amount_total_debt',
    end_mode: 'ransom',
    start_datetime: start,
    end_datetime: end.toISOString(),
    max_price: null,
    step_price: 100_000,
    custom_steps: false,
    renewal_after_last_bid: false,
    renewal_after_last_bid_in_minutes: 0,
    lot_renewal_minutes: 10,
    steps_after_first_bid: null,
    max_bids: null,
    documents_attributes: [],
    round_request_ttl: 86_400_000,
    ...extra,
  });

  it('opens on the settings: the registry of a published procedure counts as uploaded, snapshot or not', async () => {
    const { b } = await active();
    const reply = await t.app.inject({ url: `/api/v1/briefcases/${b.id}/edit`, headers: bearer(admin) });
    expect(reply.json().data.briefcase).toMatchObject({ briefcase_state: 'active', has_registry: true });
    expect(reply.json().data.resume_step).toBe(3);
  });

  it('saves a new end when the start and step come back unchanged (to the minute); lots move with it', async () => {
    const { b, start, end, extended, ended } = await active();
    const later = new Date(end.getTime() + HOUR);
    // The stored ISO string, and the same minute without its seconds (as a date picker gives it back).
    const minute = new Date(Math.floor(start.getTime() / MIN) * MIN).toISOString();
    for (const sentStart of [start.toISOString(), minute]) {
      const [before] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, b.id));
      const target = new Date(before!.endDatetime!.getTime() + HOUR);
      const response = await put(b.id, step3(sentStart, target));
      expect(response.statusCode, response.body).toBe(200);
    }
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, b.id));
    expect(row!.endDatetime!.toISOString()).toBe(new Date(later.getTime() + HOUR).toISOString());
    expect(row!.startDatetime!.toISOString()).toBe(start.toISOString());
    const stored = new Map(
      (await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, b.id))).map((l) => [l.id, l]),
    );
    // The extended lot keeps its 10 minutes past the procedure's end; the ended lot is left as it was.
    expect(stored.get(extended.id)!.endDatetime!.getTime()).toBe(row!.endDatetime!.getTime() + 10 * MIN);
    expect(stored.get(extended.id)!.startDatetime!.toISOString()).toBe(start.toISOString());
    expect(stored.get(extended.id)!.startPrice).toBe(1_000_000);
    expect(stored.get(ended.id)!.endDatetime).toEqual(ended.endDatetime);
    expect(stored.get(ended.id)!.status).toBe('finished');
  });

  it('refuses a real change of the start or the step, and changes nothing', async () => {
    const { b, start, end } = await active();
    const moved = new Date(start.getTime() + 2 * MIN).toISOString();
    for (const body of [
      step3(moved, end),
      step3(start.toISOString(), end, { step_price: 200_000 }),
      step3(start.toISOString(), end, { custom_steps: true, lots_step_price: {} }),
    ]) {
      const response = await put(b.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json().message).toBe('У идущей процедуры нельзя изменить дату начала и шаг');
    }
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, b.id));
    expect(row!.startDatetime!.toISOString()).toBe(start.toISOString());
    expect(row!.stepPrice).toBe(100_000);
  });

  it('per-lot steps and lot prices sent back unchanged are no change; a changed one is refused', async () => {
    const { b, start, end, extended, ended } = await active();
    await t.ctx.db.update(briefcases).set({ customSteps: true }).where(eq(briefcases.id, b.id));
    const same = { [extended.id]: 100_000, [ended.id]: 100_000 };
    const prices = { [extended.id]: 1_000_000, [ended.id]: 2_000_000 };
    const ok = await put(
      b.id,
      step3(start.toISOString(), end, {
        custom_steps: true,
        lots_step_price: same,
        lots_start_prices_cents: prices,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const changed = await put(
      b.id,
      step3(start.toISOString(), end, {
        custom_steps: true,
        lots_step_price: { ...same, [extended.id]: 50_000 },
      }),
    );
    expect(changed.statusCode).toBe(409);
    const price = await put(
      b.id,
      step3(start.toISOString(), end, { lots_start_prices_cents: { ...prices, [extended.id]: 900_000 } }),
    );
    expect(price.statusCode).toBe(409);
  });

  it("sends the moved lots' update to their followers: an open lot page shows the new end without reload", async () => {
    const { b, start, end, extended, ended } = await active();
    const buyerCompany = await buildCompany(t.ctx.db);
    const buyer = (await signIn(t.app, (await buildUser(t.ctx.db, { company: buyerCompany })).email!)).jwt
      .token;
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectLive(url, buyer);
    sockets.push(socket);
    socket.send({ command: 'subscribe', channel: 'LotsStream', briefcase_id: b.id });
    await socket.waitFor((m) => m.type === 'subscribed' && m.channel === 'LotsStream');

    const later = new Date(end.getTime() + HOUR);
    const response = await put(b.id, step3(start.toISOString(), later));
    expect(response.statusCode, response.body).toBe(200);
    const movedEnd = new Date(later.getTime() + 10 * MIN).toISOString();
    const update = await socket.waitFor(
      (m) =>
        m.action === 'lot_update' &&
        (m.payload as { id?: number }).id === extended.id &&
        (m.payload as { end_datetime?: string }).end_datetime === movedEnd,
    );
    expect(update).toMatchObject({ channel: 'LotsStream', briefcase_id: b.id });
    // The ended lot did not move: no update claims a new end for it.
    const endedUpdates = socket.messages.filter(
      (m) => m.action === 'lot_update' && (m.payload as { id?: number }).id === ended.id,
    );
    for (const m of endedUpdates)
      expect((m.payload as { end_datetime?: string }).end_datetime).toBe(ended.endDatetime!.toISOString());
  });
});
