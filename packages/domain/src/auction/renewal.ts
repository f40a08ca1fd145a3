/**
 * "+N мин" and the lot countdown.
 *
 * Invariants of the renewal:
 * - N is the procedure's lot_renewal_minutes; the end moves to end + N minutes (not now + N);
 * - allowed once per lot (renewals_count = 0), to a participant whose company has a bid on the lot, while trading
 *   is open and less than EXTEND_THRESHOLD_MS (300 001 ms, i.e. 5 minutes or less) remain;
 * - when the procedure has a composite lot, one renewal extends every lot of the procedure ({@link lotsToRenew});
 *   each of them that is still trading gets the same +N and its renewals_count raised.
 * Anti-sniping (classic.ts) is separate and does not count as a renewal.
 */
import { timeLeftWarningMs } from '../auctionTypes.ts';
import { EXTEND_THRESHOLD_MS, MINUTE_MS } from '../constants.ts';
import { formatCountdown } from '../time.ts';
import { type AuctionEvent, isTradingOpen, type LotState, type RuleResult, reject } from './lotState.ts';
import { RENEWAL_MESSAGES as M } from './messages.ts';

export interface RenewalActor {
  isOwner: boolean;
  isAdmin: boolean;
  /** The user's company has a bid (or standing offer) on this lot. */
  hasBid: boolean;
}

/** Whether "+N мин" may be pressed now; the button shows exactly when this is ok. */
export function canRenew(lot: LotState, actor: RenewalActor, nowMs: number): RuleResult {
  if (actor.isOwner || actor.isAdmin || !actor.hasBid) return reject('forbidden', M.notParticipant);
  if (!isTradingOpen(lot, nowMs)) return reject('conflict', M.notActive);
  if (lot.end_ms - nowMs >= EXTEND_THRESHOLD_MS) return reject('conflict', M.tooEarly);
  if (lot.renewals_count > 0) return reject('conflict', M.alreadyRenewed);
  return { ok: true };
}

/** Extends a lot by lot_renewal_minutes. The caller checked {@link canRenew} on the lot the user pressed. */
export function applyRenewal(lot: LotState, nowMs: number): { lot: LotState; events: AuctionEvent[] } {
  if (!isTradingOpen(lot, nowMs)) throw new Error('cannot renew a lot that is not trading');
  const toMs = lot.end_ms + lot.lot_renewal_minutes * MINUTE_MS;
  return {
    lot: { ...lot, end_ms: toMs, renewals_count: lot.renewals_count + 1 },
    events: [{ type: 'lot_extended', lotId: lot.id, reason: 'renewal', fromMs: lot.end_ms, toMs }],
  };
}

/** The lots one renewal extends: all of the procedure's when it has a composite lot, else the one pressed. */
export function lotsToRenew(
  procedureHasComposite: boolean,
  lotId: number,
  allLotIds: readonly number[],
): number[] {
  return procedureHasComposite ? [...allLotIds] : [lotId];
}

export interface Countdown {
  /** ready counts down to the start, active to the end. */
  target: 'start' | 'end';
  /** Never negative. */
  remainingMs: number;
  /** 'mm:ss', or 'hh:mm:ss' from an hour on; '00:00' at zero. */
  text: string;
  /** Active and less than 20 minutes left (5 hours for sealed formats). */
  warning: boolean;
  /** Active and 5 minutes or less left: the window in which "+N мин" may show. */
  extendWindow: boolean;
}

/**
 * The lot timer. `serverOffsetMs` = server time - local time (from GET /time), so the server's now is
 * `nowMs + serverOffsetMs`. Null for lots that are neither ready nor active.
 */
export function countdown(
  lot: Pick<LotState, 'status' | 'start_ms' | 'end_ms' | 'auction_type'>,
  nowMs: number,
  serverOffsetMs = 0,
): Countdown | null {
  if (lot.status !== 'ready' && lot.status !== 'active') return null;
  const serverNow = nowMs + serverOffsetMs;
  const target = lot.status === 'ready' ? 'start' : 'end';
  const remainingMs = Math.max(0, (target === 'start' ? lot.start_ms : lot.end_ms) - serverNow);
  const active = lot.status === 'active';
  return {
    target,
    remainingMs,
    text: formatCountdown(remainingMs),
    warning: active && remainingMs < timeLeftWarningMs(lot.auction_type),
    extendWindow: active && remainingMs > 0 && remainingMs < EXTEND_THRESHOLD_MS,
  };
}
