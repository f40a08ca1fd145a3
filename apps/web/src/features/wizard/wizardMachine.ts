/**
 * The wizard as a reducer over a discriminated union (DESIGN §6b): the procedure draft saved on the server, the
 * form being edited, and the step the user is on. Only step 2 can hold an upload, so a progress bar on step 3
 * cannot be written down. Calls are made by the components; the reducer decides where their answers lead.
 *
 *   loading ──loaded──▶ editing(step = resume_step)
 *   editing(1) ──next──▶ editing(2) ──upload…done──▶ editing(2, registry) ──saved──▶ editing(3) ──saved──▶ editing(4)
 *   editing(4) ──applied──▶ submitted
 */
import type {
  PersonalDataFinding,
  WizardDocument,
  WizardDraft,
  WizardDraftBriefcase,
  WizardDraftLot,
} from '@etp/contracts';
import {
  type AuctionType,
  type DraftErrors,
  draftErrors,
  errorsOfStep,
  fixedByAuctionType,
  matchingProgress,
  type ProcedureDraftFacts,
  sellerLotPrice,
  stepsWithErrors,
  type WizardStep,
} from '@etp/domain';
import { WIZARD_MESSAGES as T } from './messages.ts';

/** What the user edits: the save body's fields, kept as the API sends them (kopecks, ISO times). */
export type WizardForm = Omit<
  WizardDraftBriefcase,
  | 'id'
  | 'briefcase_state'
  | 'creator_type'
  | 'company_id'
  | 'creator_company_name'
  | 'excel_custom'
  | 'converted_from'
  | 'has_registry'
  | 'registry_file_name'
  | 'registry_report_id'
  | 'personal_data_found'
  | 'personal_data_agreement'
  | 'personal_data_skipped'
  | 'personal_data'
  | 'loting_params'
  | 'items_count'
  | 'amount_total'
  | 'amount_bottomline'
  | 'start_price'
  | 'currency'
  | 'rejection_note'
> & {
  lots_step_price: Record<string, number | null>;
  /** The seller's price of each lot (start price; dutch: the clock's minimum), by lot id (decisions/0239). */
  lots_start_prices_cents: Record<string, number | null>;
  invited: { id: number; full_name: string; inn: string | null }[];
  rejected: { id: number; full_name: string; inn: string | null }[];
  /** Step 3's uploaded documents, each with its kind (null until chosen). */
  documents: WizardDocument[];
};

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; percent: number }
  | { kind: 'failed'; fileName: string; message: string; errors: string[]; reportId: string | null }
  | { kind: 'personalData'; fileName: string; findings: PersonalDataFinding[] }
  | {
      /** A custom template waiting for its column matching (spec 1 §2): the map is null until its preview loads. */
      kind: 'mismatch';
      fileName: string;
      map: (string | null)[] | null;
      /** 'Проверить' is running: the server's processing percent. */
      checking: number | null;
      /** The last check's refusal (rows with errors, an unmatched required column...). */
      failure: MatchingFailure | null;
      /** Opened again over a stored registry ('Изменить сопоставление'): it stays stored until checked again. */
      reopened?: boolean;
    }
  | { kind: 'done'; fileName: string };

export interface MatchingFailure {
  message: string;
  errors: string[];
  reportId: string | null;
}

type StepState = { step: 1 } | { step: 2; upload: UploadState } | { step: 3 } | { step: 4 };

export type WizardState =
  | { phase: 'loading' }
  | {
      phase: 'editing';
      at: StepState;
      /** The server's draft; null until the registry upload creates the procedure. */
      draft: WizardDraft | null;
      form: WizardForm;
      errors: DraftErrors;
      /** Steps the user has been on (a visited incomplete step is "in progress"). */
      visited: readonly WizardStep[];
      saving: boolean;
      /** A failed call's message (the unhandled-error state). */
      failure: string | null;
    }
  | { phase: 'submitted'; id: number; message: string };

