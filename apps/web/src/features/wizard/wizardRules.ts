/**
 * What the wizard's state means on screen (spec 1 §2): the errors that block leaving a step (the domain's rules over
 * the form), each step's status in the frame and the summary menu, and the primary button.
 */
import {
  type DraftErrors,
  draftErrors,
  errorsOfStep,
  matchingProgress,
  type ProcedureDraftFacts,
  stepsWithErrors,
  type WizardStep,
} from '@etp/domain';
import { WIZARD_MESSAGES as T } from './messages.ts';
import { type Editing, uploadOf } from './wizardState.ts';

/** The domain rules' view of what is on screen. */
function factsOf(state: Editing): ProcedureDraftFacts {
  const { form, draft } = state;
  const b = draft?.briefcase;
  return {
    auction_type: form.auction_type,
    has_registry: Boolean(b?.has_registry && b.items_count > 0),
    personal_data_found: b?.personal_data_found ?? false,
    personal_data_agreement: b?.personal_data_agreement ?? false,
    personal_data_skipped: b?.personal_data_skipped ?? false,
    activity: form.activity,
    source_kind: form.source_kind,
    source_debtor_type: form.source_debtor_type,
    liability: form.liability,
    percentages: {
      paper_dossiers: form.paper_dossiers,
      digital_dossiers: form.digital_dossiers,
      cases_dossiers: form.cases_dossiers,
      contact_details_dossiers: form.contact_details_dossiers,
      last_year_payments: form.last_year_payments,
      deal_dossiers: form.deal_dossiers,
    },
    start_datetime: form.start_datetime ? new Date(form.start_datetime) : null,
    end_datetime: form.end_datetime ? new Date(form.end_datetime) : null,
    max_price: form.max_price,
    step_price: form.step_price,
    custom_steps: form.custom_steps,
    lots: (draft?.lots ?? [])
      .filter((l) => !l.composite)
      .map((l) => ({
        id: l.id,
        step_price: form.lots_step_price[String(l.id)] ?? null,
        price: form.lots_start_prices_cents[String(l.id)] ?? null,
        amount_bottomline: l.amount_bottomline,
      })),
    lot_renewal_minutes: form.lot_renewal_minutes,
    renewal_after_last_bid_in_minutes: form.renewal_after_last_bid_in_minutes,
    steps_after_first_bid: form.steps_after_first_bid,
    max_bids: form.max_bids,
    allowed_kinds_map: form.allowed_kinds_map,
    invited_company_ids: form.invited.map((c) => c.id),
    rejected_company_ids: form.rejected.map((c) => c.id),
    documents: form.documents.map((d) => ({ kind: d.kind })),
  };
}

export interface RuleOptions {
  now: Date;
  isAdmin: boolean;
}

/** The errors that block leaving `step` forward (its own, checked with the domain's rules). */
export function blockingErrors(state: Editing, step: WizardStep, options: RuleOptions): DraftErrors {
  const skipStart = options.isAdmin && state.draft?.briefcase.briefcase_state === 'active';
  return errorsOfStep(draftErrors(factsOf(state), { now: options.now, skipStart }, step), step);
}

export type StepStatus = 'filled' | 'inProgress' | 'required' | 'editing' | 'error';

export const STEP_STATUS_TEXT: Record<StepStatus, string> = {
  filled: 'Заполнено',
  inProgress: 'В процессе заполнения',
  required: 'Требуется заполнить',
  editing: 'Редактируется',
  error: 'Ошибка',
};

/** A step's status in the frame and the summary menu (spec 1 §2). */
export function stepStatus(state: Editing, step: WizardStep, options: RuleOptions): StepStatus {
  if (stepsWithErrors(state.errors).includes(step)) return 'error';
  if (state.at.step === step) return 'editing';
  const complete = Object.keys(blockingErrors(state, step, options)).length === 0;
  if (complete && (state.visited.includes(step) || state.draft !== null)) return 'filled';
  return state.visited.includes(step) ? 'inProgress' : 'required';
}

export interface PrimaryButton {
  text: string;
  disabled: boolean;
  action: 'next' | 'check' | 'apply' | 'saveChanges' | 'none';
}

/** The primary button's text and state (spec 1 §2). */
export function primaryButton(state: Editing, isAdmin: boolean): PrimaryButton {
  const status = state.draft?.briefcase.briefcase_state;
  if (status === 'ready' || status === 'active') {
    return isAdmin
      ? { text: T.saveChanges, disabled: state.saving, action: 'saveChanges' }
      : { text: T.alreadyApproved, disabled: true, action: 'none' };
  }
  const upload = uploadOf(state);
  if (state.at.step === 2 && upload.kind === 'mismatch') {
    // spec 1 §2: 'Проверить' only when no required column is left unmatched.
    const ready = upload.map !== null && matchingProgress(upload.map).checkable;
    return { text: T.check, disabled: state.saving || upload.checking !== null || !ready, action: 'check' };
  }
  if (state.at.step === 2 && uploadOf(state).kind === 'uploading')
    return { text: T.next, disabled: true, action: 'next' };
  if (state.at.step === 4) return { text: T.apply, disabled: state.saving, action: 'apply' };
  return { text: T.next, disabled: state.saving, action: 'next' };
}
