/**
 * A next or second round carries the registry and lots of the round before (decisions/0241): a registry upload,
 * a column matching, a personal-data decision or a reloting sent by hand to it is refused with 409 and says why,
 * and the round's lots stay as they were (issue 29, the follow-up of defect 12).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lots } from '../src/db/schema/index.ts';
import { debt, registryXlsx, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { endedProcedure } from './support/rounds.ts';
import { api, buildFloor, type Floor } from './support/trading.ts';

describe.each(DRIVERS)('a round refuses a new registry or lotting on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 1);
    call = api(t);
  });
  afterAll(() => t.close());

  it('answers 409 on every route that would replace the registry or relot it; the lots stay', async () => {
    const { briefcase, a, c } = await endedProcedure(t, floor, floor.buyers[0]!, {
      auctionType: 'private_requests',
      endMode: 'convert',
      canStartSecondRound: true,
      stepPrice: 50_000,
    });
    await t.ctx.db.update(lots).set({ secondRoundStartPrice: 2_500_000 }).where(eq(lots.id, a.id));
    await t.ctx.db.update(lots).set({ secondRoundStartPrice: 3_000_000 }).where(eq(lots.id, c.id));
    const created = await call.send(floor.seller, 'POST', `/api/v1/briefcases/${briefcase.id}/second_round`);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const message = `Реестр и лоты этого раунда перенесены из ТП №${briefcase.id}: заменить реестр или перелотировать их нельзя`;

    const file = registryXlsx([debt(), debt(), debt()]);
    const replies = [
      await upload(t.app, floor.seller.token, file, {}, `/api/v1/briefcases/${id}/source`),
      await call.send(floor.seller, 'PUT', `/api/v1/briefcases/${id}/map_registry`, {
        source_map: { '0': 'contract_id' },
      }),
      await call.send(floor.seller, 'POST', `/api/v1/briefcases/${id}/reloting`, {
        loting_params: { loting_type: 'stage_of_collection' },
      }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/briefcases/${id}/personal_data_agree`,
        headers: bearer(floor.seller.token),
      }),
      await call.send(floor.admin, 'POST', `/api/v1/briefcases/${id}/skip_validation`),
      await call.send(floor.admin, 'POST', `/api/v1/briefcases/${id}/custom_skip_validation`),
    ];
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json().message).toBe(message);
    }

    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row).toMatchObject({ status: 'created', convertedFrom: briefcase.id, itemsCount: 20 });
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(stored.map((l) => l.convertedFrom).sort()).toEqual([a.id, c.id].sort());
    expect(stored.map((l) => l.startPrice).sort()).toEqual([2_500_000, 3_000_000]);
    // The round's own settings stay the seller's to set: the wizard reads its lots.
    const lotsJson = await call.get(floor.seller, `/api/v1/briefcases/${id}/lots.json`);
    expect(lotsJson.statusCode).toBe(200);
    expect(lotsJson.json().data.lots).toHaveLength(2);
  });
});