export type WizardAction =
  | { type: 'start'; auctionType?: AuctionType }
  | { type: 'loaded'; draft: WizardDraft; step?: WizardStep }
  | { type: 'chooseType'; auctionType: AuctionType }
  | { type: 'edit'; patch: Partial<WizardForm> }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'invalid'; errors: DraftErrors }
  | { type: 'saving' }
  /**
   * A save answered: `saved` is the step whose fields were sent (their values now come from the server); edits
   * of other steps not yet saved stay on screen. Absent: nothing of the form was sent.
   */
  | { type: 'saved'; draft: WizardDraft; step: WizardStep; saved?: WizardStep }
  | { type: 'failed'; message: string }
  | { type: 'uploadStarted'; fileName: string }
  | { type: 'uploadProgress'; percent: number }
  | { type: 'uploadFailed'; message: string; errors: string[]; reportId: string | null }
  | { type: 'uploadPersonalData'; draft: WizardDraft | null; findings: PersonalDataFinding[] }
  | { type: 'uploadDone'; draft: WizardDraft; mismatch: boolean }
  | { type: 'registryRemoved' }
  | { type: 'matchingLoaded'; map: (string | null)[] }
  /** A stored custom registry's matching opened again to change a match (spec 1 §2), or closed unchanged. */
  | { type: 'matchingReopened' }
  | { type: 'matchingClosed' }
  | { type: 'matchColumn'; index: number; value: string | null }
  | { type: 'checkStarted' }
  | { type: 'checkProgress'; percent: number }
  | { type: 'checkFailed'; failure: MatchingFailure }
  | { type: 'lotsChanged'; lots: WizardDraftLot[] }
  | { type: 'applied'; id: number; message: string };

export const EMPTY_FORM: WizardForm = {
  auction_type: 'classic',
  kind: 'agent',
  percent_mode: 'amount_total_debt',
  end_mode: 'ransom',
  start_datetime: null,
  end_datetime: null,
  max_price: null,
  step_price: null,
  step_price_in_percents: null,
  custom_steps: false,
  renewal_after_last_bid: false,
  renewal_after_last_bid_in_minutes: 0,
  lot_renewal_minutes: 10,
  steps_after_first_bid: null,
  max_bids: null,
  round_request_ttl: 86_400_000,
  // The deal's deadlines (decisions/0261): the platform's defaults until step 3 offers them.
  sign_working_days: null,
  pay_working_days: null,
  second_offer_working_days: null,
  ai_grid: false,
  with_composite_lot: false,
  activity: null,
  source_kind: null,
  source_debtor_type: null,
  liability: null,
  source_description: null,
  fast_documents_transfer: false,
  litigation_information: false,
  fast_signing: false,
  debts_information: false,
  regions_lotable: false,
  paper_dossiers: null,
  digital_dossiers: null,
  cases_dossiers: null,
  contact_details_dossiers: null,
  last_year_payments: null,
  deal_dossiers: null,
  allowed_kinds_map: { legal: true, bank: true, physical: true, self: true, mfo: true },
  fssp_only: false,
  okved_82_91_only: false,
  fssp_bank_only: false,
  fssp_mfo_only: false,
  lots_step_price: {},
  lots_start_prices_cents: {},
  invited: [],
  rejected: [],
  documents: [],
};

function formOf(draft: WizardDraft): WizardForm {
  const b = draft.briefcase;
  const form = { ...EMPTY_FORM };
  for (const key of Object.keys(EMPTY_FORM) as (keyof WizardForm)[]) {
    if (key in b) (form as Record<string, unknown>)[key] = (b as unknown as Record<string, unknown>)[key];
  }
  return {
    ...form,
    // spec 1 §4: a bank_to_bank draft made by the upload has its fixed portfolio kind before its step 2 is saved.
    ...fixedByAuctionType(form.auction_type),
    // A draft made by the registry upload has no payment type yet: the select shows the default, as on a new one
    // (the server clears it where the type and end mode have none, spec 1 §4).
    kind: form.kind ?? EMPTY_FORM.kind,
    lots_step_price: Object.fromEntries(
      draft.lots.filter((l) => !l.composite).map((l) => [String(l.id), l.step_price]),
    ),
    lots_start_prices_cents: lotPricesOf(draft.lots),
    invited: draft.invited_companies,
    rejected: draft.rejected_companies,
    documents: draft.documents,
  };
}

/** The seller's price of each regular lot as the draft holds it. */
function lotPricesOf(lots: readonly WizardDraftLot[]): Record<string, number | null> {
  return Object.fromEntries(
    lots
      .filter((l) => !l.composite)
      .map((l) => [
        String(l.id),
        sellerLotPrice({ startPrice: l.start_price, minPrice: l.min_price, maxPrice: l.max_price }),
      ]),
  );
}

const stepState = (step: WizardStep, upload: UploadState = { kind: 'idle' }): StepState =>
  step === 2 ? { step, upload } : { step };

const withVisited = (visited: readonly WizardStep[], step: WizardStep) =>
  visited.includes(step) ? visited : [...visited, step].sort();

