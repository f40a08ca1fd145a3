/**
 * Random trading sessions on one classic lot: hand bids, autobids, "+N мин" and clock ticks, driven through the
 * same checks the server runs (validateBid, validateAutobid, canRenew) and the engine (applyClassicBid,
 * resolveAutobids, applyRenewal, lotStatusAt).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Autobid, applyClassicBid, resolveAutobids } from './classic.ts';
import { compareBids, type LotState, type RankedBid } from './lotState.ts';
import { classicBidForSteps, isOnGrid, nextPrice } from './pricing.ts';
import { applyRenewal, canRenew } from './renewal.ts';
import { lotStatusAt } from './stateMachine.ts';
import { buildLot, MIN, T0 } from './testLots.ts';
import { validateAutobid } from './validateAutobid.ts';
import { validateBid } from './validateBid.ts';

const participant = { isOwner: false, isAdmin: false, goodStanding: true, allowedKind: true };
const company = fc.integer({ min: 1, max: 4 });
const action = fc.oneof(
  fc.record({
    kind: fc.constant('bid' as const),
    company,
    steps: fc.integer({ min: 1, max: 4 }),
    confirm: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('autobid' as const),
    company,
    steps: fc.integer({ min: 0, max: 20 }),
    offset: fc.nat(999),
  }),
  fc.record({ kind: fc.constant('renew' as const), company }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 20 * MIN }) }),
);
const arbLot = fc
  .record({
    start: fc.integer({ min: 1, max: 100 }),
    step: fc.integer({ min: 1, max: 50 }),
    window: fc.integer({ min: 0, max: 10 }),
    renewal: fc.integer({ min: 1, max: 15 }),
    duration: fc.integer({ min: 10, max: 60 }),
  })
  .map((r) =>
    buildLot({
      start_price: r.start * 1000,
      step_price: r.step * 1000,
      renewal_after_last_bid_minutes: r.window,
      lot_renewal_minutes: r.renewal,
      end_ms: T0 + r.duration * MIN,
    }),
  );

describe('classic sessions', () => {
  it('keep prices rising on the grid, the best bid leading, and autobids within their limits', () => {
    fc.assert(
      fc.property(arbLot, fc.array(action, { maxLength: 40 }), (initial, actions) => {
        let lot = initial;
        let now = T0;
        let nextId = 1;
        const bids: RankedBid[] = [];
        const autobids = new Map<number, Autobid>();
        const enabledAutobids = () => [...autobids.values()].filter((a) => a.enabled);

        const place = (companyId: number, amount: number, source: 'hand' | 'auto') => {
          const before = lot;
          lot = applyClassicBid(
            lot,
            { bidId: nextId, companyId, userId: companyId, amount, source },
            now,
          ).lot;
          bids.push({ bidId: nextId++, companyId, userId: companyId, amount, at: now });
          expect(lot.current_price).toBeGreaterThan(before.current_price ?? -1);
          expect(lot.end_ms).toBeGreaterThanOrEqual(before.end_ms);
        };
        const runAutobids = () => {
          const { bids: planned, maxedOut } = resolveAutobids(lot, enabledAutobids(), now);
          for (const bid of planned) {
            const autobid = autobids.get(bid.companyId)!;
            expect(bid.companyId).not.toBe(lot.leader?.companyId);
            expect(bid.amount).toBeLessThanOrEqual(autobid.maxPrice);
            place(bid.companyId, bid.amount, 'auto');
          }
          for (const a of maxedOut) autobids.set(a.companyId, { ...a, enabled: false });
        };

        for (const act of actions) {
          lot = { ...lot, status: lotStatusAt(lot, now) };
          if (act.kind === 'tick') now += act.ms;
          else if (act.kind === 'bid') {
            const amount = classicBidForSteps(nextPrice(lot), lot.step_price, act.steps);
            const check = validateBid(
              lot,
              { amount, companyId: act.company, userId: act.company, confirmRaise: act.confirm },
              participant,
              now,
            );
            const open = lot.status === 'active' && now < lot.end_ms;
            const ownLead = lot.leader?.companyId === act.company && !act.confirm;
            expect(check.ok).toBe(open && !ownLead);
            if (check.ok) place(act.company, amount, 'hand');
          } else if (act.kind === 'autobid') {
            const max = nextPrice(lot) + act.steps * lot.step_price + act.offset;
            const current = autobids.get(act.company);
            const check = validateAutobid(
              lot,
              max,
              { ...participant, currentAutobidMax: current?.enabled ? current.maxPrice : null },
              now,
            );
            if (check.ok)
              autobids.set(act.company, {
                id: act.company,
                companyId: act.company,
                userId: act.company,
                maxPrice: max,
                createdAt: now,
                enabled: true,
              });
          } else {
            const hasBid = bids.some((b) => b.companyId === act.company);
            const check = canRenew(lot, { isOwner: false, isAdmin: false, hasBid }, now);
            if (check.ok) {
              expect(lot.renewals_count).toBe(0);
              expect(lot.end_ms - now).toBeLessThanOrEqual(5 * MIN);
              lot = applyRenewal(lot, now).lot;
            }
          }
          if (lot.status === 'active' && now < lot.end_ms) runAutobids();

          expect(lot.renewals_count).toBeLessThanOrEqual(1);
          if (lot.leader) {
            expect(isOnGrid(lot.current_price!, lot.start_price, lot.step_price)).toBe(true);
            expect(lot.current_price).toBeGreaterThanOrEqual(lot.start_price);
            const best = [...bids].sort(compareBids)[0]!;
            expect(lot.leader.bidId).toBe(best.bidId);
            expect(lot.bids_count).toBe(bids.length);
          }
        }
        // After the end nothing is taken.
        const late = { ...lot, status: lotStatusAt(lot, lot.end_ms) } satisfies LotState;
        expect(
          validateBid(late, { amount: nextPrice(late), companyId: 9, userId: 9 }, participant, lot.end_ms).ok,
        ).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
