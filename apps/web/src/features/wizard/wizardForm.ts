/**
 * The wizard's form and its two mappings (spec 1 §2): the draft the server sends becomes the form being edited
 * (`formOf`), and each step's save sends its part of the form back (`saveBodyOf`, PUT /api/v1/briefcases/{id}).
 * Values are kept as the API sends them (kopecks, ISO times).
 */
import type { WizardDocument, WizardDraft, WizardDraftBriefcase, WizardDraftLot } from '@etp/contracts';
import { fixedByAuctionType, sellerLotPrice, type WizardStep } from '@etp/domain';

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
  // The deal's deadlines (decisions/0261): null is the platform's default (step 3 shows it).
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

/** The form of a draft the server sent. */
export function formOf(draft: WizardDraft): WizardForm {
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
    lots_step_price: lotStepPricesOf(draft.lots),
    lots_start_prices_cents: lotPricesOf(draft.lots),
    invited: draft.invited_companies,
    rejected: draft.rejected_companies,
    documents: draft.documents,
  };
}

/** The seller's price of each regular lot as the draft holds it. */
export function lotPricesOf(lots: readonly WizardDraftLot[]): Record<string, number | null> {
  return Object.fromEntries(
    lots
      .filter((l) => !l.composite)
      .map((l) => [
        String(l.id),
        sellerLotPrice({ startPrice: l.start_price, minPrice: l.min_price, maxPrice: l.max_price }),
      ]),
  );
}

/** The step price of each regular lot as the draft holds it. */
export function lotStepPricesOf(lots: readonly WizardDraftLot[]): Record<string, number | null> {
  return Object.fromEntries(lots.filter((l) => !l.composite).map((l) => [String(l.id), l.step_price]));
}

/** The portfolio description typed before a (re)upload survives it. */
export function portfolioOf(form: WizardForm): Partial<WizardForm> {
  const { activity, source_kind, source_debtor_type, liability, source_description } = form;
  return Object.fromEntries(
    Object.entries({ activity, source_kind, source_debtor_type, liability, source_description }).filter(
      ([, v]) => v !== null,
    ),
  );
}

/** The form's fields each step's save sends (the form's names of `saveBodyOf`'s fields). */
export function formKeysOf(step: WizardStep): (keyof WizardForm)[] {
  const renamed: Record<string, keyof WizardForm> = {
    invited_company_ids: 'invited',
    rejected_company_ids: 'rejected',
    documents_attributes: 'documents',
  };
  const body = saveBodyOf({ ...EMPTY_FORM, custom_steps: true }, step, true);
  return Object.keys(body).map((key) => renamed[key] ?? (key as keyof WizardForm));
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
        // The deal's deadlines (decisions/0261): null keeps the platform's default.
        sign_working_days: form.sign_working_days,
        pay_working_days: form.pay_working_days,
        second_offer_working_days: form.second_offer_working_days,
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
