/**
 * The bid batcher's two lanes on PostgreSQL (decisions/0269): while one batch writes and commits, the next takes its
 * lots' locks and decides on a connection of its own, and writes only after the batch before it has committed. Its
 * bids are answered only after their own commit, and the audit chain takes the entries in commit order.
 * PostgreSQL only: PGlite has one session, and one batch at a time.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../src/db/schema/index.ts';
import { verifyAudit } from '../src/modules/audit/audit.service.ts';
import type { AuthContext } from '../src/modules/auth/guards/routeGuards.ts';
import { type BatchOutcome, BidBatcher, type CommittedBatch } from '../src/modules/bids/engine/batch.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildFloor, type Floor, tradingLot } from './support/trading.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true (or fails after `ms`). */
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe.runIf(DRIVERS.includes('postgres'))('the bid batcher on postgres', () => {
  let t: TestApp;
  let floor: Floor;
  let authA: AuthContext;
  let authB: AuthContext;

  beforeAll(async () => {
    t = await createTestApp('postgres', { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    [authA, authB] = (await Promise.all(
      floor.buyers.map((x) => t.ctx.guards.authenticateToken(x.token)),
    )) as [AuthContext, AuthContext];
  });
  afterAll(() => t.close());

  it('locks and decides the next batch while the one before it writes, and commits them in order', async () => {
    const one = await tradingLot(t, floor);
    const two = await tradingLot(t, floor);
    const commits: CommittedBatch[] = [];
    const instance = new BidBatcher(t.ctx, async (batch) => {
      commits.push(batch);
    });
    const at = () => t.clock.now();
    const locker = new pg.Client({ connectionString: t.database.url! });
    const probe = new pg.Client({ connectionString: t.database.url! });
    await Promise.all([locker.connect(), probe.connect()]);
    let first: Promise<BatchOutcome> | undefined;
    let second: Promise<BatchOutcome> | undefined;
    try {
      // The first batch's write waits at its bid's key on the procedure row, which another transaction holds.
      await locker.query('begin');
      await locker.query('select id from briefcases where id = $1 for update', [one.briefcase.id]);
      first = instance.submit({
        auth: authA,
        lotId: one.lot.id,
        amount: 1_000_000,
        confirm: true,
        idempotencyKey: undefined,
        at: at(),
      });
      await until(async () => {
        const { rows } = await probe.query(
          `select 1 from pg_stat_activity where application_name = 'etp-batch' and wait_event_type = 'Lock'
            and datname = current_database()`,
        );
        return rows.length > 0;
      });
      second = instance.submit({
        auth: authB,
        lotId: two.lot.id,
        amount: 1_000_000,
        confirm: true,
        idempotencyKey: undefined,
        at: at(),
      });
      // The second batch has taken lot two's lock while the first has not committed: lot two cannot be locked now.
      await until(async () => {
        await probe.query('begin');
        try {
          await probe.query('select id from lots where id = $1 for update nowait', [two.lot.id]);
          return false;
        } catch (error) {
          expect((error as { code?: string }).code).toBe('55P03');
          return true;
        } finally {
          await probe.query('rollback');
        }
      });
      // Neither is answered, and nothing of the second is visible, before the first commits.
      const settled = await Promise.race([second.then(() => true), sleep(200).then(() => false)]);
      expect(settled).toBe(false);
      expect(await t.ctx.db.select().from(bids).where(eq(bids.lotId, two.lot.id))).toEqual([]);
    } finally {
      await locker.query('rollback');
      await Promise.all([locker.end(), probe.end()]);
    }
    const outcomes = await Promise.all([first!, second!]);
    expect(outcomes.map((o) => o.kind)).toEqual(['placed', 'placed']);
    expect(commits.map((batch) => batch.lots.map((l) => l.lot.id))).toEqual([[one.lot.id], [two.lot.id]]);
    // Bid ids follow the commit order, and both chains hold.
    const [bidOne, bidTwo] = outcomes.map((o) => (o as Extract<BatchOutcome, { kind: 'placed' }>).bid.id);
    expect(bidOne!).toBeLessThan(bidTwo!);
    for (const procedure of [one.briefcase.id, two.briefcase.id]) {
      const [report] = await verifyAudit(t.ctx.db, procedure);
      expect(report!.verdict.ok).toBe(true);
    }
    const lanes = (await t.ctx.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name = 'etp-batch' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    expect(lanes.rows[0]!.n).toBe(2);
  });
});
