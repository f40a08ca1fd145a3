/** The deal's data, actions, actors, events and refusals (decisions/0258); the rules are in dealRules.ts. */
import type { Kopecks } from '../money.ts';
import type { DealDeadlineSettings } from './dealSettings.ts';
import type { DealDeadlineKind, DealFailure, DealState } from './dealStates.ts';

/** SMS confirmation (a simple electronic signature, the server's first method) or an uploaded signed scan. */
export type DealSigningMethod = 'sms' | 'scan';
export interface DealSignature {
  at_ms: number;
  method: DealSigningMethod;
}

export interface Deal {
  state: DealState;
  /** 1: the winner's deal; 2: the second-best bidder's, opened from the failed first one. */
  attempt: 1 | 2;
  seller_company_id: number;
  buyer_company_id: number;
  price_kopecks: Kopecks;
  deadlines: DealDeadlineSettings;
  /** The running clock's last instant (inclusive), null when none runs in the state. */
  deadline_ms: number | null;
  buyer_signature: DealSignature | null;
  seller_signature: DealSignature | null;
  payment_reported_at_ms: number | null;
  paid_at_ms: number | null;
  registry_handed_over_at_ms: number | null;
  /** When the deal reached its final state. */
  ended_at_ms: number | null;
  failure: DealFailure | null;
  cancel_reason: string | null;
  /** Set on a failed first deal once the seller offered the lot to the second-best bidder. */
  second_offer: { buyer_company_id: number; price_kopecks: Kopecks; at_ms: number } | null;
}

export type DealAction =
  | { type: 'sign'; method: DealSigningMethod }
  | { type: 'mark_paid' }
  | { type: 'confirm_payment' }
  | { type: 'hand_over_registry' }
  | { type: 'registry_downloaded' }
  | { type: 'close' }
  | { type: 'expire' }
  | { type: 'cancel'; reason: string }
  | { type: 'offer_to_second'; buyer_company_id: number; price_kopecks: Kopecks }
  | { type: 'accept_offer' }
  | { type: 'decline_offer' };
export type DealActionType = DealAction['type'];

/** Who acts: a member of a company (the server resolves the user's company), an administrator, or the scheduler. */
export type DealActor = { kind: 'member'; company_id: number } | { kind: 'admin' } | { kind: 'system' };
export type DealParty = 'buyer' | 'seller' | 'admin' | 'system' | 'outsider';

export function dealPartyOf(
  deal: Pick<Deal, 'buyer_company_id' | 'seller_company_id'>,
  actor: DealActor,
): DealParty {
  if (actor.kind !== 'member') return actor.kind;
  if (actor.company_id === deal.buyer_company_id) return 'buyer';
  if (actor.company_id === deal.seller_company_id) return 'seller';
  return 'outsider';
}

/** Who may take each action; the buyer of a second_offer deal is the second-best bidder. */
export const DEAL_ACTION_PARTIES: Readonly<Record<DealActionType, readonly DealParty[]>> = {
  sign: ['buyer', 'seller'],
  mark_paid: ['buyer'],
  confirm_payment: ['seller'],
  hand_over_registry: ['seller', 'system'],
  registry_downloaded: ['buyer'],
  close: ['admin', 'system'],
  expire: ['system'],
  cancel: ['admin'],
  offer_to_second: ['seller'],
  accept_offer: ['buyer'],
  decline_offer: ['buyer'],
};

export type DealEvent =
  | { type: 'deal_state_changed'; from: DealState; to: DealState; at_ms: number; by: DealParty }
  | { type: 'deal_signed'; party: 'buyer' | 'seller'; method: DealSigningMethod; at_ms: number }
  | { type: 'deal_deadline_set'; kind: DealDeadlineKind; deadline_ms: number }
  | {
      type: 'deal_second_offer_opened';
      buyer_company_id: number;
      price_kopecks: Kopecks;
      deadline_ms: number;
    };

export type DealRefusalCode =
  | 'forbidden'
  | 'wrong_state'
  | 'already_done'
  | 'deadline_passed'
  | 'deadline_not_reached'
  | 'invalid'
  | 'calendar_unknown';

/** The HTTP status of each refusal (DESIGN §4: 403 not allowed, 409 a state that moved on, 422 bad input). */
export const DEAL_REFUSAL_HTTP_STATUS: Readonly<Record<DealRefusalCode, number>> = {
  forbidden: 403,
  wrong_state: 409,
  already_done: 409,
  deadline_passed: 409,
  deadline_not_reached: 409,
  invalid: 422,
  // The production calendar lacks a year: the operator must add it; nothing the user can change.
  calendar_unknown: 503,
};

export interface DealRefusal {
  ok: false;
  code: DealRefusalCode;
  reason: string;
}
/** `opened` is the second-best bidder's new deal, only for offer_to_second; the server inserts it. */
export type DealActionResult =
  | { ok: true; deal: Deal; events: DealEvent[]; opened: Deal | null }
  | DealRefusal;
