/**
 * Opens the database: embedded PGlite (default, files under DATA_DIR/pglite, or in memory for tests) or a
 * PostgreSQL server via DATABASE_URL. Both speak the same SQL and run the same committed migrations.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { Episode } from './availability.ts';
import { type OwnConnection, openDedicated } from './dedicated.ts';
import { pgliteNamedSession } from './pgliteStatements.ts';
import * as schema from './schema/index.ts';

// The embedded database's buffer pool (decisions/0281): PostgreSQL's 128MB is resident from PGlite's start, for
// pages the system's file cache holds too; a registry's COPY writes through a 16 MB ring, bids touch a few hundred.
const PGLITE_SHARED_BUFFERS = '16MB';

type Schema = typeof schema;
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
   * PostgreSQL only: a connection beside the pool kept for one user that runs one transaction at a time (the bid
   * batcher), so that what it prepares once stays prepared on that connection; it writes each statement without
   * waiting for the one before (dedicated.ts). Returns the same connection until it fails, then a new one (prepare
   * again). Closed with the database.
   */
  dedicated?: () => Promise<DedicatedConnection>;
  /**
   * PGlite only: its one session for the bid batcher, with the transactions of `db` and the statements run as named
   * ones, parsed and planned once (pgliteStatements.ts, decisions/0265).
   */
  namedSession?: DedicatedConnection;
  /**
   * PostgreSQL only: how long a statement of this database's connections waits for a lock (lock_timeout), ms. A
   * bid is answered within it however many bids wait before it (decisions/0237). PGlite has one session: no other
   * connection can hold a lock there.
   */
  lockTimeoutMs?: number;
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
   * Runs `work` in a transaction on this connection. BEGIN is sent without waiting for its reply, and on PostgreSQL
   * the work's first statement right behind it (pipeline mode, dedicated.ts): the transaction costs no round trip
   * of its own (on a busy node that wait was 1-3 ms of every bid batch).
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
}

const MIGRATION_LOCK = 7_270_001;

export interface Leadership {
  lost: Promise<void>;
  /**
   * Whether the lease still holds: the leader's session answered a renewal less than a lease ago. A leader that was
   * frozen or cut off longer than that has lost it (the server has closed its session by then, see LEASE_MS) and
   * must fire nothing more; the scheduler checks this before every pass.
   */
  holds(): boolean;
  release(): Promise<void>;
}

/**
 * The leader's lease (decisions/0097): its session is closed by PostgreSQL after this long without a statement
 * (idle_session_timeout), which frees the advisory lock for another node; the leader renews it every third of it.
 */
const LEASE_MS = 1500;

/** Timeouts of every PostgreSQL connection (decisions/0096). */
export interface DatabaseTimeouts {
  /** Opening a connection (and waiting for a free one in the pool). */
  connectMs: number;
  /** One statement, on the server (statement_timeout). */
  statementMs: number;
  /** Waiting for a lock (lock_timeout). */
  lockMs: number;
  /** A transaction left idle (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  lockMs: 5_000,
  idleInTransactionMs: 60_000,
};

/** What openDatabase reports about the connections (problems once per episode, the pool's size check). */
interface DatabaseLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const consoleLog: DatabaseLog = {
  warn: (details, message) => console.warn(message, details),
  info: () => undefined,
};

/**
 * The committed migrations (apps/server/drizzle), found from this module's folder upwards: the same from the source
 * (src/db) and from the compiled server (dist, one bundle: decisions/0252).
 */
export const MIGRATIONS_DIR = migrationsAbove(dirname(fileURLToPath(import.meta.url)));

function migrationsAbove(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle/meta/_journal.json'))) return join(dir, 'drizzle');
    if (dirname(dir) === dir) throw new Error(`no drizzle migrations folder above ${from}`);
  }
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      timeouts?: Partial<DatabaseTimeouts>;
      log?: DatabaseLog;
      /** Leader's lease, ms (LEASE_MS by default). */
      leaseMs?: number;
    }
  /** dataDir null keeps the database in memory; `image` starts it from a dump (tests use a migrated one). */
  | { kind: 'pglite'; dataDir: string | null; image?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const log = target.log ?? consoleLog;
    const timeouts = { ...DEFAULT_TIMEOUTS, ...target.timeouts };
    const connection = connectionOptions(target.url, timeouts);
    const pool = new pg.Pool({ ...connection, application_name: 'etp', max: target.poolSize ?? 20 });
    const trouble = new Episode(log, 'database connection');
    // Any connection may be closed by the server (restart, crash, pg_terminate_backend, idle timeouts), whether it
    // sits in the pool, runs a transaction or serves the batcher: without a listener its 'error' ends the process.
    // The query that was running fails (answered 503); the pool replaces the connection.
    pool.on('error', (error) => trouble.failed(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => trouble.failed(error));
      trouble.recovered();
    });
    // Fail fast with the driver's own message when the server is unreachable.
    await pool.query('select 1');
    await fitPoolToServer(pool, log);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let dedicated: Promise<OwnConnection> | null = null;
    const openOwn = () => openDedicated(connection, (error) => trouble.failed(error));
    return {
      db,
      kind: 'postgres',
      lockTimeoutMs: timeouts.lockMs,
      dedicated: async () => {
        const current = dedicated && (await dedicated.catch(() => null));
        if (current && !current.failed) return current;
        void current?.close();
        dedicated = openOwn();
        dedicated.catch(() => {
          dedicated = null;
        });
        return dedicated;
      },
      migrate: async () => {
        // Nodes starting together take turns: the first migrates, the others find nothing left to do.
        // Migrating (and waiting for another node's migration) is not bound by the calls' timeouts; the connection
        // is closed afterwards rather than returned with those settings.
        const client = await pool.connect();
        try {
          await client.query('set statement_timeout = 0; set lock_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release(true);
        }
      },
      close: async () => {
        const current = dedicated && (await dedicated.catch(() => null));
        dedicated = null;
        await current?.close();
        await pool.end();
      },
      tryLeadership: (key) =>
        leaseLeadership(
          { ...connection, application_name: `etp-leader ${process.pid}` },
          key,
          target.leaseMs ?? LEASE_MS,
        ),
    };
  }
  let client: PGlite;
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (target.dataDir) {
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir, startParams });
  } else {
    client = await PGlite.create(target.image ? { loadDataDir: target.image, startParams } : { startParams });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    namedSession: pgliteNamedSession(client, db),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    // One process owns an embedded database, so its single session is the leader.
    tryLeadership: async (key) => {
      const result = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
      if (!result.rows[0]?.ok) return null;
      return {
        lost: new Promise<void>(() => undefined),
        holds: () => true,
        release: async () => {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        },
      };
    },
  };
}

