/**
 * Step validity of the wizard (spec 1 §4 "Step flow", §5): the errors of a procedure draft by field, which step
 * each field belongs to, and where a saved draft resumes. The browser runs these before every step; the server
 * runs the same on save and before sending for approval.
 */
import type { AuctionType } from '../auctionTypes.ts';
import {
  MAX_BIDS_MIN,
  PERCENT_FIELD_MAX,
  RENEWAL_AFTER_LAST_BID_MAX_MINUTES,
  RENEWAL_AFTER_LAST_BID_MIN_MINUTES,
} from '../constants.ts';
import type { CompanyKind } from '../dictionaries.ts';
import type { Kopecks } from '../money.ts';
import { endError, startError } from './dates.ts';
import { dutchMaxPriceError, lotPriceError } from './lotPrices.ts';
import { WIZARD_RULE_MESSAGES as M } from './messages.ts';

const WIZARD_STEPS = [1, 2, 3, 4] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const PORTFOLIO_PERCENT_FIELDS = [
  'paper_dossiers',
  'digital_dossiers',
  'cases_dossiers',
  'contact_details_dossiers',
  'last_year_payments',
  'deal_dossiers',
] as const;
export type PortfolioPercentField = (typeof PORTFOLIO_PERCENT_FIELDS)[number];

/** The seller's yes/no advantages of a portfolio (spec 1 §2 step 2), in the wizard's order. */
export const PORTFOLIO_ADVANTAGE_FLAGS = [
  'fast_documents_transfer',
  'litigation_information',
  'fast_signing',
  'debts_information',
  'regions_lotable',
] as const;
export type PortfolioAdvantageFlag = (typeof PORTFOLIO_ADVANTAGE_FLAGS)[number];

/** Labels of the advantages and completeness percentages: the wizard's and the Портфель tab's. */
export const PORTFOLIO_ADVANTAGE_LABELS: Readonly<
  Record<PortfolioAdvantageFlag | PortfolioPercentField, string>
> = {
  fast_documents_transfer: 'Быстрая передача документов',
  litigation_information: 'Информация о судебной работе',
  fast_signing: 'Быстрое подписание',
  debts_information: 'Информация о задолженности',
  regions_lotable: 'Возможно лотирование по регионам',
  paper_dossiers: 'Бумажные досье',
  digital_dossiers: 'Электронные досье',
  cases_dossiers: 'Материалы судебных дел',
  contact_details_dossiers: 'Контактные данные',
  last_year_payments: 'Платежи за последний год',
  deal_dossiers: 'Кредитные досье',
};

const PORTFOLIO_CLASSIFIERS = ['activity', 'source_kind', 'source_debtor_type', 'liability'] as const;

interface DraftLotFacts {
  id: number;
  step_price: Kopecks | null;
  /** The seller's price for the lot (start price; in dutch the clock's minimum), null when left empty. */
  price: Kopecks | null;
  amount_bottomline: Kopecks;
}

/** What the rules read of a draft (the API's field names). */
export interface ProcedureDraftFacts {
  auction_type: AuctionType | null;
  /** A registry is ingested (rows and lots exist). */
  has_registry: boolean;
  personal_data_found: boolean;
  personal_data_agreement: boolean;
  personal_data_skipped: boolean;
  activity: string | null;
  source_kind: string | null;
  source_debtor_type: string | null;
  liability: string | null;
  percentages: Partial<Record<PortfolioPercentField, number | null>>;
  start_datetime: Date | null;
  end_datetime: Date | null;
  max_price: Kopecks | null;
  step_price: Kopecks | null;
  custom_steps: boolean;
  lots: readonly DraftLotFacts[];
  lot_renewal_minutes: number;
  renewal_after_last_bid_in_minutes: number;
  steps_after_first_bid: number | null;
  max_bids: number | null;
  allowed_kinds_map: Readonly<Record<CompanyKind, boolean>>;
  invited_company_ids: readonly number[];
  rejected_company_ids: readonly number[];
  documents: readonly { kind: string | null }[];
}

export interface RuleContext {
  now: Date;
  /** Administrator editing an active procedure: the start check is skipped. */
  skipStart?: boolean;
  zoneOffset?: boolean;
}

export type DraftErrors = Record<string, string>;

/** The step each error key belongs to (spec 1 §4 "Step errors are grouped"). */
export function stepOfField(field: string): WizardStep {
  if (field === 'auction_type' || field === 'company_id') return 1;
  if (
    field === 'source' ||
    field === 'personal_data' ||
    (PORTFOLIO_CLASSIFIERS as readonly string[]).includes(field) ||
    (PORTFOLIO_PERCENT_FIELDS as readonly string[]).includes(field)
  )
    return 2;
  if (field === 'allowed_kinds' || field === 'invited_companies' || field === 'rejected_companies') return 4;
  return 3;
}

function percentError(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (!(value > 0)) return M.aboveZero;
  if (value > PERCENT_FIELD_MAX) return M.percentTooLarge;
  return null;
}