function assertNever(value: never): never {
  throw new Error(`Unexpected wizard action ${JSON.stringify(value)}`);
}

function uploadOf(state: Extract<WizardState, { phase: 'editing' }>): UploadState {
  return state.at.step === 2 ? state.at.upload : { kind: 'idle' };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start':
      return {
        phase: 'editing',
        at: { step: 1 },
        draft: null,
        form: { ...EMPTY_FORM, auction_type: action.auctionType ?? EMPTY_FORM.auction_type },
        errors: {},
        visited: [1],
        saving: false,
        failure: null,
      };
    case 'loaded': {
      const step = action.step ?? action.draft.resume_step;
      const b = action.draft.briefcase;
      const fileName = b.registry_file_name ?? '';
      const upload: UploadState =
        b.personal_data_found && !b.personal_data_agreement && !b.personal_data_skipped
          ? { kind: 'personalData', fileName, findings: b.personal_data }
          : b.has_registry
            ? { kind: 'done', fileName }
            : b.excel_custom && fileName
              ? { kind: 'mismatch', fileName, map: null, checking: null, failure: null }
              : { kind: 'idle' };
      return {
        phase: 'editing',
        at: stepState(step, upload),
        draft: action.draft,
        form: formOf(action.draft),
        errors: {},
        visited: [1, 2, 3, 4].filter((s) => s <= step) as WizardStep[],
        saving: false,
        failure: null,
      };
    }
    case 'applied':
      return { phase: 'submitted', id: action.id, message: action.message };
    default:
      break;
  }
  if (state.phase !== 'editing') return state;
  switch (action.type) {
    case 'chooseType': {
      const errors = withoutKeys(state.errors, ['auction_type']);
      // Choosing the type already chosen changes nothing (its rules were applied when it was chosen).
      if (action.auctionType === state.form.auction_type) {
        const fixed = fixedByAuctionType(action.auctionType);
        return {
          ...state,
          form: { ...state.form, ...fixed },
          errors: withoutKeys(errors, Object.keys(fixed)),
        };
      }
      // spec 1 §4: classic clears the end date; bank_to_bank fixes the source kind and the percent basis.
      const patch: Partial<WizardForm> = {
        auction_type: action.auctionType,
        ...fixedByAuctionType(action.auctionType),
      };
      if (action.auctionType === 'classic') patch.end_datetime = null;
      return {
        ...state,
        form: { ...state.form, ...patch },
        errors: withoutKeys(errors, Object.keys(patch)),
      };
    }
    case 'edit':
      return {
        ...state,
        form: { ...state.form, ...action.patch },
        errors: withoutKeys(state.errors, Object.keys(action.patch)),
      };
    case 'goTo':
      return {
        ...state,
        at: stepState(action.step, uploadOf(state)),
        visited: withVisited(state.visited, action.step),
        failure: null,
      };
    case 'invalid':
      return { ...state, errors: action.errors, saving: false };
    case 'saving':
      return { ...state, saving: true, failure: null };
    case 'saved':
      return {
        ...state,
        draft: action.draft,
        form: keepUnsaved(state, formOf(action.draft), action.saved),
        errors: {},
        saving: false,
        at: stepState(action.step, uploadOf(state)),
        visited: withVisited(state.visited, action.step),
      };
    case 'failed':
      return { ...state, saving: false, failure: action.message };
    case 'uploadStarted':
      return {
        ...state,
        at: { step: 2, upload: { kind: 'uploading', fileName: action.fileName, percent: 0 } },
      };
    case 'uploadProgress': {
      const upload = uploadOf(state);
      if (upload.kind !== 'uploading') return state;
      // Progress only moves forward: the transfer and the server's processing are reported separately. Tenths
      // are kept: processing a large file fills 80–99 % over minutes, and the bar must visibly move every poll.
      const percent = Math.min(99, Math.max(upload.percent, Math.round(action.percent * 10) / 10));
      return { ...state, at: { step: 2, upload: { ...upload, percent } } };
    }
    case 'uploadFailed':
      return {
        ...state,
        at: {
          step: 2,
          upload: {
            kind: 'failed',
            fileName: fileNameOf(state),
            message: action.message,
            errors: action.errors,
            reportId: action.reportId,
          },
        },
      };
    case 'uploadPersonalData':
      return {
        ...state,
        draft: action.draft ?? state.draft,
        at: {
          step: 2,
          upload: { kind: 'personalData', fileName: fileNameOf(state), findings: action.findings },
        },
      };
    case 'uploadDone':
      return {
        ...state,
        draft: action.draft,
        form: {
          ...formOf(action.draft),
          ...portfolioOf(state.form),
          auction_type: action.draft.briefcase.auction_type,
        },
        errors: withoutKeys(state.errors, ['source', 'personal_data']),
        at: {
          step: 2,
          upload: action.mismatch
            ? {
                kind: 'mismatch',
                fileName: action.draft.briefcase.registry_file_name ?? fileNameOf(state),
                map: null,
                checking: null,
                failure: null,
              }
            : { kind: 'done', fileName: action.draft.briefcase.registry_file_name ?? fileNameOf(state) },
        },
      };
    case 'registryRemoved':
      return { ...state, draft: null, at: { step: 2, upload: { kind: 'idle' } } };
    case 'matchingReopened': {
      const upload = uploadOf(state);
      const b = state.draft?.briefcase;
      if (upload.kind !== 'done' || !b?.excel_custom || !b.has_registry || b.auction_type === 'dutch')
        return state;
      return {
        ...state,
        at: {
          step: 2,
          upload: {
            kind: 'mismatch',
            fileName: upload.fileName,
            map: null,
            checking: null,
            failure: null,
            reopened: true,
          },
        },
      };
    }
    case 'matchingClosed': {
      const upload = uploadOf(state);
      // Only a reopened matching closes: the stored registry (with its last matching) is still there.
      if (upload.kind !== 'mismatch' || !upload.reopened || upload.checking !== null) return state;
      return { ...state, at: { step: 2, upload: { kind: 'done', fileName: upload.fileName } } };
    }
    case 'matchingLoaded':
    case 'matchColumn':
    case 'checkStarted':
    case 'checkProgress':
    case 'checkFailed': {
      const upload = uploadOf(state);
      if (upload.kind !== 'mismatch') return state;
      return { ...state, at: { step: 2, upload: matchingReducer(upload, action) } };
    }
    case 'lotsChanged':
      if (!state.draft) return state;
      return {
        ...state,
        draft: { ...state.draft, lots: action.lots },
        form: {
          ...state.form,
          lots_step_price: Object.fromEntries(
            action.lots.filter((l) => !l.composite).map((l) => [String(l.id), l.step_price]),
          ),
          lots_start_prices_cents: lotPricesOf(action.lots),
        },
      };
    default:
      return assertNever(action);
  }
}