/** The driver's options of every connection: the timeouts, and TCP keep-alive so a vanished server is noticed. */
function connectionOptions(url: string, timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    options: [
      `-c statement_timeout=${timeouts.statementMs}`,
      `-c lock_timeout=${timeouts.lockMs}`,
      `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
    ].join(' '),
    // The client's own limit, for a server that stopped answering altogether (frozen host, lost network): the
    // server's statement_timeout cannot fire then.
    query_timeout: timeouts.statementMs + 5_000,
  };
}

/**
 * A pool larger than the server can hold turns calls into "too many clients" refusals under load. The slots a node
 * may use are max_connections less the reserved ones; the pool is reduced to that (less the two connections beside
 * it: the scheduler's leader and the bid batcher's) with a warning. Other nodes and tools share the same slots: the
 * operator sizes them together.
 */
async function fitPoolToServer(pool: pg.Pool, log: DatabaseLog): Promise<void> {
  const { rows } = await pool.query<{ max: string; superuser: string; reserved: string | null }>(
    `select current_setting('max_connections') as max,
       current_setting('superuser_reserved_connections') as superuser,
       current_setting('reserved_connections', true) as reserved`,
  );
  const row = rows[0];
  if (!row) return;
  const usable = Number(row.max) - Number(row.superuser) - Number(row.reserved ?? 0);
  const wanted = pool.options.max;
  const fits = Math.max(1, usable - 2);
  if (wanted > fits) {
    pool.options.max = fits;
    log.warn(
      { poolSize: wanted, reducedTo: fits, maxConnections: Number(row.max), usable },
      `DATABASE_POOL_SIZE=${wanted} exceeds what PostgreSQL allows (max_connections ${row.max} less ${usable === Number(row.max) ? 0 : Number(row.max) - usable} reserved, less 2 for the scheduler and the bid batcher): the pool is reduced to ${fits}`,
    );
  }
}

/**
 * Leadership as a lease: a session advisory lock on a connection of its own, whose session PostgreSQL closes after
 * `leaseMs` without a statement (idle_session_timeout). The leader renews it by a trivial statement every third of
 * the lease; a leader that freezes, stalls or is cut off stops renewing, the server closes its session and frees
 * the lock, and another node takes it within a scheduler pass. `holds()` tells the leader itself, by its own clock,
 * that the lease has lapsed (it wakes up after the freeze): it then fires nothing and gives the lead up.
 */
async function leaseLeadership(
  connection: pg.ClientConfig,
  key: number,
  leaseMs: number,
): Promise<Leadership | null> {
  const client = new pg.Client({ ...connection, query_timeout: leaseMs });
  let lose!: () => void;
  const lost = new Promise<void>((resolve) => {
    lose = resolve;
  });
  // The server ends the session (lease lapsed, restart, termination): the driver may emit 'error' more than once.
  client.on('error', () => lose());
  client.on('end', () => lose());
  await client.connect();
  let granted = false;
  try {
    await client.query(`set idle_session_timeout = ${Math.round(leaseMs)}`);
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
    granted = Boolean(rows[0]?.ok);
  } finally {
    if (!granted) await client.end().catch(() => undefined);
  }
  if (!granted) return null;
  let renewedAt = performance.now();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    lose();
    client.end().catch(() => undefined);
  };
  const timer = setInterval(() => {
    const asked = performance.now();
    client.query('select 1').then(
      () => {
        if (asked - renewedAt < leaseMs) renewedAt = asked;
        else end();
      },
      () => end(),
    );
  }, leaseMs / 3);
  timer.unref();
  void lost.then(end);
  return {
    lost,
    // A margin of a sixth of the lease for the clocks of the two sides.
    holds: () => !ended && performance.now() - renewedAt < (leaseMs * 5) / 6,
    release: async () => end(),
  };
}
