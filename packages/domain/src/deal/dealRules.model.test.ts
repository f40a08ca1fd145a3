/**
 * Random runs of deal actions by random actors, with time passing, checked against a plain model of the rules
 * (flags rather than states, written apart from dealRules.ts): every action is accepted exactly when the model
 * says so, and after every step a deal never left a final state, was not paid before both signatures, moved only
 * along DEAL_TRANSITIONS and only by the party the action belongs to, expired at most once, and the second-best
 * bidder was offered the lot only after a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../constants.ts';
import { fromMoscowParts } from '../time.ts';
import { applyDealAction, openDeal } from './dealRules.ts';
import type { DealDeadlineSettings } from './dealSettings.ts';
import { DEAL_STATES, DEAL_TRANSITIONS, isFinalDealState } from './dealStates.ts';
import type { Deal, DealAction, DealActor } from './dealTypes.ts';
import { addWorkingDays } from './workingDays.ts';

const SELLER = 1;
const WINNER = 2;
const SECOND = 3;
const START = fromMoscowParts(2026, 1, 20, 10).getTime();

type Stage =
  | 'offer'
  | 'signing'
  | 'paying'
  | 'reported'
  | 'paid'
  | 'handed'
  | 'closed'
  | 'failed'
  | 'cancelled'
  | 'declined';
interface ModelDeal {
  attempt: 1 | 2;
  buyer: number;
  stage: Stage;
  buyerSigned: boolean;
  sellerSigned: boolean;
  deadline: number | null;
  offered: boolean;
  expiries: number;
}
interface Model {
  now: number;
  settings: DealDeadlineSettings;
  deals: ModelDeal[];
}
interface Real {
  deals: Deal[];
}

const ENDED: readonly Stage[] = ['closed', 'failed', 'cancelled', 'declined'];
const WHO: Record<DealAction['type'], readonly string[]> = {
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

function partyIn(deal: ModelDeal, actor: DealActor): string {
  if (actor.kind !== 'member') return actor.kind;
  if (actor.company_id === deal.buyer) return 'buyer';
  return actor.company_id === SELLER ? 'seller' : 'outsider';
}

const deadlineAfter = (now: number, days: number) => addWorkingDays(new Date(now), days).getTime();
const inTime = (m: ModelDeal, now: number) => m.deadline !== null && now <= m.deadline;

/** The model's verdict and its effect: null when refused; may return a new (second) deal. */
function modelStep(
  m: ModelDeal,
  action: DealAction,
  party: string,
  now: number,
  settings: DealDeadlineSettings,
): { next: ModelDeal; opened?: ModelDeal } | null {
  if (!WHO[action.type].includes(party)) return null;
  const to = (patch: Partial<ModelDeal>) => ({ next: { ...m, ...patch } });
  switch (action.type) {
    case 'sign': {
      if (m.stage !== 'signing' || !inTime(m, now)) return null;
      if (party === 'buyer' ? m.buyerSigned : m.sellerSigned) return null;
      const buyerSigned = m.buyerSigned || party === 'buyer';
      const sellerSigned = m.sellerSigned || party === 'seller';
      if (!(buyerSigned && sellerSigned)) return to({ buyerSigned, sellerSigned });
      return to({
        buyerSigned,
        sellerSigned,
        stage: 'paying',
        deadline: deadlineAfter(now, settings.pay_working_days),
      });
    }
    case 'mark_paid':
      return m.stage === 'paying' && inTime(m, now) ? to({ stage: 'reported', deadline: null }) : null;
    case 'confirm_payment':
      return m.stage === 'reported' ? to({ stage: 'paid' }) : null;
    case 'hand_over_registry':
      return m.stage === 'paid' ? to({ stage: 'handed' }) : null;
    case 'registry_downloaded':
    case 'close':
      return m.stage === 'handed' ? to({ stage: 'closed' }) : null;
    case 'expire': {
      const running = m.stage === 'offer' || m.stage === 'signing' || m.stage === 'paying';
      if (!running || m.deadline === null || now <= m.deadline) return null;
      return to({ stage: 'failed', deadline: null, expiries: m.expiries + 1 });
    }
    case 'cancel':
      return ENDED.includes(m.stage) || action.reason.trim() === ''
        ? null
        : to({ stage: 'cancelled', deadline: null });
    case 'offer_to_second': {
      if (m.stage !== 'failed' || m.attempt !== 1 || m.offered) return null;
      const opened: ModelDeal = {
        attempt: 2,
        buyer: SECOND,
        stage: 'offer',
        buyerSigned: false,
        sellerSigned: false,
        deadline: deadlineAfter(now, settings.second_offer_working_days),
        offered: false,
        expiries: 0,
      };
      return { next: { ...m, offered: true }, opened };
    }
    case 'accept_offer':
      return m.stage === 'offer' && inTime(m, now)
        ? to({ stage: 'signing', deadline: deadlineAfter(now, settings.sign_working_days) })
        : null;
    case 'decline_offer':
      return m.stage === 'offer' && inTime(m, now) ? to({ stage: 'declined', deadline: null }) : null;
  }
}

