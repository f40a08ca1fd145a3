/**
 * What the "Сделка" block and the deals list offer: the buttons follow the server's `available_actions` (the
 * domain's availableDealActions for the caller), never the state alone, so a step the server would refuse is not
 * offered; the agreement is always there to read, the registry once the reply carries its address.
 */
import type { DealView } from '@etp/contracts';
import {
  countWithNoun,
  DAYS,
  DEAL_DEADLINE_OF_STATE,
  type DealDeadlineKind,
  isFinalDealState,
} from '@etp/domain';
import { DEALS_MESSAGES as T } from './messages.ts';

/** A step taken in a dialog (sign) or after a confirmation, or a file fetched at once. */
export type DealButtonKind =
  | 'sign_sms'
  | 'sign_scan'
  | 'mark_paid'
  | 'confirm_payment'
  | 'offer_to_second'
  | 'accept_offer'
  | 'decline_offer'
  | 'cancel'
  | 'close'
  | 'agreement'
  | 'registry';

export interface DealButton {
  kind: DealButtonKind;
  label: string;
  /** The one step the caller is expected to take next: a filled button. */
  primary: boolean;
  /** A destructive step: a red button. */
  danger: boolean;
}

const STEP_ORDER: readonly DealButtonKind[] = [
  'accept_offer',
  'sign_sms',
  'sign_scan',
  'mark_paid',
  'confirm_payment',
  'registry',
  'offer_to_second',
  'close',
  'agreement',
  'decline_offer',
  'cancel',
];

function button(kind: DealButtonKind, primary: boolean): DealButton {
  return {
    kind,
    label: T.actions[kind],
    primary,
    danger: kind === 'cancel' || kind === 'decline_offer',
  };
}

/**
 * The buttons for the caller, in the order a user reads them: the expected step first (filled), then the other
 * steps, the agreement's download, and the refusals last.
 */
export function dealButtons(deal: DealView): DealButton[] {
  const can = new Set(deal.available_actions);
  const kinds = new Set<DealButtonKind>();
  if (can.has('sign')) {
    kinds.add('sign_sms');
    kinds.add('sign_scan');
  }
  for (const step of [
    'mark_paid',
    'confirm_payment',
    'offer_to_second',
    'accept_offer',
    'decline_offer',
    'cancel',
    'close',
  ] as const) {
    if (can.has(step)) kinds.add(step);
  }
  kinds.add('agreement');
  // The full registry is the buyer's alone, once the seller's confirmation handed it over.
  if (deal.role === 'buyer' && deal.registry_url) kinds.add('registry');
  const ordered = STEP_ORDER.filter((kind) => kinds.has(kind));
  // A final deal has no step left: the registry is there to download again, not as the next step.
  const final = isFinalDealState(deal.state);
  const first = final
    ? undefined
    : ordered.find((kind) => kind !== 'agreement' && kind !== 'cancel' && kind !== 'decline_offer');
  return ordered.map((kind) => button(kind, kind === first));
}

/**
 * The list's "next action" line: the expected step's label, or that the other side is to act; "—" for a final
 * deal, whatever files it still offers.
 */
export function nextStepLabel(deal: DealView): string {
  const primary = dealButtons(deal).find((b) => b.primary);
  if (primary) return primary.label;
  return DEAL_DEADLINE_OF_STATE[deal.state] !== null || deal.state === 'payment_reported'
    ? T.list.waiting
    : T.list.noAction;
}

/** Which clock runs, for its caption ("Подписать договор до"); null when none. */
export function deadlineKind(deal: Pick<DealView, 'state' | 'deadline_at'>): DealDeadlineKind | null {
  return deal.deadline_at === null ? null : DEAL_DEADLINE_OF_STATE[deal.state];
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Time left to a deal's deadline in days and hours, as a deadline is read ("3 дня 5 ч", "5 ч 12 мин", "12 мин"),
 * rounded down to the minute; null once it has passed (the caller writes "Срок истёк").
 */
export function dealTimeLeft(deadlineIso: string, nowMs: number): string | null {
  const left = Date.parse(deadlineIso) - nowMs;
  if (left < 0) return null;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `${countWithNoun(days, DAYS)} ${hours} ч`;
  if (hours > 0) return `${hours} ч ${minutes} мин`;
  return `${minutes} мин`;
}
