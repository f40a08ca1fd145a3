import { vi } from 'vitest';
import type { AppContext } from '../../src/appContext.ts';

/**
 * Counts the transactions a node opens, on its pool and on the bid batcher's own connection (PostgreSQL,
 * Database.dedicated). `restore` puts the real methods back.
 */
export async function countTransactions(ctx: AppContext) {
  const dedicated = await ctx.database.dedicated?.();
  const spies = [vi.spyOn(ctx.db, 'transaction'), ...(dedicated ? [vi.spyOn(dedicated, 'transaction')] : [])];
  return {
    count: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
