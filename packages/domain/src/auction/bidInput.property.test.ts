/**
 * Properties of the bid input (issue 29): any amount typed or pasted, in any of the ways people write money,
 * becomes the confirmed amount exactly when the lot takes it as it is (on the grid, allowed); an amount above the
 * minimum but off the grid becomes the next grid price above it; anything else is the spec's message. And the
 * server's check (validateBid) agrees with every reading, so the field and the server cannot drift.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BidInputLot, kopecksOfTypedRubles, readBidInput } from './bidInput.ts';
import { dutchPriceAt, dutchStepAt } from './dutch.ts';
import type { LotState } from './lotState.ts';
import { BID_MESSAGES as M } from './messages.ts';
import { dutchStepCount, isOnDutchGrid, isOnGrid, nextPrice } from './pricing.ts';
import { bidOf, buildLot, MIN, T0 } from './testLots.ts';
import { type BidActor, validateBid } from './validateBid.ts';

const NBSP = '\u00a0';
const actor: BidActor = { isOwner: false, isAdmin: false, goodStanding: true, allowedKind: true };
const bidder = { companyId: 2, userId: 20 };

/** Kopecks written the ways a person types or pastes them. */
function writings(kopecks: number): fc.Arbitrary<string> {
  const whole = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const group = (sep: string) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const frac = (mark: string) => (cents === 0 ? '' : `${mark}${String(cents).padStart(2, '0')}`);
  return fc.constantFrom(
    `${whole}${frac(',')}`,
    `${group(' ')}${frac(',')}`,
    `${group(NBSP)}${frac(',')} ₽`,
    `${group('\u202f')}${frac(',')}₽`,
    `${whole}${frac('.')}`,
    `${group(',')}${cents === 0 ? '.00' : frac('.')}`,
    `${group('.')}${cents === 0 ? ',00' : frac(',')}`,
    ` ${group(' ')}${frac(',')} руб. `,
  );
}

function inputOf(lot: LotState, next: number, currentStep: number | null): BidInputLot {
  return { ...lot, next_price: next, current_step: currentStep };
}

const classicLot = fc
  .record({
    start: fc.integer({ min: 1, max: 50_000_000 }),
    step: fc.integer({ min: 1, max: 5_000_000 }),
    bidSteps: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  })
  .map(({ start, step, bidSteps }) =>
    buildLot({
      start_price: start,
      step_price: step,
      current_price: bidSteps === null ? null : start + bidSteps * step,
      leader: bidSteps === null ? null : bidOf(1, start + bidSteps * step),
      amount_bottomline: start * 20,
    }),
  );

const now = T0 + 30 * MIN;