function step1(d: ProcedureDraftFacts, errors: DraftErrors) {
  if (!d.auction_type) errors.auction_type = M.required;
}

function step2(d: ProcedureDraftFacts, errors: DraftErrors) {
  if (d.personal_data_found && !d.personal_data_agreement && !d.personal_data_skipped)
    errors.personal_data = M.personalDataUnresolved;
  else if (!d.has_registry) errors.source = M.registryRequired;
  for (const field of PORTFOLIO_CLASSIFIERS) if (!d[field]) errors[field] = M.required;
  for (const field of PORTFOLIO_PERCENT_FIELDS) {
    const error = percentError(d.percentages[field]);
    if (error) errors[field] = error;
  }
}

function step3(d: ProcedureDraftFacts, ctx: RuleContext, errors: DraftErrors) {
  const type = d.auction_type ?? 'classic';
  const start = startError({
    start: d.start_datetime,
    now: ctx.now,
    skip: ctx.skipStart,
    zoneOffset: ctx.zoneOffset,
  });
  if (start) errors.start_datetime = start;
  const end = endError(type, d.start_datetime, d.end_datetime);
  if (end) errors.end_datetime = end;
  if (type === 'classic' || type === 'dutch') {
    if (d.custom_steps) {
      for (const lot of d.lots)
        if (!(lot.step_price !== null && lot.step_price > 0))
          errors[`lots.${lot.id}.step_price`] = M.aboveZero;
    } else if (d.step_price === null) errors.step_price = M.stepRequired;
    else if (!(d.step_price > 0)) errors.step_price = M.aboveZero;
  }
  for (const lot of d.lots) {
    const error = lotPriceError(type, lot);
    if (error) errors[`lots.${lot.id}.start_price`] = error;
  }
  if (type === 'dutch') {
    const maxError = dutchMaxPriceError(
      d.max_price,
      d.lots.map((lot) => lot.price),
    );
    if (maxError) errors.max_price = maxError;
    if (!(d.lot_renewal_minutes > 0)) errors.lot_renewal_minutes = M.aboveZero;
  }
  const renewal = d.renewal_after_last_bid_in_minutes;
  if (
    !(
      Number.isInteger(renewal) &&
      renewal >= RENEWAL_AFTER_LAST_BID_MIN_MINUTES &&
      renewal <= RENEWAL_AFTER_LAST_BID_MAX_MINUTES
    )
  )
    errors.renewal_after_last_bid_in_minutes = M.renewalRange;
  if (d.steps_after_first_bid !== null && d.steps_after_first_bid < 0)
    errors.steps_after_first_bid = M.notNegative;
  if (d.max_bids !== null && d.max_bids < MAX_BIDS_MIN) errors.max_bids = M.maxBidsMin;
  d.documents.forEach((doc, i) => {
    if (!doc.kind) errors[`documents.${i}.kind`] = M.documentKind;
  });
}

function step4(d: ProcedureDraftFacts, errors: DraftErrors) {
  const anyKind = Object.values(d.allowed_kinds_map).some(Boolean);
  if (!anyKind && d.invited_company_ids.length < 2) errors.allowed_kinds = M.allowedKinds;
  const rejected = new Set(d.rejected_company_ids);
  if (d.invited_company_ids.some((id) => rejected.has(id))) errors.rejected_companies = M.listOverlap;
}

/** Every error of the draft's steps up to `upTo` (all four by default). */
export function draftErrors(d: ProcedureDraftFacts, ctx: RuleContext, upTo: WizardStep = 4): DraftErrors {
  const errors: DraftErrors = {};
  step1(d, errors);
  if (upTo >= 2) step2(d, errors);
  if (upTo >= 3) step3(d, ctx, errors);
  if (upTo >= 4) step4(d, errors);
  return errors;
}

export function errorsOfStep(errors: DraftErrors, step: WizardStep): DraftErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step));
}

/** The steps that have errors, ascending. */
export function stepsWithErrors(errors: DraftErrors): WizardStep[] {
  return WIZARD_STEPS.filter((step) => Object.keys(errors).some((field) => stepOfField(field) === step));
}

/** The summary line under the steps: 'Исправьте ошибки на шаге 2' / 'на шагах 2, 3' (spec 1 §2). */
export function stepErrorSummary(steps: readonly WizardStep[]): string | null {
  if (steps.length === 0) return null;
  return steps.length === 1
    ? `Исправьте ошибки на шаге ${steps[0]}`
    : `Исправьте ошибки на шагах ${steps.join(', ')}`;
}

/** Where a saved draft resumes: the first step that is not complete (spec 1 §4 "A cleared wizard returns ..."). */
export function resumeStep(d: ProcedureDraftFacts, ctx: RuleContext): WizardStep {
  const errors = draftErrors(d, ctx);
  return stepsWithErrors(errors)[0] ?? 4;
}
