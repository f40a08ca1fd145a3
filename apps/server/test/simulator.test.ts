import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lots } from '../src/db/schema/index.ts';
import { DemoSimulator } from '../src/demo/simulator.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createTestApp, type TestApp } from './support/app.ts';

describe('demo simulation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    t.clock.set(new Date());
    await seedDemo(t.ctx.db, { now: t.clock.now() });
  });
  afterAll(() => t.close());

  it('places bids and autobids on live lots through the real services', async () => {
    const count = async () => {
      const result = (await t.ctx.db.execute(
        sql`select (select count(*) from bids)::int + (select count(*) from autobids)::int + (select count(*) from audit_log)::int as n`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    const before = await count();
    const simulator = new DemoSimulator(t.ctx, () => undefined);
    for (let i = 0; i < 12; i++) await simulator.step().catch(() => undefined);
    expect(await count()).toBeGreaterThan(before);
  });
});

describe('demo simulation leaves new procedures alone (issue 29)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    t.clock.set(new Date());
    await seedDemo(t.ctx.db, { now: t.clock.now() });
  });
  afterAll(() => t.close());

  it('never bids or sets an autobid on a procedure created after it started', async () => {
    const simulator = new DemoSimulator(t.ctx, () => undefined);
    t.clock.advance(60_000);
    // One demo lot keeps trading; a procedure a person creates now copies it (the demo buyers may bid on both).
    const [old] = await t.ctx.db
      .select({ lot: lots, briefcase: briefcases })
      .from(lots)
      .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
      .where(and(eq(lots.status, 'active'), eq(briefcases.auctionType, 'classic')))
      .orderBy(asc(lots.id))
      .limit(1);
    await t.ctx.db
      .update(lots)
      .set({ status: 'finished' })
      .where(and(eq(lots.status, 'active'), ne(lots.id, old!.lot.id)));
    const { id: _b, createdAt: _c, updatedAt: _u, ...procedure } = old!.briefcase;
    const [fresh] = await t.ctx.db
      .insert(briefcases)
      .values({ ...procedure, createdAt: t.clock.now() })
      .returning();
    const { id: _l, createdAt: _lc, updatedAt: _lu, ...lot } = old!.lot;
    const [freshLot] = await t.ctx.db
      .insert(lots)
      .values({
        ...lot,
        briefcaseId: fresh!.id,
        currentPrice: null,
        bidsCount: 0,
        biddersCount: 0,
        leaderBidId: null,
      })
      .returning();
    const touched = async (lotId: number) => {
      const result = (await t.ctx.db.execute(
        sql`select (select count(*) from bids where lot_id = ${lotId})::int + (select count(*) from autobids where lot_id = ${lotId})::int as n`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    const oldBefore = await touched(old!.lot.id);
    for (let i = 0; i < 16; i++) await simulator.step().catch(() => undefined);
    expect(await touched(freshLot!.id)).toBe(0);
    expect(await touched(old!.lot.id)).toBeGreaterThan(oldBefore);
  });
});
