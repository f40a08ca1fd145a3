/**
 * A raw SQL session over the application's database driver (node-postgres pool or PGlite), for the ingestion's
 * one long transaction: COPY of text-format rows (a million rows in a hundred statements) and savepoints.
 * Drizzle's query builder is not used inside it, so PGlite's single connection is never asked for a second,
 * nested session.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppContext } from '../../appContext.ts';

export interface RawSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `COPY <target> FROM …` with this text-format data: from STDIN on PostgreSQL, from '/dev/blob' on PGlite.
   * `target` is the table and its column list.
   */
  copyFrom(target: string, data: Uint8Array): Promise<void>;
}

/**
 * node-postgres runs an object with `submit` as a query of its own (the interface pg-copy-streams uses): this one
 * sends the COPY, answers the server's CopyInResponse with the data in one CopyData message and CopyDone, and
 * settles on ReadyForQuery or on the server's error. No dependency for a few lines of the protocol.
 */
class CopyIn {
  private failed = false;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
    private readonly resolve: () => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
  handleError(error: unknown): void {
    this.failed = true;
    this.reject(error);
  }
  handleReadyForQuery(): void {
    if (!this.failed) this.resolve();
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
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
        copyFrom: async (target, data) => {
          await tx.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([data]) });
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
      copyFrom: (target, data) =>
        new Promise<void>((resolve, reject) => {
          connection.query(
            new CopyIn(`copy ${target} from stdin`, Buffer.from(data), resolve, reject) as never,
          );
        }),
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