type Mismatch = Extract<UploadState, { kind: 'mismatch' }>;

function matchingReducer(
  upload: Mismatch,
  action: Extract<
    WizardAction,
    { type: 'matchingLoaded' | 'matchColumn' | 'checkStarted' | 'checkProgress' | 'checkFailed' }
  >,
): Mismatch {
  switch (action.type) {
    case 'matchingLoaded':
      return upload.map === null ? { ...upload, map: action.map } : upload;
    case 'matchColumn': {
      if (!upload.map || upload.checking !== null) return upload;
      // An attribute belongs to one column: choosing it here takes it from the column that had it.
      const map = upload.map.map((value, i) =>
        i === action.index ? action.value : action.value !== null && value === action.value ? null : value,
      );
      return { ...upload, map };
    }
    case 'checkStarted':
      return { ...upload, checking: 0, failure: null };
    case 'checkProgress':
      return upload.checking === null
        ? upload
        : { ...upload, checking: Math.min(99, Math.max(upload.checking, Math.round(action.percent))) };
    case 'checkFailed':
      return { ...upload, checking: null, failure: action.failure };
  }
}

function withoutKeys(errors: DraftErrors, keys: readonly string[]): DraftErrors {
  const source = new Set(keys);
  if (source.has('start_datetime')) source.add('end_datetime');
  if (source.has('allowed_kinds_map')) source.add('allowed_kinds');
  if (source.has('invited')) source.add('invited_companies');
  if (source.has('rejected')) source.add('rejected_companies');
  if (source.has('documents'))
    for (const key of Object.keys(errors)) if (key.startsWith('documents.')) source.add(key);
  if (source.has('lots_step_price') || source.has('custom_steps') || source.has('lots_start_prices_cents'))
    for (const key of Object.keys(errors)) if (key.startsWith('lots.')) source.add(key);
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !source.has(key)));
}

/** The form's fields each step's save sends (the form's names of `saveBodyOf`'s fields). */
function formKeysOf(step: WizardStep): (keyof WizardForm)[] {
  const renamed: Record<string, keyof WizardForm> = {
    invited_company_ids: 'invited',
    rejected_company_ids: 'rejected',
    documents_attributes: 'documents',
  };
  const body = saveBodyOf({ ...EMPTY_FORM, custom_steps: true }, step, true);
  return Object.keys(body).map((key) => renamed[key] ?? (key as keyof WizardForm));
}

