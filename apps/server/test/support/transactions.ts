import { vi } from 'vitest';
import type { AppContext } from '../../src/appContext.ts';

/**
 * Counts the transactions a node opens, on its pool and on the bid batcher's own connections (PostgreSQL,
 * Database.dedicated). `restore` puts the real methods back.
 */
export async function countTransactions(ctx: AppContext) {
  // Both of the batcher's lanes (decisions/0269).
  const lanes = ctx.database.dedicated
    ? await Promise.all([0, 1].map((lane) => ctx.database.dedicated!(lane)))
    : [];
  const spies = [vi.spyOn(ctx.db, 'transaction'), ...lanes.map((lane) => vi.spyOn(lane, 'transaction'))];
  return {
    count: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