describe('the bid input against the spec and the server (properties)', () => {
  it('reads every writing of an amount as that amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 15 }).chain((k) => fc.tuple(fc.constant(k), writings(k))),
        ([kopecks, text]) => {
          expect(kopecksOfTypedRubles(text)).toBe(kopecks);
        },
      ),
    );
  });

  it('classic: confirmed as typed exactly when on the grid and at least the next price', () => {
    fc.assert(
      fc.property(
        classicLot.chain((lot) => {
          const next = nextPrice(lot);
          const amount = fc.integer({ min: 1, max: next + 60 * lot.step_price });
          return fc.tuple(
            fc.constant(lot),
            amount.chain((a) => fc.tuple(fc.constant(a), writings(a))),
          );
        }),
        ([lot, [typed, text]]) => {
          const next = nextPrice(lot);
          const reading = readBidInput(inputOf(lot, next, null), { amount: text });
          const takenAsIs = typed >= next && isOnGrid(typed, next, lot.step_price);
          expect(reading.ok && reading.amount === typed).toBe(takenAsIs);
          if (typed < next) {
            expect(reading).toEqual({ ok: false, message: M.belowMinimum });
            if (typed < lot.start_price) {
              const server = validateBid(lot, { amount: typed, ...bidder }, actor, now);
              expect(server).toMatchObject({ ok: false, message: M.belowMinimum });
            }
            return;
          }
          if (!reading.ok) throw new Error(`refused ${text}: ${reading.message}`);
          expect(reading.snapped).toBe(!takenAsIs);
          expect(reading.amount).toBeGreaterThanOrEqual(typed);
          expect(reading.amount - typed).toBeLessThan(lot.step_price);
          // The server takes what the confirmation shows, for the same number of steps.
          const server = validateBid(lot, { amount: reading.amount, ...bidder }, actor, now);
          expect(server).toEqual({ ok: true, amount: reading.amount, price: next, steps: reading.steps });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('dutch: an order at or below the clock and not below the floor; on the clock grid as typed, else up to it', () => {
    const dutchLot = fc
      .record({
        min: fc.integer({ min: 1, max: 10_000_000 }),
        step: fc.integer({ min: 1, max: 1_000_000 }),
        steps: fc.integer({ min: 1, max: 30 }),
        shorter: fc.integer({ min: 0, max: 999 }),
        elapsed: fc.integer({ min: 0, max: 40 }),
      })
      .map(({ min, step, steps, shorter, elapsed }) => {
        // The last step may be shorter: max - min is (steps - 1) whole steps less a part of one.
        const max = min + Math.max(0, (steps - 1) * step - Math.floor((shorter * step) / 1000));
        const lot = buildLot({
          auction_type: 'dutch',
          max_price: max,
          min_price: min,
          start_price: min,
          step_price: step,
          step_count: dutchStepCount(max, min, step),
          end_ms: T0 + 100 * 10 * MIN,
        });
        const at = T0 + elapsed * 10 * MIN + 1;
        return { lot: { ...lot, current_price: dutchPriceAt(lot, at) }, at };
      });
    fc.assert(
      fc.property(
        dutchLot.chain(({ lot, at }) => {
          const amount = fc.integer({ min: 1, max: (lot.max_price as number) + 3 * lot.step_price });
          return fc.tuple(
            fc.constant({ lot, at }),
            amount.chain((a) => fc.tuple(fc.constant(a), writings(a))),
          );
        }),
        ([{ lot, at }, [typed, text]]) => {
          const clock = dutchPriceAt(lot, at);
          const min = lot.min_price as number;
          const max = lot.max_price as number;
          const reading = readBidInput(inputOf(lot, clock, dutchStepAt(lot, at)), { amount: text });
          const allowed = typed >= min && typed <= clock;
          expect(reading.ok && reading.amount === typed).toBe(
            allowed && isOnDutchGrid(typed, max, min, lot.step_price),
          );
          if (!allowed) {
            expect(reading).toEqual({
              ok: false,
              message: typed < min ? M.belowMinimum : M.aboveCurrentPrice,
            });
            return;
          }
          if (!reading.ok) throw new Error(`refused ${text}: ${reading.message}`);
          expect(reading.amount).toBeGreaterThanOrEqual(typed);
          expect(reading.amount - typed).toBeLessThan(lot.step_price);
          const server = validateBid(lot, { amount: reading.amount, ...bidder }, actor, at);
          expect(server).toEqual({ ok: true, amount: reading.amount, price: clock, steps: reading.steps });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sealed: an offer is confirmed as typed exactly when the server takes it, else the server message', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('private_requests' as const, 'bank_to_bank' as const),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc
          .integer({ min: -2_000, max: 30_000_000 })
          .chain((a) =>
            fc.tuple(fc.constant(a), a > 0 ? writings(a) : fc.constant(String(a / 100).replace('.', ','))),
          ),
        (type, start, osz, [typed, text]) => {
          const lot = buildLot({ auction_type: type, start_price: start, amount_bottomline: osz });
          const reading = readBidInput(inputOf(lot, start, null), { amount: text });
          const server = validateBid(lot, { amount: typed, ...bidder }, actor, now);
          if (server.ok) expect(reading).toEqual({ ok: true, amount: typed, steps: 1, snapped: false });
          else expect(reading).toEqual({ ok: false, message: server.message });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a percent reads as the amount it is of ОСЗ/ОД', () => {
    fc.assert(
      fc.property(
        classicLot,
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 10 ** 10 }),
        (lot, hundredths, basis) => {
          const text = `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')} %`;
          const input = inputOf(lot, nextPrice(lot), null);
          const kopecks = Math.round((basis * hundredths) / 10_000);
          const asAmount = kopecks > 0 ? readBidInput(input, { amount: `${kopecks / 100}` }) : null;
          const reading = readBidInput(input, { percent: text, of: basis });
          if (asAmount) expect(reading).toEqual(asAmount);
          else expect(reading).toEqual({ ok: false, message: M.positive });
        },
      ),
      { numRuns: 300 },
    );
  });
});
