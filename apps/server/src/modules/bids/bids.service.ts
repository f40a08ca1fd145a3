/**
 * placeBid and withdrawBid. Bids on one lot are serialised by the lot's row lock; the bid is committed before
 * the reply and before the live update; an idempotency key makes a retried submission harmless.
 */
import { performance } from 'node:perf_hooks';
import { BID_MESSAGES, validateBid, withdrawSealedOffer } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { publishLotSnapshots } from '../lots/lots.live.ts';
import type { LeaderTagger } from '../lots/trading/leaderTags.ts';
import { rankedBid, toLotState } from '../lots/trading/lotState.ts';
import { findActiveBids, findBidByIdempotencyKey, setBidState } from './bids.queries.ts';
import { createBidBatcher } from './engine/batcher.ts';
import { type EngineOutcome, finish, placeValidatedBid } from './engine/engine.ts';
import { lotBook, TurnTimedOut } from './engine/fastPath.ts';
import { type BidProcedure, setLocalLockTimeout } from './engine/lotLock.queries.ts';
import { notifyAfterBid } from './engine/notify.ts';
import {
  bidActor,
  checkLotAccess,
  checkLotAccessCached,
  freshAccess,
  lockTradingLot,
  lotAccessRemembered,
  rejected,
  StaleContext,
} from './engine/tradingContext.ts';

/** What a committed bid leaves for the live update and the notifications. */
interface CommittedBid extends EngineOutcome {
  briefcase: BidProcedure;
  /** The user who led before this bid, to tell them they were outbid. */
  previousLeader: number | null;
}

export interface PlaceBidInput {
  lot_id: number;
  amount?: number | null;
  confirm?: boolean;
  idempotency_key?: string;
}

export interface BidReceipt {
  bid_id: number;
  lot_id: number;
  amount: number;
  duplicate: boolean;
}

/** When a bid must be answered (performance.now() time), and the database's lock timeout it comes from. */
interface BidDeadline {
  at: number;
  lockMs: number;
}

/** A bid that waited less than this for its turn keeps the connection's lock timeout (no statement to shorten it). */
const TURN_WAIT_TOLERANCE_MS = 20;

/**
 * Shortens the transaction's lock timeout to what is left of the bid's deadline, so a bid that waited for its turn
 * behind others does not then wait a whole lock timeout of its own; past the deadline, the bid is answered at once.
 */