/** The real state a model stage stands for. */
function expectedState(m: ModelDeal): Deal['state'] {
  if (m.stage === 'signing')
    return m.buyerSigned ? 'signed_by_buyer' : m.sellerSigned ? 'signed_by_seller' : 'awaiting_signatures';
  const map: Record<Exclude<Stage, 'signing'>, Deal['state']> = {
    offer: 'second_offer',
    paying: 'awaiting_payment',
    reported: 'payment_reported',
    paid: 'paid',
    handed: 'registry_handed_over',
    closed: 'closed',
    failed: 'failed',
    cancelled: 'cancelled',
    declined: 'offer_declined',
  };
  return map[m.stage];
}

/** Every state some run reached: the runs must reach them all, or they prove little. */
const visited = new Set<Deal['state']>();

class Act implements fc.Command<Model, Real> {
  constructor(
    readonly index: number,
    readonly action: DealAction,
    readonly actor: DealActor,
  ) {}
  check(model: Readonly<Model>): boolean {
    return this.index < model.deals.length;
  }
  run(model: Model, real: Real): void {
    const before = real.deals[this.index] as Deal;
    const m = model.deals[this.index] as ModelDeal;
    const party = partyIn(m, this.actor);
    const verdict = modelStep(m, this.action, party, model.now, model.settings);
    const result = applyDealAction(before, this.action, this.actor, model.now);
    expect(result.ok, `${this.toString()} in ${before.state}: ${result.ok ? 'ok' : result.reason}`).toBe(
      verdict !== null,
    );
    if (!result.ok) {
      expect(result.reason).toMatch(/[а-яА-Я]/);
      expect(result.code === 'forbidden').toBe(!WHO[this.action.type].includes(party));
      return;
    }
    const after = result.deal;
    // A final state is never left, and every move is one the table allows.
    if (isFinalDealState(before.state)) expect(after.state).toBe(before.state);
    if (after.state !== before.state) expect(DEAL_TRANSITIONS[before.state]).toContain(after.state);
    // Only the offer opens a deal, and only from a failed winner's deal.
    expect(result.opened !== null).toBe(this.action.type === 'offer_to_second');
    if (result.opened) expect(before).toMatchObject({ state: 'failed', attempt: 1, second_offer: null });
    // Payment is never reported before both signatures.
    if (after.payment_reported_at_ms !== null) {
      expect(after.buyer_signature?.at_ms).toBeLessThanOrEqual(after.payment_reported_at_ms);
      expect(after.seller_signature?.at_ms).toBeLessThanOrEqual(after.payment_reported_at_ms);
    }
    if (after.paid_at_ms !== null) expect(after.payment_reported_at_ms).not.toBeNull();
    const { next, opened } = verdict as NonNullable<typeof verdict>;
    expect(next.expiries).toBeLessThanOrEqual(1);
    model.deals[this.index] = next;
    real.deals[this.index] = after;
    visited.add(after.state);
    if (result.opened) visited.add(result.opened.state);
    if (opened && result.opened) {
      model.deals.push(opened);
      real.deals.push(result.opened);
    }
    for (let i = 0; i < model.deals.length; i += 1) {
      const md = model.deals[i] as ModelDeal;
      const rd = real.deals[i] as Deal;
      expect(rd.state).toBe(expectedState(md));
      expect(rd.deadline_ms).toBe(md.deadline);
    }
  }
  toString(): string {
    const who = this.actor.kind === 'member' ? `company ${this.actor.company_id}` : this.actor.kind;
    return `deal ${this.index}: ${this.action.type} by ${who}`;
  }
}

