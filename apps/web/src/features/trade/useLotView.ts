/**
 * What one lot shows on the Торги tab, whatever its layout (card, table row, dialog): the viewer's role on it, the
 * price and its basis, the countdown by server time, whether "+N мин" and "Выбрать победителя" apply.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import { canRenew, countdown, isPrivateAuction, toEpochMs } from '@etp/domain';
import { useServerClock } from '../../lib/useServerNow.ts';
import { priceBasis } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';

export interface LotViewer {
  /** The viewer is an administrator (and not in the player view). */
  admin: boolean;
  /** An administrator's "Интерфейс торгов игрока": the player's controls instead of the owner's view. */
  playerView: boolean;
}

/** The lot's countdown facts the server time moves: what a lot shows re-renders only when they change. */
export function lotTiming(lot: LotAttributes, b: BriefcaseCardAttributes) {
  return {
    status: lot.status,
    auction_type: b.auction_type,
    start_ms: lot.start_datetime ? toEpochMs(lot.start_datetime) : 0,
    end_ms: lot.end_datetime ? toEpochMs(lot.end_datetime) : 0,
  };
}

export function useLotView(lot: LotAttributes, b: BriefcaseCardAttributes, viewer: LotViewer) {
  const sealed = isPrivateAuction(b.auction_type);
  const player = viewer.playerView || (!lot.is_owner && !viewer.admin);
  const basis = priceBasis(b, lot);
  // The parties of a deal read its price: the seller may have chosen a bid below the highest.
  const shownPrice =
    lot.deal?.price_kopecks ??
    lot.current_price ??
    (b.auction_type === 'dutch' ? lot.next_price : lot.start_price);
  const priceLabel = lot.deal
    ? T.dealPrice
    : lot.current_price !== null
      ? T.price
      : sealed
        ? T.minPrice
        : T.startPrice;
  const timing = lotTiming(lot, b);
  // Whether a countdown shows and what it counts to depend on the status only; its text is LotTimer's.
  const timer = countdown(timing, 0) ? { target: lot.status === 'ready' ? 'start' : 'end' } : null;
  const hasBid = lot.last_users_bid_cents !== null || lot.is_current_bidder;
  const renewable = useServerClock(
    (nowMs) =>
      player &&
      canRenew(
        { ...timing, renewals_count: lot.renewals_count } as Parameters<typeof canRenew>[0],
        { isOwner: false, isAdmin: false, hasBid },
        nowMs,
      ).ok,
  );
  const canPick =
    !viewer.playerView &&
    (lot.is_owner || viewer.admin) &&
    lot.status === 'finished' &&
    b.status === 'finished';
  return { sealed, player, basis, shownPrice, priceLabel, timer, renewable, canPick };
}

export type LotView = ReturnType<typeof useLotView>;

/** The procedure's counters a lot does not show: their change (each second under bidding) re-renders no lot. */
const COUNTERS = new Set(['bids_count', 'bidders_count', 'bids_total_amount_cents', 'filling_percent']);

/**
 * Props of a memoised lot (card, row): equal when the lot (or its id and page), the viewer and what the lot shows
 * of the procedure are.
 */
export function sameLotProps<P extends { briefcase: BriefcaseCardAttributes; viewer: LotViewer }>(
  prev: P,
  next: P,
): boolean {
  for (const key of Object.keys(next) as (keyof P)[]) {
    if (key === 'briefcase') continue;
    if (!Object.is(prev[key], next[key])) return false;
  }
  if (prev.briefcase === next.briefcase) return true;
  const a = prev.briefcase as unknown as Record<string, unknown>;
  const b = next.briefcase as unknown as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!COUNTERS.has(key) && !Object.is(a[key], b[key])) return false;
  return true;
}
