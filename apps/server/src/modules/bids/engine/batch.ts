/**
 * Group commit of classic bids (decisions/0050). Bids that reach this node while a batch is committing wait for the
 * next one; a batch is one transaction that locks all its lots (reading the bidders' facts and new bid ids in the same
 * statement), decides every bid in arrival order with the domain rules (a later bid on the same lot sees the earlier
 * one), and writes the accepted bids, the lots, the outbid events and the audit entries in one statement. One
 * durable commit then covers every bid of the batch; nothing is acknowledged or broadcast before it.
 *
 * Only what a batch can decide alone takes this path: a classic lot with no enabled autobid. Any other bid (dutch,
 * sealed, autobids to answer) is handed back to the caller, which places it on its own (bids.service.ts). If the
 * batch fails as a whole (a retried idempotency key, another writer on an audit chain, a deadlock), every bid of
 * it is handed back the same way, so one bad bid never fails the others.
 *
 * Here the queue and the transaction; the deciding is in batchDecide.ts, the write in batchWrite.ts.
 */
import { performance } from 'node:perf_hooks';
import type { LotState, Rejection } from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import type { DbOrTx, DedicatedConnection } from '../../../db/client.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import type { TradingLotRow } from '../../lots/lots.queries.ts';
import type { BidRow } from '../bids.queries.ts';
import { decide, type LotInBatch, lotInBatch, type Pending } from './batchDecide.ts';
import { runPreparedBatchWrite } from './batchWrite.queries.ts';
import { type BatchWrite, writeBatch } from './batchWrite.ts';
import {
  type BatchLockQuery,
  type BidProcedure,
  batchLockQuery,
  lockLotsForBatch,
} from './lotLock.queries.ts';

/** Bids one transaction takes at most; more wait for the next batch. */
const MAX_BATCH = 256;

/**
 * How long a bid may wait for its lot while another transaction holds the lot's row (decisions/0096): its batch skips
 * the lot and commits the others, and the bid tries again in the next batches; after this long it is placed on its
 * own, where it waits for the lock (up to the database's lock_timeout) without holding anyone else's bid.
 */
const LOCKED_LOT_RETRY_MS = 50;

/** The pause before a batch of nothing but bids on held lots is tried again. */
const LOCKED_LOT_PAUSE_MS = 2;

/**
 * PGlite runs a statement inside this process and answers it without the event loop ever reaching its I/O phase: a
 * batch's whole transaction runs in the microtasks after the request that started it, and the requests that arrived
 * meanwhile are read only after it, each then starting (and being) a batch of its own: one transaction per bid. So on
 * PGlite a formed batch waits one turn of the event loop (setImmediate runs after the I/O phase) before its
 * transaction: the bids read meanwhile queue for the next batch, as they do on PostgreSQL while a batch waits for the
 * server (decisions/0265).
 */
const oneTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BatchBid {
  auth: AuthContext;
  lotId: number;
  amount: number | null | undefined;
  confirm: boolean | undefined;
  idempotencyKey: string | undefined;
  /** When the bid reached the server: its time for the rules (deadlines, anti-sniping) and its created_at. */
  at: Date;
}

/** A lot as a batch left it: what the live update, the book and the replies need. */
export interface BatchLot {
  lot: TradingLotRow;
  briefcase: BidProcedure;
  state: LotState;
  leaderBid: BidRow | null;
  leaderName: string | null;
}

export type BatchOutcome =
  | { kind: 'placed'; bid: BidRow; lot: BatchLot }
  /** The bid was refused by a rule; `error` is the HTTP error to answer with. */
  | { kind: 'refused'; error: unknown }
  /** Stale by what the batch before it committed, refused before any lock (see BidBatcher's `stale`). */
  | { kind: 'stale'; rejection: Rejection }
  /** The batch cannot decide this bid: place it on its own. */
  | { kind: 'solo' };

/**
 * What a committed batch hands on: every lot it changed (for the live update and the book) and the procedures
 * whose counters moved.
 */
export interface CommittedBatch {
  lots: BatchLot[];
  briefcaseIds: number[];
}

export class BidBatcher {
  private queue: Pending[] = [];
  private running = false;
  /** The batcher's own connection (PostgreSQL; PGlite's named session) and the lock statement prepared on it. */
  private own: { connection: DedicatedConnection; lock: BatchLockQuery } | null = null;

  constructor(
    private readonly ctx: AppContext,
    /** Runs after each commit, before the replies (live updates, the lot book). */
    private readonly afterCommit: (batch: CommittedBatch) => Promise<void>,
    /**
     * The refusal of a waiting bid that the batches committed since it arrived have made stale (the lot book's
     * "price changed"), or null. Checked as each batch is formed, so a herd of equal bids that waited behind the
     * winning one is answered at once instead of taking a transaction of its own.
     */
    private readonly stale: (bid: BatchBid) => Rejection | null = () => null,
  ) {}

