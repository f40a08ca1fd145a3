/**
 * When the scheduler's leader retrains the price forecast (issue 17 part 2, decisions/0106): the first version once
 * FORECAST_MIN_HISTORY lots have sold, found by the leader's own tick; then a new version only when
 * FORECAST_RETRAIN_AFTER more lots have ended after the current version's latest lot, not one lot sooner.
 */
import { FORECAST_MIN_HISTORY, FORECAST_RETRAIN_AFTER } from '@etp/domain';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastModels } from '../src/db/schema/index.ts';
import { retrainIfDue } from '../src/modules/forecast/forecast.service.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { insertSoldHistory } from './support/forecastHistory.ts';
import { buildFloor, type Floor } from './support/trading.ts';

const TRAINING_TIMEOUT = 240_000;

describe.each(DRIVERS)('forecast retraining by the leader on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let sold: number;

  const versions = () =>
    t.ctx.db
      .select({
        id: forecastModels.id,
        trigger: forecastModels.trigger,
        through: forecastModels.trainedThrough,
      })
      .from(forecastModels)
      .orderBy(asc(forecastModels.id));

  /** Moves the end of `count` sold lots that ended before the current version's latest lot to just after it. */
  const endAfterLatest = async (count: number) => {
    const [latest] = (await versions()).slice(-1);
    await t.ctx.db.execute(sql`
      update lots set end_datetime = ${latest!.through!.toISOString()}::timestamptz + interval '1 hour'
      where id in (select id from lots where winner_bid_id is not null
        and end_datetime < ${latest!.through!.toISOString()}::timestamptz order by id limit ${count})`);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    floor = await buildFloor(t, 2);
    sold = await insertSoldHistory(t, floor, 23);
    expect(sold).toBeGreaterThanOrEqual(FORECAST_MIN_HISTORY);
  }, 120_000);
  afterAll(() => t.close());

  it(
    'trains the first version from the leader’s tick once enough lots sold',
    async () => {
      const scheduler = new Scheduler(
        t.ctx,
        t.ctx.leaderTag,
        (error) => {
          throw error;
        },
        250,
        0,
      );
      try {
        await scheduler.tick();
        expect(scheduler.isLeader).toBe(true);
        // The tick does not wait for the training (a worker thread): the version appears when it is done.
        const deadline = Date.now() + TRAINING_TIMEOUT - 10_000;
        while ((await versions()).length === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 250));
      } finally {
        await scheduler.stop();
      }
      const made = await versions();
      expect(made).toEqual([expect.objectContaining({ trigger: 'leader' })]);
    },
    TRAINING_TIMEOUT,
  );

  it(
    `retrains only once ${FORECAST_RETRAIN_AFTER} lots ended after the version’s latest lot`,
    async () => {
      await endAfterLatest(FORECAST_RETRAIN_AFTER - 1);
      expect(await retrainIfDue(t.ctx)).toBeNull();
      expect(await versions()).toHaveLength(1);

      await endAfterLatest(1);
      const second = await retrainIfDue(t.ctx);
      expect(second).toMatchObject({ source: 'model', training_size: sold });
      const made = await versions();
      expect(made.map((v) => [v.id, v.trigger])).toEqual([
        [made[0]!.id, 'leader'],
        [second!.version, 'leader'],
      ]);
      // Its latest lot is the moved ones' end: nothing has ended since, so it is not due again.
      expect(made[1]!.through!.getTime()).toBeGreaterThan(made[0]!.through!.getTime());
      expect(await retrainIfDue(t.ctx)).toBeNull();
    },
    TRAINING_TIMEOUT,
  );
});
