import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceDutch,
  type DutchOrder,
  dutchClockEndAt,
  dutchNextTickAt,
  dutchOutcomeAt,
  dutchPriceAt,
  dutchStepAt,
  placeDutchOrder,
} from './dutch.ts';
import { compareBids, type LotState } from './lotState.ts';
import { dutchBidForSteps, dutchStepCount } from './pricing.ts';
import { bidOf, buildDutchLot, MIN, T0 } from './testLots.ts';
import { validateBid } from './validateBid.ts';

const lot = buildDutchLot();

describe('the dutch clock', () => {
  it('falls one step per period down to the floor (docs example)', () => {
    expect(dutchPriceAt(lot, T0 - MIN)).toBe(2_000_000);
    expect(dutchPriceAt(lot, T0)).toBe(2_000_000);
    expect(dutchPriceAt(lot, T0 + 10 * MIN - 1)).toBe(2_000_000);
    expect(dutchPriceAt(lot, T0 + 10 * MIN)).toBe(1_900_000);
    expect(dutchPriceAt(lot, T0 + 40 * MIN)).toBe(1_600_000);
    expect(dutchPriceAt(lot, T0 + 50 * MIN)).toBe(1_550_000);
    expect(dutchPriceAt(lot, T0 + 500 * MIN)).toBe(1_550_000);
    expect(dutchStepAt(lot, T0)).toBe(1);
    expect(dutchStepAt(lot, T0 + 50 * MIN)).toBe(6);
    expect(dutchStepAt(lot, T0 + 500 * MIN)).toBe(6);
  });
  it('says when it next moves and when it naturally ends', () => {
    expect(dutchNextTickAt(lot, T0 - MIN)).toBe(T0 + 10 * MIN);
    expect(dutchNextTickAt(lot, T0 + 15 * MIN)).toBe(T0 + 20 * MIN);
    expect(dutchNextTickAt(lot, T0 + 50 * MIN)).toBeNull();
    expect(dutchClockEndAt(lot)).toBe(T0 + 60 * MIN);
  });
});

describe('dutch orders', () => {
  it('finishes at once on an order at the current price', () => {
    const now = T0 + 12 * MIN;
    const result = placeDutchOrder(lot, [], bidOf(1, 1_900_000, now), now);
    expect(result.lot.status).toBe('finished');
    expect(result.lot.leader?.companyId).toBe(1);
    expect(result.lot.current_price).toBe(1_900_000);
    expect(result.events.map((e) => e.type)).toEqual(['bid_placed', 'lot_finished']);
  });
  it('waits for the clock to reach a lower order; the higher order wins', () => {
    let state = placeDutchOrder(lot, [], bidOf(1, 1_600_000, T0 + MIN), T0 + MIN);
    state = placeDutchOrder(state.lot, state.orders, bidOf(2, 1_700_000, T0 + 2 * MIN), T0 + 2 * MIN);
    expect(state.lot.status).toBe('active');
    expect(state.lot.bids_count).toBe(2);
    expect(dutchOutcomeAt(state.lot, state.orders, T0 + 30 * MIN - 1).finished).toBe(false);
    const done = advanceDutch(state.lot, state.orders, T0 + 31 * MIN);
    expect(done.lot.status).toBe('finished');
    expect(done.lot.leader?.companyId).toBe(2);
    expect(done.events[0]).toMatchObject({ type: 'lot_finished', at: T0 + 30 * MIN });
  });
  it('gives a tie to the earlier order', () => {
    const orders = [bidOf(2, 1_700_000, T0 + 2 * MIN, 5), bidOf(1, 1_700_000, T0 + MIN, 9)];
    const outcome = dutchOutcomeAt(lot, orders, T0 + 40 * MIN);
    expect(outcome).toMatchObject({ finished: true, at: T0 + 30 * MIN, leader: { companyId: 1 } });
  });
  it('ends without a leader at the end of the last step', () => {
    expect(dutchOutcomeAt(lot, [], T0 + 60 * MIN - 1).finished).toBe(false);
    expect(dutchOutcomeAt(lot, [], T0 + 60 * MIN)).toEqual({
      finished: true,
      at: T0 + 60 * MIN,
      price: 1_550_000,
      leader: null,
    });
  });
  it('refuses orders the rules forbid, and caps them with max_bids', () => {
    const now = T0 + MIN;
    expect(() => placeDutchOrder(lot, [], bidOf(1, 2_100_000, now), now)).toThrow();
    expect(() => placeDutchOrder(lot, [], bidOf(1, 1_650_000, now), now)).toThrow();
    const own = [bidOf(1, 1_700_000, now)];
    expect(() => placeDutchOrder(lot, own, bidOf(1, 1_600_000, now), now)).toThrow();
    const raised = placeDutchOrder({ ...lot, bids_count: 1 }, own, bidOf(1, 1_800_000, now), now);
    expect(raised.orders).toHaveLength(1);
    const capped = { ...lot, max_bids: 1, bids_count: 1 };
    expect(() => placeDutchOrder(capped, own, bidOf(2, 1_600_000, now), now)).toThrow();
  });
});

