/**
 * The wizard as a reducer over a discriminated union (DESIGN §6b; its state and actions in `wizardState.ts`, the
 * form's mappings in `wizardForm.ts`, what the state means on screen in `wizardRules.ts`). Calls are made by
 * `useWizardActions`; the reducer decides where their answers lead.
 *
 *   loading ──loaded──▶ editing(step = resume_step)
 *   editing(1) ──next──▶ editing(2) ──upload…done──▶ editing(2, registry) ──saved──▶ editing(3) ──saved──▶ editing(4)
 *   editing(4) ──applied──▶ submitted
 */
import { type DraftErrors, fixedByAuctionType, type WizardStep } from '@etp/domain';
import {
  EMPTY_FORM,
  formKeysOf,
  formOf,
  lotPricesOf,
  lotStepPricesOf,
  portfolioOf,
  type WizardForm,
} from './wizardForm.ts';
import {
  type Editing,
  type StepState,
  type UploadState,
  uploadOf,
  type WizardAction,
  type WizardState,
} from './wizardState.ts';

const stepState = (step: WizardStep, upload: UploadState = { kind: 'idle' }): StepState =>
  step === 2 ? { step, upload } : { step };

const withVisited = (visited: readonly WizardStep[], step: WizardStep) =>
  visited.includes(step) ? visited : [...visited, step].sort();

function assertNever(value: never): never {
  throw new Error(`Unexpected wizard action ${JSON.stringify(value)}`);
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
          lots_step_price: lotStepPricesOf(action.lots),
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

function fileNameOf(state: Editing): string {
  const upload = uploadOf(state);
  return upload.kind === 'idle' ? '' : upload.fileName;
}