  submit(bid: BatchBid): Promise<BatchOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ ...bid, settle: resolve });
      if (!this.running) void this.drain();
    });
  }

  /**
   * Runs batches while bids wait. Nothing escapes it: a batch that fails hands its bids back (commit), and a failure
   * outside a batch (a bug) answers every waiting bid "place it on your own" rather than leave it hanging.
   */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const stale: [Pending, Rejection][] = [];
        this.queue = this.queue.filter((pending) => {
          const rejection = this.stale(pending);
          if (rejection) stale.push([pending, rejection]);
          return !rejection;
        });
        const batch = this.queue.splice(0, MAX_BATCH);
        const answerStale = () => {
          for (const [pending, rejection] of stale.splice(0)) pending.settle({ kind: 'stale', rejection });
        };
        if (batch.length === 0) {
          answerStale();
          break;
        }
        if (this.ctx.database.kind === 'pglite') {
          answerStale();
          await oneTurn();
        }
        // On PostgreSQL the batch's first statements leave before the stale bids are answered: the database works on
        // them while the answers are written (a herd of equal bids otherwise delayed every price by its answers).
        const committing = this.commit(batch);
        answerStale();
        const held = await committing;
        if (held.length === 0) continue;
        // Bids on held lots go first in the next batch; a batch of nothing else waits a moment before it is retried.
        this.queue.unshift(...held);
        if (held.length === batch.length) await new Promise((r) => setTimeout(r, LOCKED_LOT_PAUSE_MS));
      }
    } catch {
      for (const pending of this.queue.splice(0)) pending.settle({ kind: 'solo' });
    } finally {
      this.running = false;
    }
  }

  /**
   * Where batches run: on PostgreSQL a connection of the batcher's own, with the lock statement prepared on it once
   * (again on a new connection after one failed); on PGlite its one session, whose transactions serve everything,
   * with the batch's statements run by name (Database.namedSession: parsed and planned once, decisions/0265).
   */
  private async connection(): Promise<{
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
    lock?: BatchLockQuery;
    write?: BatchWrite;
  }> {
    const { dedicated, namedSession } = this.ctx.database;
    if (!dedicated && !namedSession) return { transaction: (work) => this.ctx.db.transaction(work) };
    if (!this.own || this.own.connection.failed) {
      const connection = namedSession ?? (await dedicated!());
      if (this.own?.connection !== connection) this.own = { connection, lock: batchLockQuery(connection.db) };
    }
    const { connection, lock } = this.own;
    return {
      transaction: (work) => connection.transaction(work),
      lock,
      write: (values) => runPreparedBatchWrite(connection, values),
    };
  }

  /** Runs one batch; returns the bids whose lots another transaction held, to be tried again. */
  private async commit(batch: Pending[]): Promise<Pending[]> {
    const settled = new Map<Pending, BatchOutcome>();
    const held: Pending[] = [];
    /** The cached contexts that the lock found still current in the database. */
    const verified: AuthContext[] = [];
    let committed: CommittedBatch;
    try {
      const { transaction, lock, write: prepared } = await this.connection();
      committed = await transaction(async (tx) => {
        settled.clear();
        held.length = 0;
        verified.length = 0;
        const {
          lots: locked,
          facts,
          ids,
        } = await lockLotsForBatch(
          tx,
          batch.map((b, ord) => ({ ord, lotId: b.lotId, auth: b.auth })),
          lock,
        );
        const lots = new Map<number, LotInBatch>();
        const accepted: Pending[] = [];
        for (const [ord, pending] of batch.entries()) {
          const row = locked.get(pending.lotId);
          const fact = facts.get(ord);
          if (!row || !fact) {
            // Held by another transaction (skipped by the lock) or not there at all: tried again shortly, then on
            // its own, where a missing lot is answered 404.
            held.push(pending);
            continue;
          }
          if (row.briefcase.auctionType !== 'classic' || row.autobidsEnabled) {
            settled.set(pending, { kind: 'solo' });
            continue;
          }
          let lot = lots.get(pending.lotId);
          if (!lot) {
            lot = lotInBatch(row);
            lots.set(pending.lotId, lot);
          }
          if (fact.sessionValid) verified.push(pending.auth);
          const outcome = decide(lot, pending, fact);
          if (outcome) settled.set(pending, outcome);
          else accepted.push(pending);
        }
        // The ids were taken under the locks in ascending order; the accepted bids get them in arrival order.
        const idOf = new Map(accepted.map((pending, k) => [pending, ids[k]!]));
        return writeBatch(tx, lots, idOf, settled, prepared);
      });
    } catch {
      // The whole batch rolled back: each bid is placed on its own, where its own error (if any) is answered.
      for (const pending of batch) pending.settle({ kind: 'solo' });
      return [];
    }
    for (const auth of verified) this.ctx.guards.confirmed(auth);
    const now = performance.now();
    const retry = held.filter((pending) => {
      pending.heldSince ??= now;
      return now - pending.heldSince < LOCKED_LOT_RETRY_MS;
    });
    const waiting = new Set(retry);
    try {
      await this.afterCommit(committed);
    } catch {
      // The bids are committed whatever the live update did (it reports its own trouble): they are answered.
    } finally {
      for (const pending of batch) {
        if (!waiting.has(pending)) pending.settle(settled.get(pending) ?? { kind: 'solo' });
      }
    }
    return retry;
  }
}
