/**
 * Sealed offers: private_requests and bank_to_bank.
 *
 * Invariants:
 * - one standing offer per company per lot: a new offer replaces the company's previous one, a withdrawal removes
 *   it; both only while trading is open (until end_ms); `bids_count` is the number of standing offers;
 * - an offer is at least the lot's minimum (start_price) and, except bank_to_bank, below its ОСЗ (validateBid);
 * - visibility: a participant only ever sees its own offer; the seller and administrators see the offers, with
 *   amounts, only once the lot is finished or closed; before that they see none (only the public count);
 * - the end: ransom - the seller picks any offer as the winner, or none; convert - the seller picks the classic
 *   second round's start price from the offers, none meaning the lot's minimum price.
 */
import type { Kopecks } from '../money.ts';
import type { LotStatus } from '../statuses.ts';
import {
  type AuctionEvent,
  bestBid,
  compareBids,
  isTradingOpen,
  type LotState,
  type RankedBid,
  type RuleResult,
  reject,
} from './lotState.ts';
import { BID_MESSAGES } from './messages.ts';

export type SealedOffer = RankedBid;

export interface SealedResult {
  lot: LotState;
  offers: SealedOffer[];
  events: AuctionEvent[];
}

function withOffers(lot: LotState, offers: SealedOffer[]): LotState {
  return { ...lot, bids_count: offers.length, leader: bestBid(offers) };
}

/** Takes a validated offer (see validateBid), replacing the company's standing one. Throws when not trading. */
export function placeSealedOffer(
  lot: LotState,
  offers: readonly SealedOffer[],
  offer: SealedOffer,
  nowMs: number,
): SealedResult {
  if (!isTradingOpen(lot, nowMs)) throw new Error('sealed lot is not trading');
  const placed = { ...offer, at: nowMs };
  const next = [...offers.filter((o) => o.companyId !== offer.companyId), placed];
  return {
    lot: withOffers(lot, next),
    offers: next,
    events: [{ type: 'bid_placed', lotId: lot.id, source: 'hand', ...placed }],
  };
}

/** Removes the company's standing offer while trading is open. */
export function withdrawSealedOffer(
  lot: LotState,
  offers: readonly SealedOffer[],
  companyId: number,
  nowMs: number,
): RuleResult<SealedResult> {
  if (!isTradingOpen(lot, nowMs)) return reject('conflict', BID_MESSAGES.notActive);
  if (!offers.some((o) => o.companyId === companyId)) return reject('conflict', BID_MESSAGES.noOffer);
  const next = offers.filter((o) => o.companyId !== companyId);
  return {
    ok: true,
    lot: withOffers(lot, next),
    offers: next,
    events: [{ type: 'bid_withdrawn', lotId: lot.id, companyId }],
  };
}

export interface OfferViewer {
  /** The viewer's company; null for a user without one. */
  companyId: number | null;
  isOwner: boolean;
  isAdmin: boolean;
}

/** The seller and administrators see amounts from the end on. */
export function sealedAmountsRevealed(status: LotStatus): boolean {
  return status === 'finished' || status === 'closed';
}

/** The offers a viewer may see, best first. */
export function visibleOffers<T extends SealedOffer>(
  offers: readonly T[],
  viewer: OfferViewer,
  lotStatus: LotStatus,
): T[] {
  if (viewer.isOwner || viewer.isAdmin) {
    return sealedAmountsRevealed(lotStatus) ? [...offers].sort(compareBids) : [];
  }
  return viewer.companyId === null ? [] : offers.filter((o) => o.companyId === viewer.companyId);
}

/**
 * convert: the second round's start price for the seller's choice: the chosen offer's amount, or the lot's
 * minimum price for null; null when the bid is not one of the offers.
 */
export function secondRoundStartPrice(
  lot: Pick<LotState, 'start_price'>,
  offers: readonly SealedOffer[],
  bidId: number | null,
): Kopecks | null {
  if (bidId === null) return lot.start_price;
  return offers.find((o) => o.bidId === bidId)?.amount ?? null;
}
