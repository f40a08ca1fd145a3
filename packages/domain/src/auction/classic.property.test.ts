/**
 * Properties of autobid resolution against two naive oracles that walk the price one grid step at a time:
 * - the ladder: the price climbs while two or more companies' autobids can pay it; this IS the rule, so the
 *   closed form must match it exactly (leader and price);
 * - literal alternation: outbid autobids answer with the next price, one bid at a time. Its result depends on the
 *   parity of the distance to the maxima, which is why it is not the rule; it must pick the same leader whenever
 *   the two best ceilings differ, and end within one step of ours.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Autobid, applyClassicBid, resolveAutobids } from './classic.ts';
import type { LotState } from './lotState.ts';
import { floorToGrid, nextPrice } from './pricing.ts';
import { buildLot, MIN, T0 } from './testLots.ts';

const now = T0 + 30 * MIN;
type Outcome = { leader: number | null; price: number | null };

/** Companies by the priority of their best autobid: higher max, earlier, lower id. */
function companiesByPriority(autobids: Autobid[]): { companyId: number; max: number }[] {
  const best = new Map<number, Autobid>();
  for (const a of autobids.filter((x) => x.enabled)) {
    const b = best.get(a.companyId);
    const better =
      !b ||
      a.maxPrice > b.maxPrice ||
      (a.maxPrice === b.maxPrice &&
        (a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)));
    if (better) best.set(a.companyId, a);
  }
  return [...best.values()]
    .sort((a, b) => b.maxPrice - a.maxPrice || a.createdAt - b.createdAt || a.id - b.id)
    .map((a) => ({ companyId: a.companyId, max: a.maxPrice }));
}

function ladder(lot: LotState, autobids: Autobid[]): Outcome {
  const unchanged = { leader: lot.leader?.companyId ?? null, price: lot.leader ? lot.current_price : null };
  const holder = unchanged.leader;
  const next = nextPrice(lot);
  const companies = companiesByPriority(autobids);
  if (!companies.some((c) => c.companyId !== holder && c.max >= next)) return unchanged;
  const inAt = (p: number) => companies.filter((c) => c.max >= p);
  let p = next;
  while (inAt(p).length >= 2) p += lot.step_price;
  const left = inAt(p);
  if (left.length === 1) return { leader: left[0]!.companyId, price: p };
  const q = p - lot.step_price;
  const best = inAt(q)[0]!.companyId;
  return best === holder && q === next ? unchanged : { leader: best, price: q };
}

function alternation(lot: LotState, autobids: Autobid[]): Outcome {
  let leader = lot.leader?.companyId ?? null;
  let price = lot.leader ? lot.current_price : null;
  const companies = companiesByPriority(autobids);
  for (;;) {
    const next = price === null ? lot.start_price : price + lot.step_price;
    const challenger = companies.find((c) => c.companyId !== leader && c.max >= next);
    if (!challenger) return { leader, price };
    leader = challenger.companyId;
    price = next;
  }
}

const step = 1_000;
const arbLot = fc
  .record({
    start: fc.integer({ min: 1, max: 50 }).map((n) => n * step),
    leader: fc.option(fc.record({ company: fc.integer({ min: 1, max: 3 }), steps: fc.nat(10) }), {
      nil: null,
    }),
  })
  .map(({ start, leader }) =>
    buildLot({
      start_price: start,
      step_price: step,
      current_price: leader ? start + leader.steps * step : null,
      leader: leader
        ? { bidId: 1, companyId: leader.company, userId: 1, amount: start + leader.steps * step, at: T0 }
        : null,
    }),
  );
/** Autobids around the lot's next price (-2..8 steps), grid-aligned with small offsets: equal ceilings, ties
 * at the very next price and defenders come up often. */
const arbCase = arbLot.chain((lot) =>
  fc.tuple(
    fc.constant(lot),
    fc.array(
      fc.record({
        company: fc.integer({ min: 1, max: 3 }),
        max: fc
          .tuple(
            fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constant(0)),
            fc.constantFrom(0, 0, 1, step - 1),
          )
          .map(([steps, offset]) => nextPrice(lot) + steps * step + offset),
        createdAt: fc.integer({ min: 0, max: 2 }),
        enabled: fc.constantFrom(true, true, true, false),
      }),
      { maxLength: 6 },
    ),
  ),
);
const toAutobids = (
  raw: { company: number; max: number; createdAt: number; enabled: boolean }[],
): Autobid[] =>
  raw.map((r, i) => ({
    id: i + 1,
    companyId: r.company,
    userId: r.company * 10,
    maxPrice: r.max,
    createdAt: T0 - 100 + r.createdAt,
    enabled: r.enabled,
  }));

/** Applies the planned bids in order, checking each is a legal autobid bid. */
function settle(lot: LotState, autobids: Autobid[]): LotState {
  let state = lot;
  const { bids } = resolveAutobids(lot, autobids, now);
  expect(bids.length).toBeLessThanOrEqual(2);
  for (const [i, bid] of bids.entries()) {
    const autobid = autobids.find((a) => a.id === bid.autobidId)!;
    expect(bid.companyId).toBe(autobid.companyId);
    expect(bid.companyId).not.toBe(state.leader?.companyId);
    expect(bid.amount).toBeLessThanOrEqual(autobid.maxPrice);
    expect(autobid.enabled).toBe(true);
    state = applyClassicBid(state, { ...bid, bidId: 1000 + i, source: 'auto' }, now).lot;
  }
  return state;
}

const outcomeOf = (lot: LotState): Outcome => ({
  leader: lot.leader?.companyId ?? null,
  price: lot.leader ? lot.current_price : null,
});

describe('resolveAutobids properties', () => {
  it('equals the naive ladder simulation, bids legally, and is stable', () => {
    fc.assert(
      fc.property(arbCase, ([lot, raw]) => {
        const autobids = toAutobids(raw);
        const after = settle(lot, autobids);
        expect(outcomeOf(after)).toEqual(ladder(lot, autobids));
        expect(resolveAutobids(after, autobids, now).bids).toEqual([]);
        const { maxedOut } = resolveAutobids(lot, autobids, now);
        for (const a of autobids.filter((x) => x.enabled)) {
          const expected = a.companyId !== after.leader?.companyId && a.maxPrice < nextPrice(after);
          expect(maxedOut.includes(a)).toBe(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with literal alternation up to its parity step', () => {
    fc.assert(
      fc.property(arbCase, ([lot, raw]) => {
        const autobids = toAutobids(raw);
        const ours = outcomeOf(settle(lot, autobids));
        const alt = alternation(lot, autobids);
        expect(Math.abs((ours.price ?? 0) - (alt.price ?? 0))).toBeLessThanOrEqual(lot.step_price);
        const next = nextPrice(lot);
        const contenders = companiesByPriority(autobids).filter((c) => c.max >= next);
        const [first, second] = contenders.map((c) => floorToGrid(c.max, next, step));
        if (second === undefined || first !== second) expect(ours.leader).toBe(alt.leader);
      }),
      { numRuns: 400 },
    );
  });
});
