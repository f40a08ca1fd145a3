/**
 * The bid batcher's own PostgreSQL connection (Database.dedicated, decisions/0286). It is opened beside the pool, in
 * node-postgres's pipeline mode: a statement is written to the server as soon as it is asked for, without waiting
 * for the reply to the one before. A batch's BEGIN and its locking read therefore leave together, and the server
 * works on the read while the node answers the bids the batch before made stale, instead of the read waiting for
 * the BEGIN's reply to come through the event loop behind them.
 *
 * The batcher asks for one statement at a time inside a transaction (it needs each reply to decide the next), so
 * nothing else changes: each statement has its own Sync, its own reply and its own error, and a statement after a
 * failed one fails as part of the aborted transaction, which is then rolled back.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, DedicatedConnection, NamedStatement } from './client.ts';
import * as schema from './schema/index.ts';

export interface OwnConnection extends DedicatedConnection {
  close(): Promise<void>;
}

/** Opens the connection; `onTrouble` hears its errors (the server went away, the connection was ended). */
export async function openDedicated(
  config: pg.ClientConfig,
  onTrouble: (error: Error) => void,
): Promise<OwnConnection> {
  // Named so that an operator (and the fault tests) can tell the batcher's connection in pg_stat_activity.
  const client = new pg.Client({ ...config, application_name: 'etp-batch', pipeline: true });
  let failed = false;
  // Without a listener, the 'error' of a connection the server closed would end the process.
  client.on('error', (error) => {
    failed = true;
    onTrouble(error);
  });
  client.on('end', () => {
    failed = true;
  });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  const own = drizzle(client, { schema }) as unknown as Db;
  return {
    db: own,
    get failed() {
      return failed;
    },
    async query(statement: NamedStatement, values: unknown[]) {
      const result = await client.query({ name: statement.name, text: statement.text, values });
      return result.rows as Record<string, unknown>[];
    },
    async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      // Written now (a drizzle query runs when awaited or then-ed), and the work's first statement right behind it;
      // a BEGIN that failed fails that statement too, and is reported here.
      const begin = own.execute(sql`begin`).then(
        () => null,
        (error: unknown) => error,
      );
      try {
        const result = await work(own);
        const failedBegin = await begin;
        if (failedBegin) throw failedBegin;
        await own.execute(sql`commit`);
        return result;
      } catch (error) {
        await begin;
        await own.execute(sql`rollback`).catch(() => undefined);
        throw error;
      }
    },
    close: () => client.end().catch(() => undefined),
  };
}
