/**
 * The deal's transitions (decisions/0258): one pure function the server calls under the deal's row lock, with the
 * time as a parameter. Invariants: a final state is never left; payment is never reported before both signatures;
 * only the party the action belongs to moves the deal; a deadline expires a deal at most once (expiry leads to a
 * final state); the second-best bidder is offered the lot only from a failed winner's deal, once.
 */
import type { Kopecks } from '../money.ts';
import { DEAL_CANCEL_REASON_MAX_LENGTH, DEAL_MESSAGES as M } from './dealMessages.ts';
import type { DealDeadlineSettings } from './dealSettings.ts';
import {
  DEAL_DEADLINE_OF_STATE,
  type DealDeadlineKind,
  type DealFailure,
  type DealState,
} from './dealStates.ts';
import {
  DEAL_ACTION_PARTIES,
  type Deal,
  type DealAction,
  type DealActionResult,
  type DealActionType,
  type DealActor,
  type DealEvent,
  type DealParty,
  type DealRefusal,
  type DealRefusalCode,
  type DealSignature,
  dealPartyOf,
} from './dealTypes.ts';
import {
  addWorkingDays,
  RUSSIAN_WORKING_CALENDAR,
  UnknownCalendarYearError,
  type WorkingCalendar,
} from './workingDays.ts';

const WRONG_PARTY: Readonly<Record<DealActionType, string>> = {
  sign: M.signParty,
  mark_paid: M.buyerOnlyPays,
  confirm_payment: M.sellerOnlyConfirms,
  hand_over_registry: M.handOverParty,
  registry_downloaded: M.buyerOnlyDownloads,
  close: M.closeParty,
  expire: M.expireParty,
  cancel: M.adminOnlyCancels,
  offer_to_second: M.sellerOnlyOffers,
  accept_offer: M.offereeOnlyAnswers,
  decline_offer: M.offereeOnlyAnswers,
};

const refuse = (code: DealRefusalCode, reason: string): DealRefusal => ({ ok: false, code, reason });

const FINAL_REFUSAL: Partial<Record<DealState, string>> = {
  closed: M.closed,
  failed: M.failed,
  cancelled: M.cancelled,
  offer_declined: M.offerDeclined,
};

const DEADLINE_PASSED: Readonly<Record<DealDeadlineKind, string>> = {
  sign: M.signDeadlinePassed,
  pay: M.payDeadlinePassed,
  offer: M.offerDeadlinePassed,
};

const FAILURE_OF_DEADLINE: Readonly<Record<DealDeadlineKind, DealFailure>> = {
  sign: 'not_signed',
  pay: 'not_paid',
  offer: 'offer_not_answered',
};

/** The deadline `days` working days from now, or a refusal when the calendar lacks a year it needs. */
function deadlineFrom(nowMs: number, days: number, calendar: WorkingCalendar): number | DealRefusal {
  try {
    return addWorkingDays(new Date(nowMs), days, calendar).getTime();
  } catch (error) {
    if (error instanceof UnknownCalendarYearError) return refuse('calendar_unknown', error.message);
    throw error;
  }
}

interface Move {
  to: DealState;
  patch?: Partial<Deal>;
  events?: DealEvent[];
  /** The working days of the clock the new state starts (sign, pay or offer), when it starts one. */
  startClock?: number;
}

/** Applies a move: the state, the patch, the new clock if any, and the state-change event. */
function move(
  deal: Deal,
  m: Move,
  party: DealParty,
  nowMs: number,
  calendar: WorkingCalendar,
): DealActionResult {
  const kind = DEAL_DEADLINE_OF_STATE[m.to];
  let deadline_ms: number | null = kind === null ? null : deal.deadline_ms;
  const events: DealEvent[] = [...(m.events ?? [])];
  if (m.startClock !== undefined && kind !== null) {
    const computed = deadlineFrom(nowMs, m.startClock, calendar);
    if (typeof computed !== 'number') return computed;
    deadline_ms = computed;
    events.push({ type: 'deal_deadline_set', kind, deadline_ms });
  }
  const next: Deal = { ...deal, ...m.patch, state: m.to, deadline_ms };
  events.unshift({ type: 'deal_state_changed', from: deal.state, to: m.to, at_ms: nowMs, by: party });
  return { ok: true, deal: next, events, opened: null };
}

/** Refuses an action that needs the running clock once that clock has run out (the scheduler may lag). */
function deadlinePassed(deal: Deal, nowMs: number): DealRefusal | null {
  const kind = DEAL_DEADLINE_OF_STATE[deal.state];
  if (kind === null || deal.deadline_ms === null || nowMs <= deal.deadline_ms) return null;
  return refuse('deadline_passed', DEADLINE_PASSED[kind]);
}

