/**
 * A raw SQL session over the application's database driver (node-postgres pool or PGlite), for the ingestion's
 * one long transaction: COPY of text-format rows (a million rows in a hundred statements) and savepoints.
 * Drizzle's query builder is not used inside it, so PGlite's single connection is never asked for a second,
 * nested session.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppContext } from '../../../appContext.ts';
import { idleDatabaseBackend } from '../../../files/idlePriority.ts';

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
 *
 * The CopyData message goes out as its 5-byte header and then the batch's own bytes, both written to the socket:
 * the driver's `sendCopyFromChunk` would first copy the batch into a buffer half as large again, for every batch of a
 * million-row registry (megabytes each that the collector frees late: decisions/0278).
 *
 * The query ends through its `callback`, as the driver's own queries do. With `query_timeout` set (every connection
 * has it: client.ts), the driver wraps `callback` with a timer holding the query, and clears it only when `callback`
 * is called: a query that settled otherwise kept its batch alive for the timeout's 35 s, 2.8 MB a batch, and a
 * million-row registry's server held 270 MB of them (decisions/0283).
 */
class CopyIn {
  private failed = false;
  /** Set by the driver before `submit`; wrapped by it when `query_timeout` is on. */
  callback: (error: unknown) => void;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
    settle: (error: unknown) => void,
  ) {
    this.callback = settle;
  }

  submit(connection: PgConnection): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: PgConnection): void {
    const header = Buffer.allocUnsafe(5);
    header[0] = COPY_DATA;
    header.writeUInt32BE(this.data.length + 4, 1);
    connection.stream.write(header);
    connection.stream.write(this.data);
    connection.endCopyFrom();
  }
  handleError(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.callback(error);
  }
  handleReadyForQuery(): void {
    if (!this.failed) this.callback(null);
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** The type byte of the protocol's CopyData message ('d'). */
const COPY_DATA = 0x64;

interface PgConnection {
  query(text: string): void;
  /** The connection's socket (node-postgres writes every message to it). */
  stream: { write(chunk: Uint8Array): boolean };
  endCopyFrom(): void;
}

/** A PGlite COPY statement holds the main thread for as long as it runs: each slice aims at this (ms). */
const COPY_SLICE_TARGET_MS = 10;
const FIRST_SLICE_BYTES = 32 * 1024;
const MIN_SLICE_BYTES = 4 * 1024;
const MAX_SLICE_BYTES = 1024 * 1024;
const NEWLINE = 10;

/**
 * PGlite is WASM in this process: its COPY runs on the thread that answers bids, and a 10,000-row batch held it for
 * hundreds of milliseconds. The batch is stored as COPY statements of whole rows, each sized from the time the one
 * before took (about COPY_SLICE_TARGET_MS), the event loop let through between them (a timer, an answer, a bid
 * waiting for the database). All slices run in the caller's transaction: rolled back together.
 */
export async function copyInSlices(
  data: Uint8Array,
  copy: (slice: Uint8Array) => Promise<void>,
  onSlice?: (bytes: number, ms: number) => void | Promise<void>,
): Promise<void> {
  let size = FIRST_SLICE_BYTES;
  for (let from = 0; from < data.length; ) {
    let to = Math.min(data.length, from + size);
    // Cut after a row's newline (a field's own newlines are escaped in the COPY text): rows are never split.
    if (to < data.length) {
      const newline = data.lastIndexOf(NEWLINE, to - 1);
      to = newline >= from ? newline + 1 : data.indexOf(NEWLINE, to) + 1 || data.length;
    }
    const started = performance.now();
    await copy(data.subarray(from, to));
    const ms = performance.now() - started;
    await onSlice?.(to - from, ms);
    size = Math.round(
      Math.min(
        MAX_SLICE_BYTES,
        Math.max(MIN_SLICE_BYTES, ((to - from) * COPY_SLICE_TARGET_MS) / Math.max(ms, 0.5)),
      ),
    );
    from = to;
    if (from < data.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

type Clients = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };

function clientsOf(ctx: Pick<AppContext, 'db' | 'database'>): Clients {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  return ctx.database.kind === 'postgres'
    ? { kind: 'postgres', pool: client as pg.Pool }
    : { kind: 'pglite', client: client as PGlite };
}

/**
 * Runs `fn` in one transaction: committed when it returns, rolled back when it throws. With `fileWork` (a
 * registry's upload), a PostgreSQL backend on this host runs at idle priority from the transaction's first COPY
 * on, and its connection is then closed afterwards rather than handed to a bid (files/idlePriority.ts, decision
 * 0232). A file refused before any row is stored costs no new connection.
 */
export async function withRawTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'database'>,
  fn: (session: RawSession) => Promise<T>,
  options: { fileWork?: boolean } = {},
): Promise<T> {
  const clients = clientsOf(ctx);
  if (clients.kind === 'pglite') {
    return clients.client.transaction(async (tx: Transaction) =>
      fn({
        query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
        copyFrom: (target, data) =>
          copyInSlices(data, (slice) =>
            tx
              .query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([slice]) })
              .then(() => undefined),
          ),
      }),
    );
  }
  const connection = await clients.pool.connect();
  let idle = false;
  let copied = false;
  try {
    await connection.query('begin');
    const session: RawSession = {
      query: async <R>(text: string, params?: unknown[]) =>
        (await connection.query(text, params)).rows as R[],
      copyFrom: async (target, data) => {
        if (options.fileWork && !copied) {
          copied = true;
          idle = await idleDatabaseBackend((connection as unknown as { processID: number }).processID);
        }
        await new Promise<void>((resolve, reject) => {
          connection.query(
            new CopyIn(
              `copy ${target} from stdin`,
              Buffer.from(data.buffer, data.byteOffset, data.byteLength),
              (error) => (error ? reject(error) : resolve()),
            ) as never,
          );
        });
      },
    };
    const result = await fn(session);
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    connection.release(idle || undefined);
  }
}
