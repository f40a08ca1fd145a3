/**
 * Opens the database: embedded PGlite (default, files under DATA_DIR/pglite, or in memory for tests) or a
 * PostgreSQL server via DATABASE_URL. Both speak the same SQL and run the same committed migrations.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Tries to become the leader for `key` with a session-level advisory lock held on a connection of its own;
   * null when another session holds it. `lost` resolves if the connection (and so the lock) goes away.
   */
  tryLeadership(key: number): Promise<Leadership | null>;
  /**
   * PostgreSQL only: a connection of the pool kept for one user that runs one transaction at a time (the bid
   * batcher), so that what it prepares once stays prepared on that connection. Returns the same connection until
   * it fails, then a new one (prepare again). Closed with the database.
   */
  dedicated?: () => Promise<DedicatedConnection>;
  /** PGlite only: a snapshot of the whole database. */
  dump?: () => Promise<Blob>;
}

/** A statement prepared by name on the connection that first runs it (DedicatedConnection.query). */
export interface NamedStatement {
  name: string;
  /** SQL with $1, $2... placeholders. */
  text: string;
}

/** A connection kept for one user (Database.dedicated). */
export interface DedicatedConnection {
  /** Queries on this connection only. */
  db: Db;
  /**
   * Runs a named statement on this connection: parsed and planned by PostgreSQL the first time, then only bound and
   * executed (inside `transaction`, it is part of the transaction).
   */
  query(statement: NamedStatement, values: unknown[]): Promise<Record<string, unknown>[]>;
  /** The connection failed: the next Database.dedicated() call replaces it. */
  readonly failed: boolean;
  /**
   * Runs `work` in a transaction on this connection. BEGIN is sent without waiting for its reply: the driver sends
   * the work's first statement as soon as the reply comes, so the transaction costs no round trip through the
   * event loop of its own (on a busy node that wait was 2-3 ms of every bid batch).
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
}

const MIGRATION_LOCK = 7_270_001;

export interface Leadership {
  lost: Promise<void>;
  release(): Promise<void>;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir null keeps the database in memory; `image` starts it from a dump (tests use a migrated one). */
  | { kind: 'pglite'; dataDir: string | null; image?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 20 });
    // An idle connection that the server drops (restart, failover) is replaced by the pool; without a
    // listener its 'error' would crash the process.
    pool.on('error', () => undefined);
    // Fail fast with the driver's own message when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let dedicated: Promise<DedicatedConnection & { client: pg.PoolClient }> | null = null;
    const openDedicated = async () => {
      const client = await pool.connect();
      const own = drizzlePg(client, { schema }) as unknown as Db;
      const entry = {
        client,
        db: own,
        failed: false,
        async query(statement: NamedStatement, values: unknown[]) {
          const result = await client.query({ name: statement.name, text: statement.text, values });
          return result.rows as Record<string, unknown>[];
        },
        async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
          // Started now (a drizzle query runs when awaited or then-ed); its error, if any, fails the next statement too.
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
      };
      // A checked-out client's 'error' (the server went away) would otherwise crash the process.
      client.on('error', () => {
        entry.failed = true;
      });
      return entry;
    };
    return {
      db,
      kind: 'postgres',
      dedicated: async () => {
        const current = dedicated && (await dedicated.catch(() => null));
        if (current && !current.failed) return current;
        current?.client.release(true);
        dedicated = openDedicated();
        dedicated.catch(() => {
          dedicated = null;
        });
        return dedicated;
      },
      migrate: async () => {
        // Nodes starting together take turns: the first migrates, the others find nothing left to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: async () => {
        const current = dedicated && (await dedicated.catch(() => null));
        dedicated = null;
        current?.client.release(current.failed || undefined);
        await pool.end();
      },
      tryLeadership: async (key) => {
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        if (!rows[0]?.ok) {
          await client.end();
          return null;
        }
        const lost = new Promise<void>((resolve) => {
          client.once('error', () => resolve());
          client.once('end', () => resolve());
        });
        return { lost, release: () => client.end().catch(() => undefined) };
      },
    };
  }
  let client: PGlite;
  if (target.dataDir) {
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(target.image ? { loadDataDir: target.image } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    // One process owns an embedded database, so its single session is the leader.
    tryLeadership: async (key) => {
      const result = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
      if (!result.rows[0]?.ok) return null;
      return {
        lost: new Promise<void>(() => undefined),
        release: async () => {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        },
      };
    },
  };
}
