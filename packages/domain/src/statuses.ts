/**
 * Statuses of a trading procedure (briefcase) and of a lot, their Russian labels and the groups the spec filters
 * by. The labels are spec 3 §3 to the letter.
 */

export const BRIEFCASE_STATUSES = [
  'created',
  'pending',
  'rejected',
  'ready',
  'active',
  'finished',
  'closed',
  'closed_without_bids',
  'closed_without_winners',
  'closed_with_next_round',
] as const;
export type BriefcaseStatus = (typeof BRIEFCASE_STATUSES)[number];

export function isBriefcaseStatus(value: unknown): value is BriefcaseStatus {
  return (BRIEFCASE_STATUSES as readonly unknown[]).includes(value);
}

/** Labels of every status but closed_with_next_round, whose label carries the round number. */
const BRIEFCASE_STATUS_LABELS: Readonly<Record<Exclude<BriefcaseStatus, 'closed_with_next_round'>, string>> =
  {
    created: 'Новая',
    pending: 'На согласовании',
    rejected: 'Отменена',
    ready: 'Согласована',
    active: 'Проводится',
    finished: 'Подведение итогов',
    closed: 'Завершена',
    closed_without_bids: 'Завершена без ставок',
    closed_without_winners: 'Недействительна',
  };

/** 'Продлена на 2 тур'; without a known round number, 'Продлена на следующий тур'. */
function nextRoundLabel(nextRoundCount: number | null | undefined): string {
  return `Продлена на ${nextRoundCount ?? 'следующий'} тур`;
}

/** The procedure's status label; `nextRoundCount` (the API's next_round_count) only matters for the next round. */
export function briefcaseStatusLabel(status: BriefcaseStatus, nextRoundCount?: number | null): string {
  return status === 'closed_with_next_round'
    ? nextRoundLabel(nextRoundCount)
    : BRIEFCASE_STATUS_LABELS[status];
}

/** A lot of a procedure in closed_with_next_round reads this instead of its own status: 'Продлен на 2 тур'. */
export function lotNextRoundLabel(nextRoundCount: number | null | undefined): string {
  return `Продлен на ${nextRoundCount ?? 'следующий'} тур`;
}

/** The archive (spec 2 §4): procedures that are over for good. closed_with_next_round lives on in its next round. */
export const ARCHIVE_STATUSES = [
  'rejected',
  'closed',
  'closed_without_bids',
  'closed_without_winners',
] as const satisfies readonly BriefcaseStatus[];

/**
 * Statuses in which the owner sees the Statistics tab. Spec 2 §4 lists five; spec 2 §2 (the tab's own rule) adds
 * closed_with_next_round, and a procedure that went to a next round did trade, so we include it.
 */
export const STATISTICS_STATUSES = [
  'active',
  'finished',
  'closed',
  'closed_without_winners',
  'closed_without_bids',
  'closed_with_next_round',
] as const satisfies readonly BriefcaseStatus[];

/** Landing-page cards of these statuses are shown but not links (spec 3 §2.7). */
export const DISABLED_PUBLIC_STATUSES = [
  'rejected',
  'closed',
  'closed_without_bids',
  'closed_without_winners',
] as const satisfies readonly BriefcaseStatus[];

/**
 * Every lot decided (spec 2 §4, decisions/0011): nothing waits for the seller's choice any more, so a next round
 * (classic, dutch) or a second round (convert) may be created.
 */
export const DECIDED_STATUSES = [
  'closed',
  'closed_without_bids',
  'closed_without_winners',
] as const satisfies readonly BriefcaseStatus[];

/** Trading is over: summing up (finished) or every lot decided. The round buttons show; applications are taken. */
export const AFTER_TRADING_STATUSES = [
  'finished',
  ...DECIDED_STATUSES,
] as const satisfies readonly BriefcaseStatus[];

/** Lots have traded: under way, summing up, or over with results, a next round's included. */
export const TRADED_STATUSES = [
  'active',
  ...AFTER_TRADING_STATUSES,
  'closed_with_next_round',
] as const satisfies readonly BriefcaseStatus[];

/**
 * The status filter's group values (spec 2 §3 "Status counts": all_active, all_closed, all_archived). The spec
 * names them without saying what they hold; our reading:
 * - all_active: not yet concluded, from planning to summing up (created, pending, ready, active, finished);
 *   other people's created and pending procedures are invisible anyway, so for a buyer this is "upcoming and
 *   under way", for the owner it also shows what awaits approval;
 * - all_closed: trading ended and results were fixed (the four closed* statuses, including the next round);
 * - all_archived: the archive, {@link ARCHIVE_STATUSES} (cancelled or over for good).
 * all_active, all_closed and rejected together cover every status exactly once.
 */
export const STATUS_FILTER_GROUPS = {
  all_active: ['created', 'pending', 'ready', 'active', 'finished'],
  all_closed: ['closed', 'closed_without_bids', 'closed_without_winners', 'closed_with_next_round'],
  all_archived: ARCHIVE_STATUSES,
} as const satisfies Record<string, readonly BriefcaseStatus[]>;
type StatusFilterGroup = keyof typeof STATUS_FILTER_GROUPS;
/** A value of the list's `status` query: one status or one group. */
export type StatusFilter = BriefcaseStatus | StatusFilterGroup;

/** The statuses a `status` filter value stands for. */
export function statusesOfFilter(filter: StatusFilter): readonly BriefcaseStatus[] {
  return Object.hasOwn(STATUS_FILTER_GROUPS, filter)
    ? STATUS_FILTER_GROUPS[filter as StatusFilterGroup]
    : [filter as BriefcaseStatus];
}

/** Membership test for the status tuples above, typed so that any status may be asked about. */
export function statusIn(status: BriefcaseStatus, group: readonly BriefcaseStatus[]): boolean {
  return group.includes(status);
}

export const LOT_STATUSES = ['created', 'pending', 'ready', 'active', 'finished', 'closed'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

/** Lot status labels (the spec names the states but gives no texts; these are ours). */
export const LOT_STATUS_LABELS: Readonly<Record<LotStatus, string>> = {
  created: 'Новый',
  pending: 'На согласовании',
  ready: 'Ожидает начала',
  active: 'Идут торги',
  finished: 'Подведение итогов',
  closed: 'Завершён',
};

export function isLotStatus(value: unknown): value is LotStatus {
  return (LOT_STATUSES as readonly unknown[]).includes(value);
}