class Wait implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  run(model: Model): void {
    model.now += this.ms;
  }
  toString(): string {
    return `wait ${Math.round(this.ms / HOUR_MS)} h`;
  }
}

const anyActor: fc.Arbitrary<DealActor> = fc.constantFrom<DealActor>(
  { kind: 'member', company_id: SELLER },
  { kind: 'member', company_id: WINNER },
  { kind: 'member', company_id: SECOND },
  { kind: 'member', company_id: 4 },
  { kind: 'admin' },
  { kind: 'system' },
);
const weighted = (weight: number, ...actions: DealAction[]) => ({
  weight,
  arbitrary: fc.constantFrom(...actions),
});
const action: fc.Arbitrary<DealAction> = fc.oneof(
  weighted(12, { type: 'sign', method: 'sms' }, { type: 'sign', method: 'scan' }),
  weighted(6, { type: 'mark_paid' }),
  weighted(6, { type: 'confirm_payment' }),
  weighted(4, { type: 'hand_over_registry' }),
  weighted(4, { type: 'registry_downloaded' }, { type: 'close' }),
  weighted(4, { type: 'expire' }),
  weighted(1, { type: 'cancel', reason: 'Решение администратора' }, { type: 'cancel', reason: ' ' }),
  weighted(6, { type: 'offer_to_second', buyer_company_id: SECOND, price_kopecks: 90_000_00 }),
  weighted(6, { type: 'accept_offer' }),
  weighted(2, { type: 'decline_offer' }),
);

/** The actor of a party of deal `index` (0: the winner's, 1: the second bidder's). */
function actorOf(party: string, index: number): DealActor {
  if (party === 'admin' || party === 'system') return { kind: party };
  if (party === 'seller') return { kind: 'member', company_id: SELLER };
  return { kind: 'member', company_id: index === 0 ? WINNER : SECOND };
}

/** Mostly the party the action belongs to (so runs get far), sometimes anyone (so refusals are tried). */
const act = fc
  .record({ index: fc.nat(1), action, pick: fc.nat(9), other: anyActor, rightful: fc.nat(4) })
  .map(({ index, action: a, pick, other, rightful }) => {
    const parties = WHO[a.type];
    const who = rightful > 0 ? actorOf(parties[pick % parties.length] as string, index) : other;
    return new Act(index, a, who);
  });
const commands = fc.commands(
  [
    act,
    act,
    act,
    fc
      .oneof(fc.integer({ min: HOUR_MS, max: 12 * HOUR_MS }), fc.integer({ min: DAY_MS, max: 4 * DAY_MS }))
      .map((ms) => new Wait(ms)),
  ],
  { maxCommands: 80, size: 'large' },
);
const settings = fc.record({
  sign_working_days: fc.integer({ min: 1, max: 6 }),
  pay_working_days: fc.integer({ min: 1, max: 6 }),
  second_offer_working_days: fc.integer({ min: 1, max: 6 }),
});

/** One run: the winner's fresh deal and the model's view of it, then the commands. */
const dealRun = fc.property(settings, commands, (deadlines, cmds) => {
  const first = openDeal(
    { seller_company_id: SELLER, buyer_company_id: WINNER, price_kopecks: 100_000_00, deadlines },
    START,
  );
  if (!first.ok) throw new Error(first.reason);
  const model: Model = {
    now: START,
    settings: deadlines,
    deals: [
      {
        attempt: 1,
        buyer: WINNER,
        stage: 'signing',
        buyerSigned: false,
        sellerSigned: false,
        deadline: deadlineAfter(START, deadlines.sign_working_days),
        offered: false,
        expiries: 0,
      },
    ],
  };
  fc.modelRun(() => ({ model, real: { deals: [first.deal] } }), cmds);
});

describe('deal runs against the model', () => {
  it('accept exactly what the model accepts and keep every invariant', () => {
    fc.assert(dealRun, { numRuns: 200 });
  });

  it('reach every state (a fixed seed, so that a generator that stops getting far fails, never by chance)', () => {
    visited.clear();
    fc.assert(dealRun, { numRuns: 200, seed: 32 });
    expect([...visited].sort()).toEqual([...DEAL_STATES].sort());
  });
});
