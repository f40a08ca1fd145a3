import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