/**
 * The form after a save: the server's values, except the fields of other steps the user changed and has not
 * saved yet (going back to step 1 and on again must not undo step 2's selects). The type's fixed fields follow.
 */
function keepUnsaved(state: Editing, stored: WizardForm, saved: WizardStep | undefined): WizardForm {
  if (!state.draft) return stored;
  const before = formOf(state.draft);
  const sent = new Set<keyof WizardForm>(saved ? formKeysOf(saved) : []);
  const kept: Partial<Record<keyof WizardForm, unknown>> = {};
  for (const key of Object.keys(stored) as (keyof WizardForm)[]) {
    if (sent.has(key)) continue;
    if (JSON.stringify(state.form[key]) !== JSON.stringify(before[key])) kept[key] = state.form[key];
  }
  const form = { ...stored, ...kept } as WizardForm;
  return { ...form, ...fixedByAuctionType(form.auction_type) };
}

/** The portfolio description typed before a (re)upload survives it. */
function portfolioOf(form: WizardForm): Partial<WizardForm> {
  const { activity, source_kind, source_debtor_type, liability, source_description } = form;
  return Object.fromEntries(
    Object.entries({ activity, source_kind, source_debtor_type, liability, source_description }).filter(
      ([, v]) => v !== null,
    ),
  );
}

function fileNameOf(state: Extract<WizardState, { phase: 'editing' }>): string {
  const upload = uploadOf(state);
  return upload.kind === 'idle' ? '' : upload.fileName;
}

type Editing = Extract<WizardState, { phase: 'editing' }>;

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

/** The fields a step saves (PUT /api/v1/briefcases/{id}). */
export function saveBodyOf(form: WizardForm, step: WizardStep, isAdmin: boolean): Record<string, unknown> {
  switch (step) {
    case 1:
      return { auction_type: form.auction_type };
    case 2:
      return {
        activity: form.activity,
        source_kind: form.source_kind,
        source_debtor_type: form.source_debtor_type,
        liability: form.liability,
        source_description: form.source_description,
        with_composite_lot: form.with_composite_lot,
        fast_documents_transfer: form.fast_documents_transfer,
        litigation_information: form.litigation_information,
        fast_signing: form.fast_signing,
        debts_information: form.debts_information,
        regions_lotable: form.regions_lotable,
        paper_dossiers: form.paper_dossiers,
        digital_dossiers: form.digital_dossiers,
        cases_dossiers: form.cases_dossiers,
        contact_details_dossiers: form.contact_details_dossiers,
        last_year_payments: form.last_year_payments,
        deal_dossiers: form.deal_dossiers,
      };
    case 3: {
      const body: Record<string, unknown> = {
        kind: form.kind,
        percent_mode: form.percent_mode,
        end_mode: form.end_mode,
        start_datetime: form.start_datetime,
        end_datetime: form.end_datetime,
        max_price: form.max_price,
        step_price: form.step_price,
        custom_steps: form.custom_steps,
        renewal_after_last_bid: form.renewal_after_last_bid,
        renewal_after_last_bid_in_minutes: form.renewal_after_last_bid_in_minutes,
        lot_renewal_minutes: form.lot_renewal_minutes,
        steps_after_first_bid: form.steps_after_first_bid,
        max_bids: form.max_bids,
      };
      if (form.custom_steps) body.lots_step_price = form.lots_step_price;
      body.lots_start_prices_cents = Object.fromEntries(
        Object.entries(form.lots_start_prices_cents).filter(([, price]) => price !== null),
      );
      body.documents_attributes = form.documents.flatMap((d) => (d.kind ? [{ id: d.id, kind: d.kind }] : []));
      if (isAdmin) body.round_request_ttl = form.round_request_ttl;
      return body;
    }
    case 4: {
      const body: Record<string, unknown> = {
        allowed_kinds_map: form.allowed_kinds_map,
        fssp_only: form.fssp_only,
        okved_82_91_only: form.okved_82_91_only,
        fssp_bank_only: form.fssp_bank_only,
        fssp_mfo_only: form.fssp_mfo_only,
        invited_company_ids: form.invited.map((c) => c.id),
        rejected_company_ids: form.rejected.map((c) => c.id),
      };
      if (isAdmin) body.ai_grid = form.ai_grid;
      return body;
    }
  }
}
