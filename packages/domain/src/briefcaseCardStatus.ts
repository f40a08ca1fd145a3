/**
 * The status line of a procedure card in the list (spec 2 §2 "Status text on cards") and the "ending soon" rule
 * that turns it into a countdown. Pure: the caller passes the current (server-corrected) time.
 */
import { type AuctionType, endingSoonMs } from './auctionTypes.ts';
import type { BriefcaseStatus } from './statuses.ts';
import { type DateInput, formatCountdown, formatMoscowDate, formatMoscowTime, toEpochMs } from './time.ts';

export type CardStatusTone = 'planned' | 'upcoming' | 'active' | 'ending' | 'finished' | 'cancelled';

export interface CardStatus {
  text: string;
  tone: CardStatusTone;
}

/** The fields of a procedure the card's status line depends on. */
export interface CardStatusBriefcase {
  status: BriefcaseStatus;
  auction_type: AuctionType;
  start_datetime: DateInput | null;
  end_datetime: DateInput | null;
}

const CARD_STATUS_TEXTS = {
  planned: 'Планируемая торговая процедура',
  cancelled: 'Торги отменены',
  finished: 'Завершена',
} as const;

/**
 * True while an active procedure is within 5 minutes of its end (5 hours for private_requests and bank_to_bank),
 * including a procedure whose end has passed but whose status has not moved on yet.
 */
export function isEndingSoon(endMs: number, nowMs: number, auctionType: AuctionType): boolean {
  return endMs - nowMs <= endingSoonMs(auctionType);
}

const validMs = (input: DateInput | null): number | null => {
  if (input === null) return null;
  const ms = toEpochMs(input);
  return Number.isFinite(ms) ? ms : null;
};

const dateTimeMsk = (ms: number): string => `${formatMoscowDate(ms)}, ${formatMoscowTime(ms)} МСК`;

/**
 * The card's status line:
 * - created, pending: 'Планируемая торговая процедура' (planned);
 * - ready: 'Пройдёт 22.11.2026, 11:00 МСК' (upcoming);
 * - active: 'Завершится 22.11.2026, 13:00 МСК' (active), or once {@link isEndingSoon} a countdown 'ЧЧ:ММ:СС'
 *   (ending);
 * - finished and every closed* status: 'Завершена 22.11.2026' (finished);
 * - rejected: 'Торги отменены' (cancelled).
 * A missing date falls back to the planned text (ready) or to the bare 'Завершена' (finished ones); an active
 * procedure without an end shows 'Проводится'.
 */
export function briefcaseCardStatus(briefcase: CardStatusBriefcase, nowMs: number): CardStatus {
  const start = validMs(briefcase.start_datetime);
  const end = validMs(briefcase.end_datetime);
  switch (briefcase.status) {
    case 'created':
    case 'pending':
      return { text: CARD_STATUS_TEXTS.planned, tone: 'planned' };
    case 'ready':
      return start === null
        ? { text: CARD_STATUS_TEXTS.planned, tone: 'planned' }
        : { text: `Пройдёт ${dateTimeMsk(start)}`, tone: 'upcoming' };
    case 'active':
      if (end === null) return { text: 'Проводится', tone: 'active' };
      if (isEndingSoon(end, nowMs, briefcase.auction_type)) {
        return { text: formatCountdown(end - nowMs, { withHours: true }), tone: 'ending' };
      }
      return { text: `Завершится ${dateTimeMsk(end)}`, tone: 'active' };
    case 'finished':
    case 'closed':
    case 'closed_without_bids':
    case 'closed_without_winners':
    case 'closed_with_next_round':
      return {
        text:
          end === null
            ? CARD_STATUS_TEXTS.finished
            : `${CARD_STATUS_TEXTS.finished} ${formatMoscowDate(end)}`,
        tone: 'finished',
      };
    case 'rejected':
      return { text: CARD_STATUS_TEXTS.cancelled, tone: 'cancelled' };
    default:
      return assertNever(briefcase.status);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown procedure status: ${String(value)}`);
}

/**
 * One status, one text (issue 14 "Defects seen"): the card page shows the status label, and beside it the time
 * line of {@link briefcaseCardStatus} only where that adds to the label (ready: when it starts; active: when it
 * ends or the countdown). For the others the line would say the status again in other words ('Завершена
 * 24.11.2026' beside 'Подведение итогов', 'Торги отменены' beside 'Отменена'); the dates stay in the facts.
 */
export function showsCardTimeLine(status: BriefcaseStatus): boolean {
  return status === 'ready' || status === 'active';
}

const TRADING_START_TEXTS = { notStarted: 'Торги начнутся', started: 'Торги начались' } as const;

/**
 * The Портфель tab's price header (spec 2 §2): 'Торги начнутся' before trading (created, pending, ready),
 * 'Торги начались' from the start on; a cancelled procedure (rejected) will not start, so it gets no such text.
 */
export function tradingStartText(status: BriefcaseStatus): string | null {
  if (status === 'rejected') return null;
  return status === 'created' || status === 'pending' || status === 'ready'
    ? TRADING_START_TEXTS.notStarted
    : TRADING_START_TEXTS.started;
}
