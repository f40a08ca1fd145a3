/**
 * Step 3 as the wizard shows it, for the step's tests: a draft with one lot loaded at step 3, the form kept in state
 * as the wizard keeps it, and every change seen by the test.
 */

import type { WizardDraftLot } from '@etp/contracts';
import { useState } from 'react';
import { buildWizardDraft } from '../../../test/factories.ts';
import type { WizardForm } from '../wizardForm.ts';
import { wizardReducer } from '../wizardMachine.ts';
import { blockingErrors } from '../wizardRules.ts';
import type { WizardState } from '../wizardState.ts';
import { SettingsStep } from './SettingsStep.tsx';

type Editing = Extract<WizardState, { phase: 'editing' }>;

/** The wizard's state once a draft of this format with this one lot has loaded at step 3. */
export function loadedAtStep3(
  lot: WizardDraftLot,
  auctionType: WizardForm['auction_type'] = 'classic',
): Editing {
  const draft = { ...buildWizardDraft({ auction_type: auctionType }, 3), lots: [lot] };
  return wizardReducer({ phase: 'loading' }, { type: 'loaded', draft, step: 3 }) as Editing;
}

export interface StepThreeProps {
  initial: Editing;
  lot: WizardDraftLot;
  now: Date;
  /** Called with the form on every render. */
  seen: (form: WizardForm) => void;
  /** Show the step's blocking errors as the wizard does once the seller tries to go on. */
  errorsShown?: boolean;
}

export function StepThree({ initial, lot, now, seen, errorsShown = false }: StepThreeProps) {
  const [form, setForm] = useState(initial.form);
  const errors = errorsShown ? blockingErrors({ ...initial, form }, 3, { now, isAdmin: false }) : {};
  seen(form);
  return (
    <SettingsStep
      briefcaseId={42}
      form={form}
      lots={[lot]}
      errors={errors}
      isAdmin={false}
      active={false}
      documentsLocked={false}
      now={now}
      onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
    />
  );
}