/**
 * Applies one action by one actor at `nowMs`. Refusals, in this order: the wrong party (forbidden), a final state,
 * the wrong order or a step already taken, a deadline that has passed, bad input.
 */
export function applyDealAction(
  deal: Deal,
  action: DealAction,
  actor: DealActor,
  nowMs: number,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): DealActionResult {
  const party = dealPartyOf(deal, actor);
  if (!DEAL_ACTION_PARTIES[action.type].includes(party)) return refuse('forbidden', WRONG_PARTY[action.type]);
  if (action.type === 'offer_to_second') return offerToSecond(deal, action, nowMs, calendar);
  const final = FINAL_REFUSAL[deal.state];
  if (final !== undefined) {
    const repeated = action.type === 'expire' && deal.state === 'failed';
    return refuse(repeated ? 'already_done' : 'wrong_state', final);
  }
  const go = (m: Move) => move(deal, m, party, nowMs, calendar);
  const end = { ended_at_ms: nowMs };
  switch (action.type) {
    case 'sign': {
      if (deal.state === 'second_offer') return refuse('wrong_state', M.offerNotAnswered);
      if (DEAL_DEADLINE_OF_STATE[deal.state] !== 'sign') return refuse('already_done', M.signedByBoth);
      const signedAlready = party === 'buyer' ? deal.buyer_signature : deal.seller_signature;
      if (signedAlready !== null) return refuse('already_done', M.alreadySigned);
      const late = deadlinePassed(deal, nowMs);
      if (late) return late;
      const signature: DealSignature = { at_ms: nowMs, method: action.method };
      const patch: Partial<Deal> =
        party === 'buyer' ? { buyer_signature: signature } : { seller_signature: signature };
      const signed: DealEvent = {
        type: 'deal_signed',
        party: party as 'buyer' | 'seller',
        method: action.method,
        at_ms: nowMs,
      };
      if (deal.state === 'awaiting_signatures')
        return go({
          to: party === 'buyer' ? 'signed_by_buyer' : 'signed_by_seller',
          patch,
          events: [signed],
        });
      // The other party signed before: the agreement is signed, the payment clock starts.
      return go({
        to: 'awaiting_payment',
        patch,
        events: [signed],
        startClock: deal.deadlines.pay_working_days,
      });
    }
    case 'mark_paid': {
      if (deal.state === 'awaiting_payment') {
        const late = deadlinePassed(deal, nowMs);
        if (late) return late;
        return go({ to: 'payment_reported', patch: { payment_reported_at_ms: nowMs } });
      }
      if (deal.payment_reported_at_ms !== null) return refuse('already_done', M.alreadyReported);
      return refuse('wrong_state', M.payAfterSigning);
    }
    case 'confirm_payment': {
      if (deal.state === 'payment_reported') return go({ to: 'paid', patch: { paid_at_ms: nowMs } });
      if (deal.paid_at_ms !== null) return refuse('already_done', M.alreadyConfirmed);
      return refuse('wrong_state', M.notReported);
    }
    case 'hand_over_registry': {
      if (deal.state === 'paid')
        return go({ to: 'registry_handed_over', patch: { registry_handed_over_at_ms: nowMs } });
      if (deal.registry_handed_over_at_ms !== null) return refuse('already_done', M.alreadyHandedOver);
      return refuse('wrong_state', M.handOverAfterPayment);
    }
    case 'registry_downloaded':
    case 'close': {
      if (deal.state === 'registry_handed_over') return go({ to: 'closed', patch: end });
      return refuse('wrong_state', M.registryNotHandedOver);
    }
    case 'expire': {
      const kind = DEAL_DEADLINE_OF_STATE[deal.state];
      if (kind === null || deal.deadline_ms === null) return refuse('wrong_state', M.noDeadline);
      if (nowMs <= deal.deadline_ms) return refuse('deadline_not_reached', M.deadlineNotReached);
      return go({ to: 'failed', patch: { ...end, failure: FAILURE_OF_DEADLINE[kind] } });
    }
    case 'cancel': {
      const reason = action.reason.trim();
      if (reason === '') return refuse('invalid', M.reasonRequired);
      if (reason.length > DEAL_CANCEL_REASON_MAX_LENGTH) return refuse('invalid', M.reasonTooLong);
      return go({ to: 'cancelled', patch: { ...end, cancel_reason: reason } });
    }
    case 'accept_offer':
    case 'decline_offer': {
      if (deal.state !== 'second_offer') return refuse('wrong_state', M.notAnOffer);
      const late = deadlinePassed(deal, nowMs);
      if (late) return late;
      if (action.type === 'decline_offer') return go({ to: 'offer_declined', patch: end });
      return go({ to: 'awaiting_signatures', startClock: deal.deadlines.sign_working_days });
    }
    default: {
      const unknown: never = action;
      throw new Error(`unknown deal action ${JSON.stringify(unknown)}`);
    }
  }
}