async function waitForLockUntil(tx: Tx, deadline: BidDeadline | undefined): Promise<void> {
  if (deadline === undefined) return;
  const left = Math.floor(deadline.at - performance.now());
  if (left < 1) throw new TurnTimedOut();
  if (left < deadline.lockMs - TURN_WAIT_TOLERANCE_MS) {
    await setLocalLockTimeout(tx, left);
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ('code' in error ? error.code === '23505' : false);

export async function placeBid(
  ctx: AppContext,
  tag: LeaderTagger,
  auth: AuthContext,
  input: PlaceBidInput,
): Promise<BidReceipt> {
  // Answered within the lock timeout from now, however many bids on the lot wait before it (decisions/0237).
  const lockMs = ctx.database.lockTimeoutMs;
  const deadline = lockMs === undefined ? undefined : { at: performance.now() + lockMs, lockMs };
  try {
    try {
      return await placeBidAs(ctx, tag, auth, input, deadline);
    } catch (error) {
      if (!(error instanceof StaleContext)) throw error;
      // The cached context no longer matches the database: load it again and decide afresh.
      return await placeBidAs(ctx, tag, await ctx.guards.reload(auth), input, deadline);
    }
  } catch (error) {
    // The same key sent twice at once (a client retrying after a timeout), on this node or another: the second
    // submission was refused because the first one moved the price (or made the company the leader). Its outcome is
    // the first one's: the bid stored under the key (decisions/0099). Refusals come after the lock, so a first
    // submission that won is committed by then.
    if (input.idempotency_key && error instanceof AppError && error.statusCode < 500) {
      const seen = await findBidByIdempotencyKey(ctx.db, auth.user.id, input.idempotency_key);
      if (seen) return { bid_id: seen.id, lot_id: seen.lotId, amount: seen.amount, duplicate: true };
    }
    throw error;
  }
}

async function placeBidAs(
  ctx: AppContext,
  tag: LeaderTagger,
  auth: AuthContext,
  input: PlaceBidInput,
  deadline?: BidDeadline,
): Promise<BidReceipt> {
  // Access is decided under the lot's lock from the rows read there (freshAccess). Before that it is checked only
  // when an answer is given without the lock: a duplicate submission or a stale bid (404/403 come first).
  const checkAccess = () => checkLotAccessCached(ctx, auth, input.lot_id);
  const key = input.idempotency_key;
  // A retried submission is answered with its bid even when the price has moved on since: look the key up first.
  if (key) {
    await checkAccess();
    const seen = await findBidByIdempotencyKey(ctx.db, auth.user.id, key);
    if (seen) return { bid_id: seen.id, lot_id: seen.lotId, amount: seen.amount, duplicate: true };
  }
  const book = lotBook(ctx);
  const stale = book.staleRefusal(input.lot_id, auth, input, ctx.now().getTime());
  if (stale) {
    if (!lotAccessRemembered(ctx, auth, input.lot_id)) await checkAccess();
    throw rejected(stale);
  }
  if (book.mayBatch(input.lot_id)) {
    ctx.node.bidBatcher ??= createBidBatcher(ctx, tag);
    const batched = await ctx.node.bidBatcher.submit({
      auth,
      lotId: input.lot_id,
      amount: input.amount,
      confirm: input.confirm,
      idempotencyKey: key,
      at: ctx.now(),
    });
    if (batched.kind === 'refused') throw batched.error;
    if (batched.kind === 'stale') {
      await checkAccess();
      throw rejected(batched.rejection);
    }
    if (batched.kind === 'placed') {
      const { bid } = batched;
      return { bid_id: bid.id, lot_id: bid.lotId, amount: bid.amount, duplicate: false };
    }
  }
  let outcome: CommittedBid;
  try {
    // Bids on one lot take turns on this node before they take a connection; while a bid waits, the ones before
    // it commit and teach the book the new price, so a herd of equal bids is refused here, not under the lock.
    outcome = await book.inTurn(
      input.lot_id,
      async () => {
        const at = ctx.now();
        const late = book.staleRefusal(input.lot_id, auth, input, at.getTime());
        if (late) {
          await checkAccess();
          throw rejected(late);
        }
        const committed = await ctx.db.transaction(async (tx) => {
          const companyId = auth.company?.id ?? 0;
          await waitForLockUntil(tx, deadline);
          const locked = await lockTradingLot(tx, input.lot_id, auth);
          // Session, context and access as the database has them now, whatever the caches said.
          const current = freshAccess(auth, locked);
          book.remember(locked.state, locked.lot.version, locked.briefcase);
          const actor = await bidActor(tx, auth, locked, current);
          const check = validateBid(
            locked.state,
            { amount: input.amount, companyId, userId: auth.user.id, confirmRaise: input.confirm },
            actor,
            at.getTime(),
          );
          if (!check.ok) throw rejected(check);
          const result = await placeValidatedBid(
            tx,
            locked.lot,
            locked.briefcase,
            locked.state,
            { userId: auth.user.id, companyId, amount: check.amount, idempotencyKey: key },
            at,
            locked,
          );
          return { ...result, briefcase: locked.briefcase, previousLeader: locked.leaderBid?.userId ?? null };
        });
        book.remember(
          toLotState(committed.lot, committed.briefcase, committed.leaderBid),
          committed.lot.version,
          committed.briefcase,
        );
        return committed;
      },
      deadline?.at,
    );
  } catch (error) {
    // The same key raced in twice: the other submission won; answer with its bid.
    if (key && isUniqueViolation(error)) {
      const seen = await findBidByIdempotencyKey(ctx.db, auth.user.id, key);
      if (seen) return { bid_id: seen.id, lot_id: seen.lotId, amount: seen.amount, duplicate: true };
    }
    throw error;
  }
  // The lock found the cached context current (freshAccess): it counts as loaded now.
  ctx.guards.confirmed(auth);
  // The bid is committed: it is acknowledged whatever happens to its live update and notifications.
  await afterCommit(ctx, tag, outcome, auth).catch(() => undefined);
  const own = outcome.placed[0]!;
  return { bid_id: own.id, lot_id: own.lotId, amount: own.amount, duplicate: false };
}

/** Withdraws the company's sealed offer while the lot trades (DELETE /api/v1/bids). */
export async function withdrawBid(
  ctx: AppContext,
  tag: LeaderTagger,
  auth: AuthContext,
  lotId: number,
): Promise<void> {
  const access = await checkLotAccess(ctx, auth, lotId);
  // The seller and administrators never bid here, so they have no offer to withdraw: refused, like a bid.
  if (access.master)
    throw forbidden(auth.user.role === 'admin' ? BID_MESSAGES.adminCannotBid : BID_MESSAGES.ownerCannotBid);
  const at = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, lotId);
    if (locked.briefcase.auctionType === 'classic' || locked.briefcase.auctionType === 'dutch') {
      throw conflict('Ставку в этом формате торгов отозвать нельзя');
    }
    const companyId = auth.company?.id ?? 0;
    const standing = await findActiveBids(tx, lotId);
    const result = withdrawSealedOffer(locked.state, standing.map(rankedBid), companyId, at.getTime());
    if (!result.ok) throw rejected(result);
    const own = standing.find((b) => b.companyId === companyId)!;
    await setBidState(tx, own.id, 'withdrawn', at);
    const done = await finish(
      tx,
      locked.lot,
      locked.briefcase,
      result.lot,
      [],
      result.events,
      [],
      at,
      auth.user.id,
    );
    return { ...done, briefcase: locked.briefcase, previousLeader: null };
  });
  await afterCommit(ctx, tag, outcome, auth);
}

async function afterCommit(
  ctx: AppContext,
  tag: LeaderTagger,
  outcome: CommittedBid,
  caller: AuthContext,
): Promise<void> {
  // The leader is most often the caller's own company, whose name the request has already loaded.
  const company = caller.company;
  const leaderName = company && outcome.leaderBid?.companyId === company.id ? company.name : null;
  await publishLotSnapshots(ctx, tag, [
    { lot: outcome.lot, briefcase: outcome.briefcase, leaderBid: outcome.leaderBid, leaderName },
  ]);
  await notifyAfterBid(
    ctx,
    outcome.briefcase,
    outcome.lot,
    outcome.leaderBid,
    outcome.previousLeader,
    outcome.maxedOutCompanies,
  );
  ctx.node.stats.schedule(outcome.briefcase.id);
}
