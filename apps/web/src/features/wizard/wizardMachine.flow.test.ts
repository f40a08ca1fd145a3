/**
 * The wizard's reducer across steps (issue 29 defect 7): a bank_to_bank procedure created by the upload shows its
 * fixed portfolio kind, choosing the type already chosen changes nothing, and saving one step keeps the unsaved
 * edits of the others.
 */
import { AUCTION_TYPES } from '@etp/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWizardDraft as draft } from '../../test/factories.ts';
import { EMPTY_FORM } from './wizardForm.ts';
import { wizardReducer } from './wizardMachine.ts';
import { blockingErrors } from './wizardRules.ts';
import type { WizardState } from './wizardState.ts';

type Editing = Extract<WizardState, { phase: 'editing' }>;
const options = { now: new Date('2026-11-25T12:00:00+03:00'), isAdmin: false };
const loaded = (d = draft(), step?: 1 | 2 | 3 | 4) =>
  wizardReducer({ phase: 'loading' }, { type: 'loaded', draft: d, step }) as Editing;

describe('bank_to_bank on a fresh procedure (spec 1 §4)', () => {
  it('the draft the upload created (portfolio kind not yet stored) shows active_loan; step 2 needs the other three', () => {
    const state = loaded(draft({ auction_type: 'bank_to_bank', source_kind: null }), 2);
    expect(state.form).toMatchObject({ source_kind: 'active_loan', percent_mode: 'amount_total_debt' });
    expect(Object.keys(blockingErrors(state, 2, options)).sort()).toEqual([
      'activity',
      'liability',
      'source_debtor_type',
    ]);
  });

  it('back to step 1, the same type again and on: the selects and the whole-portfolio choice stay', () => {
    const stored = draft({ auction_type: 'bank_to_bank', source_kind: null });
    let state: WizardState = loaded(stored, 2);
    const step2 = {
      activity: 'banking',
      source_debtor_type: 'individuals',
      liability: 'unsecured' as const,
      with_composite_lot: true,
    };
    state = wizardReducer(state, { type: 'edit', patch: step2 });
    state = wizardReducer(state, { type: 'goTo', step: 1 });
    state = wizardReducer(state, { type: 'chooseType', auctionType: 'bank_to_bank' });
    expect((state as Editing).form).toMatchObject({ ...step2, source_kind: 'active_loan' });
    // Step 1's save answers with the stored draft, whose step 2 was never saved.
    state = wizardReducer(state, { type: 'saved', draft: stored, step: 2, saved: 1 });
    expect((state as Editing).form).toMatchObject({ ...step2, source_kind: 'active_loan' });
    expect(blockingErrors(state as Editing, 2, options)).toEqual({});
  });

  it('a saved step takes the server’s values of its own fields', () => {
    let state: WizardState = loaded(draft({ activity: null }), 2);
    state = wizardReducer(state, { type: 'edit', patch: { activity: 'banking', step_price: 5_000_00 } });
    state = wizardReducer(state, {
      type: 'saved',
      draft: draft({ activity: 'collection' }),
      step: 3,
      saved: 2,
    });
    // Step 2 was sent: the server's activity; step 3's unsaved step price stays.
    expect((state as Editing).form).toMatchObject({ activity: 'collection', step_price: 5_000_00 });
  });

  it('choosing the type already chosen changes nothing, for every type and any form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AUCTION_TYPES),
        fc.record({
          activity: fc.option(fc.constantFrom('banking', 'collection')),
          liability: fc.option(fc.constantFrom('secured' as const, 'unsecured' as const)),
          with_composite_lot: fc.boolean(),
          end_datetime: fc.option(fc.constant('2026-12-01T10:00:00.000Z')),
        }),
        (type, patch) => {
          let state: WizardState = wizardReducer(
            { phase: 'loading' },
            { type: 'start', auctionType: type === 'classic' ? 'dutch' : 'classic' },
          );
          state = wizardReducer(state, { type: 'chooseType', auctionType: type });
          state = wizardReducer(state, { type: 'edit', patch });
          const before = (state as Editing).form;
          state = wizardReducer(state, { type: 'chooseType', auctionType: type });
          expect((state as Editing).form).toEqual(before);
        },
      ),
    );
  });

  it('a new bank_to_bank starts with its portfolio kind set', () => {
    const state = wizardReducer(wizardReducer({ phase: 'loading' }, { type: 'start' }), {
      type: 'chooseType',
      auctionType: 'bank_to_bank',
    }) as Editing;
    expect(state.form.source_kind).toBe('active_loan');
    expect(EMPTY_FORM.source_kind).toBeNull();
  });
});
