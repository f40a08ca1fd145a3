/**
 * A graceful stop (issue 29 defect 20): the scheduler is stopped before the file workers, and a worker process
 * outlives the Ctrl-C a terminal sends to the whole process group, so a protocol being drawn when the stop
 * comes is finished and nothing logs "scheduler tick failed: FileJobRefusal … crashed".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FilePool } from '../src/files/filePool.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { stopNode } from '../src/shutdown.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';

const waitFor = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 2400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

describe.each(DRIVERS)('graceful stop on %s', (driver) => {
  let t: TestApp | null = null;
  let pool: FilePool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('a stop during a scheduler pass running a file job logs no failure', async () => {
    t = await createTestApp(driver);
    const files = new FilePool({
      workers: 1,
      memoryMb: 128,
      timeoutMs: 20_000,
      maxQueued: 1,
      mode: 'process',
    });
    pool = files;
    // A started worker, as `npm start` has them (FilePool.warm): the stop comes while it works, not while it loads.
    await files.run({ kind: 'sleep', ms: 1 });
    const failures: unknown[] = [];
    const finished: string[] = [];
    const chore = {
      name: 'protocols',
      everyMs: 60_000,
      run: async () => {
        await files.run({ kind: 'sleep', ms: 1_200 });
        finished.push('protocol');
      },
    };
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => failures.push(error), 50, null, [
      chore,
    ]);
    scheduler.start();
    await waitFor(() => files.stats.jobs === 2 && files.processIds().length === 1, 'the chore’s file job');
    // Ctrl-C in the terminal of `npm start` reaches every process of the group, the file workers included.
    for (const pid of files.processIds()) process.kill(pid, 'SIGINT');
    await stopNode({ scheduler, app: t.app, files, database: t.database });
    expect(failures).toEqual([]);
    expect(finished).toEqual(['protocol']);
    expect(files.processIds()).toEqual([]);
  }, 120_000);
});
