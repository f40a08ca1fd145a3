/**
 * What one lot shows on the Торги tab, whatever its layout (card, table row, dialog): the viewer's role on it, the
 * price and its basis, the countdown by server time, whether "+N мин" and "Выбрать победителя" apply.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import { canRenew, countdown, isPrivateAuction, toEpochMs } from '@etp/domain';
import { priceBasis } from './lotTitle.ts';

export interface LotViewer {
  /** The viewer is an administrator (and not in the player view). */
  admin: boolean;
  /** An administrator's "Интерфейс торгов игрока": the player's controls instead of the owner's view. */
  playerView: boolean;
}

export function useLotView(lot: LotAttributes, b: BriefcaseCardAttributes, viewer: LotViewer, nowMs: number) {
  const sealed = isPrivateAuction(b.auction_type);
  const player = viewer.playerView || (!lot.is_owner && !viewer.admin);
  const basis = priceBasis(b, lot);
  const shownPrice = lot.current_price ?? (b.auction_type === 'dutch' ? lot.next_price : lot.start_price);
  const timing = {
    status: lot.status,
    auction_type: b.auction_type,
    start_ms: lot.start_datetime ? toEpochMs(lot.start_datetime) : 0,
    end_ms: lot.end_datetime ? toEpochMs(lot.end_datetime) : 0,
  };
  const timer = countdown(timing, nowMs);
  const hasBid = lot.last_users_bid_cents !== null || lot.is_current_bidder;
  const renewable =
    player &&
    canRenew(
      { ...timing, renewals_count: lot.renewals_count } as Parameters<typeof canRenew>[0],
      { isOwner: false, isAdmin: false, hasBid },
      nowMs,
    ).ok;
  const canPick =
    !viewer.playerView &&
    (lot.is_owner || viewer.admin) &&
    lot.status === 'finished' &&
    b.status === 'finished';
  return { sealed, player, basis, shownPrice, timer, renewable, canPick };
}

export type LotView = ReturnType<typeof useLotView>;