/** Tick-by-tick oracle: the clock lowered one step at each boundary, orders checked at every event instant. */
function tickOracle(l: LotState, orders: DutchOrder[], nowMs: number) {
  const period = l.lot_renewal_minutes * MIN;
  const times = new Set<number>([l.end_ms, ...orders.map((o) => o.at)]);
  for (let t = l.start_ms; t <= l.end_ms; t += period) times.add(t);
  let price = l.max_price!;
  let boundary = l.start_ms + period;
  for (const t of [...times].sort((a, b) => a - b)) {
    if (t > nowMs) break;
    while (boundary <= t) {
      price = Math.max(l.min_price!, price - l.step_price);
      boundary += period;
    }
    const standing = orders.filter((o) => o.at <= t);
    if (standing.some((o) => o.amount >= price) || t >= l.end_ms) {
      return { finished: true, at: t, leader: [...standing].sort(compareBids)[0] ?? null };
    }
  }
  return { finished: false };
}

describe('dutch properties', () => {
  const participant = { isOwner: false, isAdmin: false, goodStanding: true, allowedKind: true };
  const arbLot = fc
    .record({
      min: fc.integer({ min: 1, max: 100 }),
      span: fc.integer({ min: 0, max: 30 }),
      step: fc.integer({ min: 1, max: 7 }),
      period: fc.integer({ min: 1, max: 10 }),
      maxBids: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      extra: fc.nat(2),
    })
    .map((r) => {
      const [max, min, step] = [(r.min + r.span) * 1000, r.min * 1000, r.step * 1000];
      const count = dutchStepCount(max, min, step);
      return buildDutchLot({
        max_price: max,
        min_price: min,
        start_price: min,
        step_price: step,
        step_count: count,
        current_price: max,
        lot_renewal_minutes: r.period,
        max_bids: r.maxBids,
        end_ms: T0 + (count + r.extra) * r.period * MIN,
      });
    });
  const attempts = fc.array(
    fc.record({ company: fc.integer({ min: 1, max: 4 }), at: fc.nat(400 * MIN), below: fc.nat(8) }),
    { maxLength: 12 },
  );

  it('end exactly when the tick-by-tick clock reaches the best order', () => {
    fc.assert(
      fc.property(arbLot, attempts, fc.nat(400 * MIN), (initial, raw, probe) => {
        let state = { lot: initial, orders: [] as DutchOrder[] };
        let id = 1;
        for (const a of [...raw].sort((x, y) => x.at - y.at)) {
          const now = T0 + a.at;
          state = advanceDutch(state.lot, state.orders, now);
          const clock = dutchPriceAt(state.lot, now);
          const amount = dutchBidForSteps(clock, state.lot.step_price, a.below + 1, state.lot.min_price!);
          const standing = state.orders.find((o) => o.companyId === a.company)?.amount ?? null;
          const check = validateBid(
            state.lot,
            { amount, companyId: a.company, userId: a.company },
            { ...participant, standingAmount: standing },
            now,
          );
          if (check.ok)
            state = placeDutchOrder(state.lot, state.orders, bidOf(a.company, amount, now, id++), now);
          if (initial.max_bids !== null) expect(state.orders.length).toBeLessThanOrEqual(initial.max_bids);
        }
        for (const t of [T0 + probe, initial.end_ms, ...state.orders.map((o) => o.at)]) {
          const ours = dutchOutcomeAt(state.lot, state.orders, t);
          const oracle = tickOracle(initial, state.orders, t);
          expect(ours.finished).toBe(oracle.finished);
          if (ours.finished && oracle.finished) {
            expect(ours.at).toBe(oracle.at);
            expect(ours.leader?.bidId ?? null).toBe(oracle.leader?.bidId ?? null);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('steps after the first bid (decisions/0240)', () => {
  const twoMore = buildDutchLot({ steps_after_first_bid: 2 });

  it('keeps trading for the rest of the step and two more after the first order, then the best order leads', () => {
    const first = placeDutchOrder(twoMore, [], bidOf(1, 1_900_000, T0 + 12 * MIN), T0 + 12 * MIN);
    expect(first.lot.status).toBe('active');
    // The clock goes on falling: 1 800 000 at 11:20; company 2 takes that step.
    const second = placeDutchOrder(
      first.lot,
      first.orders,
      bidOf(2, 1_800_000, T0 + 21 * MIN),
      T0 + 21 * MIN,
    );
    expect(second.lot.status).toBe('active');
    expect(second.lot.bids_count).toBe(2);
    expect(dutchOutcomeAt(second.lot, second.orders, T0 + 40 * MIN - 1).finished).toBe(false);
    const done = advanceDutch(second.lot, second.orders, T0 + 40 * MIN);
    expect(done.lot.status).toBe('finished');
    expect(done.lot.leader?.companyId).toBe(1);
    expect(done.lot.current_price).toBe(1_900_000);
    expect(done.events[0]).toMatchObject({ type: 'lot_finished', at: T0 + 40 * MIN });
  });

  it('never runs past the lot end; 0 or null finishes at once', () => {
    const late = buildDutchLot({ steps_after_first_bid: 5 });
    const outcome = dutchOutcomeAt(late, [bidOf(1, 1_600_000, T0 + 41 * MIN)], T0 + 60 * MIN);
    expect(outcome).toMatchObject({ finished: true, at: T0 + 60 * MIN });
    for (const none of [0, null]) {
      const state = buildDutchLot({ steps_after_first_bid: none });
      expect(placeDutchOrder(state, [], bidOf(1, 1_900_000, T0 + 12 * MIN), T0 + 12 * MIN).lot.status).toBe(
        'finished',
      );
    }
  });

  it('finishes N whole clock steps after the step in which the clock first reached an order (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.nat(59 * MIN),
        fc.integer({ min: 0, max: 4 }),
        (extra, placedAt, below) => {
          const state = buildDutchLot({ steps_after_first_bid: extra });
          const now = T0 + placedAt;
          const amount = dutchBidForSteps(dutchPriceAt(state, now), state.step_price, below + 1, 1_550_000);
          const order = bidOf(1, amount, now);
          const reach = Math.max(now, T0 + Math.ceil((2_000_000 - amount) / 100_000) * 10 * MIN);
          const reachStep = Math.floor((Math.min(reach, T0 + 50 * MIN) - T0) / (10 * MIN));
          const expected = Math.min(state.end_ms, T0 + (reachStep + 1 + extra) * 10 * MIN);
          const outcome = dutchOutcomeAt(state, [order], state.end_ms + MIN);
          expect(outcome).toMatchObject({ finished: true, at: expected, leader: { companyId: 1 } });
          expect(dutchOutcomeAt(state, [order], expected - 1).finished).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