/** offer_to_second: the failed first deal records the offer; the second-best bidder's deal opens beside it. */
function offerToSecond(
  deal: Deal,
  action: Extract<DealAction, { type: 'offer_to_second' }>,
  nowMs: number,
  calendar: WorkingCalendar,
): DealActionResult {
  if (deal.state !== 'failed') {
    const final = FINAL_REFUSAL[deal.state];
    return refuse('wrong_state', final ?? M.offerOnlyAfterFailure);
  }
  if (deal.attempt !== 1 || deal.second_offer !== null) return refuse('already_done', M.offerOnlyOnce);
  const second = action.buyer_company_id;
  if (second === deal.buyer_company_id || second === deal.seller_company_id)
    return refuse('invalid', M.secondBidderSame);
  if (!Number.isSafeInteger(action.price_kopecks) || action.price_kopecks <= 0)
    return refuse('invalid', M.priceInvalid);
  const opened = openDeal(
    {
      seller_company_id: deal.seller_company_id,
      buyer_company_id: second,
      price_kopecks: action.price_kopecks,
      deadlines: deal.deadlines,
      attempt: 2,
    },
    nowMs,
    calendar,
  );
  if (!opened.ok) return opened;
  const offer = { buyer_company_id: second, price_kopecks: action.price_kopecks, at_ms: nowMs };
  const event: DealEvent = {
    type: 'deal_second_offer_opened',
    buyer_company_id: second,
    price_kopecks: action.price_kopecks,
    deadline_ms: opened.deal.deadline_ms as number,
  };
  return { ok: true, deal: { ...deal, second_offer: offer }, events: [event], opened: opened.deal };
}

export interface OpenDealInput {
  seller_company_id: number;
  buyer_company_id: number;
  price_kopecks: Kopecks;
  deadlines: DealDeadlineSettings;
  /** 1 (default): the winner's deal, awaiting signatures; 2: the offer to the second-best bidder. */
  attempt?: 1 | 2;
}

/**
 * A new deal at `nowMs`: the winner's awaits signatures (the sign clock starts), the second-best bidder's awaits
 * its answer (the offer clock starts).
 */
export function openDeal(
  input: OpenDealInput,
  nowMs: number,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): { ok: true; deal: Deal; events: DealEvent[] } | DealRefusal {
  if (input.buyer_company_id === input.seller_company_id) return refuse('invalid', M.buyerIsSeller);
  if (!Number.isSafeInteger(input.price_kopecks) || input.price_kopecks <= 0)
    return refuse('invalid', M.priceInvalid);
  const attempt = input.attempt ?? 1;
  const state: DealState = attempt === 1 ? 'awaiting_signatures' : 'second_offer';
  const kind: DealDeadlineKind = attempt === 1 ? 'sign' : 'offer';
  const days = attempt === 1 ? input.deadlines.sign_working_days : input.deadlines.second_offer_working_days;
  const deadline_ms = deadlineFrom(nowMs, days, calendar);
  if (typeof deadline_ms !== 'number') return deadline_ms;
  const deal: Deal = {
    state,
    attempt,
    seller_company_id: input.seller_company_id,
    buyer_company_id: input.buyer_company_id,
    price_kopecks: input.price_kopecks,
    deadlines: input.deadlines,
    deadline_ms,
    buyer_signature: null,
    seller_signature: null,
    payment_reported_at_ms: null,
    paid_at_ms: null,
    registry_handed_over_at_ms: null,
    ended_at_ms: null,
    failure: null,
    cancel_reason: null,
    second_offer: null,
  };
  return { ok: true, deal, events: [{ type: 'deal_deadline_set', kind, deadline_ms }] };
}

/** What the deal's page may offer this party now: the actions applyDealAction would not refuse for it. */
export function availableDealActions(
  deal: Deal,
  actor: DealActor,
  nowMs: number,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): DealActionType[] {
  const probes: DealAction[] = [
    { type: 'sign', method: 'sms' },
    { type: 'mark_paid' },
    { type: 'confirm_payment' },
    { type: 'hand_over_registry' },
    { type: 'registry_downloaded' },
    { type: 'close' },
    { type: 'expire' },
    { type: 'cancel', reason: '—' },
    { type: 'accept_offer' },
    { type: 'decline_offer' },
  ];
  const available = probes
    .filter((action) => applyDealAction(deal, action, actor, nowMs, calendar).ok)
    .map((action) => action.type);
  // The offer needs the second bidder's data; its state rules alone decide whether the button shows.
  const canOffer =
    dealPartyOf(deal, actor) === 'seller' &&
    deal.state === 'failed' &&
    deal.attempt === 1 &&
    deal.second_offer === null;
  return canOffer ? [...available, 'offer_to_second'] : available;
}
