/**
 * Date rules of the wizard's step 3 (spec 1 §4 Dates, §5, §9), in Moscow time (UTC+3, no DST): the default start
 * when a date is first chosen, the default end, and the start/end checks the server repeats.
 */
import type { AuctionType } from '../auctionTypes.ts';
import {
  DAY_MS,
  DEFAULT_DURATION_MS,
  DEFAULT_START_HOUR,
  HOUR_MS,
  PRIVATE_REQUESTS_MIN_NOTICE_DAYS,
} from '../constants.ts';
import { startOfMoscowDay } from '../time.ts';
import { WIZARD_RULE_MESSAGES as M } from './messages.ts';

/** The first full hour after `now` (Moscow hours are UTC hours shifted by exactly 3, so UTC hours align). */
export function nextFullHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
}

/**
 * The start a date becomes when it is first set: under a day from now → the next full hour; otherwise the
 * chosen Moscow day's midnight plus 11 hours (11:00 Moscow).
 */
export function defaultStartFor(chosen: Date, now: Date): Date {
  if (chosen.getTime() - now.getTime() < DAY_MS) return nextFullHour(now);
  return new Date(startOfMoscowDay(chosen).getTime() + DEFAULT_START_HOUR * HOUR_MS);
}

/** The end follows the start in classic and private_requests: start + 2 hours when it is not after it. */
function endFollowsStart(type: AuctionType): boolean {
  return type === 'classic' || type === 'private_requests';
}

export function defaultEndFor(
  type: AuctionType,
  start: Date,
  end: Date | null,
  /** The start before this change: an end that was its default (start + 2 hours) moves with the start. */
  previousStart: Date | null = null,
): Date | null {
  if (!endFollowsStart(type)) return end;
  const defaulted = end && previousStart && end.getTime() - previousStart.getTime() === DEFAULT_DURATION_MS;
  if (end && !defaulted && end.getTime() > start.getTime()) return end;
  return new Date(start.getTime() + DEFAULT_DURATION_MS);
}

/** The date picker's minimum: today in Moscow (midnight of the current Moscow day). */
export function minimumStartDay(now: Date): Date {
  return startOfMoscowDay(now);
}

export interface StartCheck {
  start: Date | null;
  now: Date;
  /** An administrator editing an active procedure skips the check (spec 1 §5). */
  skip?: boolean;
  /** The viewer's clock is not Moscow's: the text names Moscow (' по Москве'). */
  zoneOffset?: boolean;
}

export function startError({ start, now, skip, zoneOffset }: StartCheck): string | null {
  if (!start) return M.required;
  if (skip) return null;
  if (start.getTime() <= now.getTime()) return zoneOffset ? M.pastStartMoscow : M.pastStart;
  return null;
}

/** classic and private_requests need an end after the start; the dutch end is computed, sealed b2b optional. */
export function endError(type: AuctionType, start: Date | null, end: Date | null): string | null {
  if (!endFollowsStart(type)) return null;
  if (!end) return M.required;
  if (start && end.getTime() <= start.getTime()) return M.endBeforeStart;
  return null;
}

/** private_requests: participants need at least 4 days before the start (a hint, not a block). */
export function privateNoticeShort(type: AuctionType, start: Date | null, now: Date): boolean {
  return (
    type === 'private_requests' &&
    start !== null &&
    start.getTime() - now.getTime() < PRIVATE_REQUESTS_MIN_NOTICE_DAYS * DAY_MS
  );
}
