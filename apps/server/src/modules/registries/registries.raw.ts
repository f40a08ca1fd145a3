/**
 * A raw SQL session over the application's database driver (node-postgres pool or PGlite), for the ingestion's
 * one long transaction: statements with array parameters (`unnest`) that store a million rows in a few hundred
 * statements, and savepoints. Drizzle's query builder is not used inside it, so PGlite's single connection is
 * never asked for a second, nested session.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppContext } from '../../appContext.ts';

export interface RawSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** PGlite only: `COPY … FROM '/dev/blob'` with this text-format data (faster than array parameters there). */
  copyFrom?(statement: string, data: string): Promise<void>;
}

type Clients = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };

function clientsOf(ctx: Pick<AppContext, 'db' | 'database'>): Clients {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  return ctx.database.kind === 'postgres'
    ? { kind: 'postgres', pool: client as pg.Pool }
    : { kind: 'pglite', client: client as PGlite };
}

/** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
export async function withRawTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'database'>,
  fn: (session: RawSession) => Promise<T>,
): Promise<T> {
  const clients = clientsOf(ctx);
  if (clients.kind === 'pglite') {
    return clients.client.transaction(async (tx: Transaction) =>
      fn({
        query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
        copyFrom: async (statement, data) => {
          await tx.query(statement, [], { blob: new Blob([data]) });
        },
      }),
    );
  }
  const connection = await clients.pool.connect();
  try {
    await connection.query('begin');
    const session: RawSession = {
      query: async <R>(text: string, params?: unknown[]) =>
        (await connection.query(text, params)).rows as R[],
    };
    const result = await fn(session);
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}
