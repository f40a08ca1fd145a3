/**
 * The second round of a convert procedure through the wizard (spec 2 "Next and second rounds"; issue 29 defect
 * 12): its registry and lots come from the first round, even one stored without a registry snapshot (as the
 * demo's), so the seller sets its dates and step and sends it for approval without uploading a registry again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lots } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { endedProcedure, HOUR } from './support/rounds.ts';
import { api, buildFloor, type Floor } from './support/trading.ts';

describe.each(DRIVERS)('a second round in the wizard on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 1);
    call = api(t);
  });
  afterAll(() => t.close());

  it('carries the registry and lots: the seller completes the wizard and sends it without an upload', async () => {
    const { briefcase, a, c } = await endedProcedure(t, floor, floor.buyers[0]!, {
      auctionType: 'private_requests',
      endMode: 'convert',
      canStartSecondRound: true,
      stepPrice: 50_000,
    });
    expect(briefcase.registryColumns).toBeNull();
    await t.ctx.db.update(lots).set({ secondRoundStartPrice: 2_500_000 }).where(eq(lots.id, a.id));
    await t.ctx.db.update(lots).set({ secondRoundStartPrice: 3_000_000 }).where(eq(lots.id, c.id));
    const created = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/second_round`);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;

    const draft = (await call.get(floor.seller, `/api/v1/briefcases/${id}/edit`)).json().data;
    expect(draft.briefcase).toMatchObject({
      auction_type: 'classic',
      briefcase_state: 'created',
      converted_from: briefcase.id,
      has_registry: true,
      items_count: 20,
      activity: 'banking',
    });
    expect(draft.lots.map((l: { start_price: number }) => l.start_price)).toEqual([2_500_000, 3_000_000]);
    // Steps 1 and 2 are complete: the wizard resumes on the settings.
    expect(draft.resume_step).toBe(3);

    const now = t.ctx.now().getTime();
    const settings = await call.send(floor.seller, 'PUT', `/api/v1/briefcases/${id}`, {
      kind: 'agent',
      start_datetime: new Date(now + 30 * HOUR).toISOString(),
      end_datetime: new Date(now + 32 * HOUR).toISOString(),
      step_price: 50_000,
      custom_steps: false,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const applied = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row).toMatchObject({ status: 'pending', convertedFrom: briefcase.id, itemsCount: 20 });
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(stored.map((l) => l.convertedFrom).sort()).toEqual([a.id, c.id].sort());
  });
});
