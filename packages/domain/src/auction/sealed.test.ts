import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOT_STATUSES } from '../statuses.ts';
import { participantLotCondition } from './lotCondition.ts';
import {
  placeSealedOffer,
  type SealedOffer,
  secondRoundStartPrice,
  visibleOffers,
  withdrawSealedOffer,
} from './sealed.ts';
import { bidOf, buildLot, MIN, T0 } from './testLots.ts';

const lot = buildLot({ auction_type: 'private_requests', amount_bottomline: 5_000_000 });
const now = T0 + 10 * MIN;
const participant = (companyId: number) => ({ companyId, isOwner: false, isAdmin: false });

describe('sealed offers', () => {
  it('keeps one offer per company: a new one replaces, a withdrawal removes', () => {
    let state = placeSealedOffer(lot, [], bidOf(1, 1_200_000, now, 1), now);
    state = placeSealedOffer(state.lot, state.offers, bidOf(2, 1_300_000, now, 2), now);
    state = placeSealedOffer(state.lot, state.offers, bidOf(1, 1_400_000, now + 1, 3), now + 1);
    expect(state.offers.map((o) => [o.companyId, o.amount])).toEqual([
      [2, 1_300_000],
      [1, 1_400_000],
    ]);
    expect(state.lot.bids_count).toBe(2);
    const withdrawn = withdrawSealedOffer(state.lot, state.offers, 1, now + 2);
    expect(withdrawn.ok && withdrawn.offers.map((o) => o.companyId)).toEqual([2]);
    expect(withdrawn.ok && withdrawn.lot.bids_count).toBe(1);
    expect(withdrawSealedOffer(state.lot, state.offers, 3, now)).toMatchObject({
      ok: false,
      code: 'conflict',
    });
  });
  it('changes nothing after the end', () => {
    const end = lot.end_ms;
    expect(() => placeSealedOffer(lot, [], bidOf(1, 1_200_000, end), end)).toThrow();
    expect(withdrawSealedOffer(lot, [bidOf(1, 1_200_000)], 1, end)).toMatchObject({
      ok: false,
      message: 'Торги по лоту не проводятся',
    });
  });
  it('shows a participant only its own offer, and the seller amounts only after the end', () => {
    const offers = [bidOf(1, 1_200_000, now, 1), bidOf(2, 1_300_000, now, 2)];
    expect(visibleOffers(offers, participant(1), 'closed')).toEqual([offers[0]]);
    expect(visibleOffers(offers, participant(3), 'finished')).toEqual([]);
    expect(visibleOffers(offers, { companyId: null, isOwner: false, isAdmin: false }, 'closed')).toEqual([]);
    const owner = { companyId: 9, isOwner: true, isAdmin: false };
    expect(visibleOffers(offers, owner, 'active')).toEqual([]);
    expect(visibleOffers(offers, owner, 'finished')).toEqual([offers[1], offers[0]]);
    expect(visibleOffers(offers, { companyId: null, isOwner: false, isAdmin: true }, 'closed')).toHaveLength(
      2,
    );
  });
  it('turns the convert choice into the second round start price', () => {
    const offers = [bidOf(1, 1_200_000, now, 1)];
    expect(secondRoundStartPrice(lot, offers, 1)).toBe(1_200_000);
    expect(secondRoundStartPrice(lot, offers, null)).toBe(1_000_000);
    expect(secondRoundStartPrice(lot, offers, 7)).toBeNull();
  });
});

describe('sealed properties', () => {
  const offerArb = fc.record({
    company: fc.integer({ min: 1, max: 5 }),
    amount: fc.integer({ min: 1_000_000, max: 4_999_999 }),
  });
  const viewerArb = fc.record({
    companyId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    role: fc.constantFrom('participant', 'owner', 'admin'),
  });

  it('never show another participant’s offer, nor any amount to the seller before the end', () => {
    fc.assert(
      fc.property(
        fc.array(offerArb, { maxLength: 12 }),
        viewerArb,
        fc.constantFrom(...LOT_STATUSES),
        (raw, v, status) => {
          let offers: SealedOffer[] = [];
          let state = lot;
          raw.forEach((r, i) => {
            const result = placeSealedOffer(
              state,
              offers,
              bidOf(r.company, r.amount, now + i, i + 1),
              now + i,
            );
            state = result.lot;
            offers = result.offers;
          });
          expect(new Set(offers.map((o) => o.companyId)).size).toBe(offers.length);
          const viewer = { companyId: v.companyId, isOwner: v.role === 'owner', isAdmin: v.role === 'admin' };
          const seen = visibleOffers(offers, viewer, status);
          if (v.role === 'participant') {
            for (const o of seen) expect(o.companyId).toBe(v.companyId);
            expect(seen.length).toBeLessThanOrEqual(1);
            // The participant's line does not move whoever else leads.
            if (v.companyId !== null) {
              const mine = offers.some((o) => o.companyId === v.companyId);
              const view = { companyId: v.companyId, hasOwnBid: mine, autobidEnabled: false };
              const others = offers.filter((o) => o.companyId !== v.companyId);
              const a = participantLotCondition({ ...state, status, leader: others[0] ?? null }, view);
              const b = participantLotCondition({ ...state, status, leader: others.at(-1) ?? null }, view);
              expect(a).toEqual(b);
            }
          } else if (status !== 'finished' && status !== 'closed') {
            expect(seen).toEqual([]);
          } else {
            expect(seen).toHaveLength(offers.length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
