/**
 * The four auction formats: their names, tooltips, list routes, and the rules that split them into open
 * (classic, dutch) and sealed (private_requests, bank_to_bank) formats.
 */
import {
  ENDING_SOON_MS,
  ENDING_SOON_PRIVATE_MS,
  TIME_LEFT_WARNING_MS,
  TIME_LEFT_WARNING_PRIVATE_MS,
} from './constants.ts';
import type { BriefcaseStatus } from './statuses.ts';

export const AUCTION_TYPES = ['classic', 'dutch', 'private_requests', 'bank_to_bank'] as const;
export type AuctionType = (typeof AUCTION_TYPES)[number];

export function isAuctionType(value: unknown): value is AuctionType {
  return (AUCTION_TYPES as readonly unknown[]).includes(value);
}

export const AUCTION_TYPE_LABELS: Readonly<Record<AuctionType, string>> = {
  classic: 'Классический аукцион',
  dutch: 'Голландский аукцион',
  private_requests: 'Закрытый запрос предложений',
  bank_to_bank: 'От кредитора кредитору',
};

/** Tooltip texts of the auction-type icons and wizard cards (spec 2 §1). */
export const AUCTION_TYPE_DESCRIPTIONS: Readonly<Record<AuctionType, string>> = {
  classic: 'Цена растёт на шаг с каждой ставкой, ставки участников видны.',
  dutch: 'Цена снижается по шагам, пока первый покупатель не согласится купить.',
  private_requests: 'Участники подают закрытые предложения, побеждает лучшее коммерческое предложение.',
  bank_to_bank: 'Продажа непросроченной задолженности от кредитора кредитору.',
};

/** The list route of each format; bank_to_bank is '/creditor_to_creditor' (spec 2 §2). */
export const AUCTION_TYPE_ROUTES: Readonly<Record<AuctionType, string>> = {
  classic: '/classic',
  dutch: '/dutch',
  private_requests: '/private_requests',
  bank_to_bank: '/creditor_to_creditor',
};

/** The format a list route filters by, or null when the path is not one of {@link AUCTION_TYPE_ROUTES}. */
export function auctionTypeFromRoute(path: string): AuctionType | null {
  const trimmed = path.replace(/\/+$/, '');
  return AUCTION_TYPES.find((type) => AUCTION_TYPE_ROUTES[type] === trimmed) ?? null;
}

/** Sealed formats: one hidden offer per participant per lot, no live price. */
const PRIVATE_AUCTION_TYPES = ['private_requests', 'bank_to_bank'] as const satisfies readonly AuctionType[];

export function isPrivateAuction(type: AuctionType): boolean {
  return (PRIVATE_AUCTION_TYPES as readonly AuctionType[]).includes(type);
}

/** Formats that can go to a next round after they finish (spec 2 §4 "Next and second rounds"). */
const NEXT_ROUND_AUCTION_TYPES = ['classic', 'dutch'] as const satisfies readonly AuctionType[];

export function hasNextRounds(type: AuctionType): boolean {
  return (NEXT_ROUND_AUCTION_TYPES as readonly AuctionType[]).includes(type);
}

/**
 * Why batch autobids (spec 2 §4 "Batch autobids") cannot be changed on a procedure, or null when they can: classic
 * procedures only, while approved and not started (`ready`). The server also passes `startsInFuture` from its clock,
 * because the status turns active only on the scheduler's next tick; the card follows the status alone.
 */
export function batchAutobidsClosed(
  procedure: { auctionType: AuctionType; status: BriefcaseStatus },
  startsInFuture = true,
): 'classic_only' | 'before_start_only' | null {
  if (procedure.auctionType !== 'classic') return 'classic_only';
  if (procedure.status !== 'ready' || !startsInFuture) return 'before_start_only';
  return null;
}

/** A lot's timer turns to a warning below this much time left: 20 minutes, 5 hours for sealed formats. */
export function timeLeftWarningMs(type: AuctionType): number {
  return isPrivateAuction(type) ? TIME_LEFT_WARNING_PRIVATE_MS : TIME_LEFT_WARNING_MS;
}

/** A list card shows a countdown below this much time left: 5 minutes, 5 hours for sealed formats. */
export function endingSoonMs(type: AuctionType): number {
  return isPrivateAuction(type) ? ENDING_SOON_PRIVATE_MS : ENDING_SOON_MS;
}
