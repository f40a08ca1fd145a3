/** The draft the wizard restores (GET /api/v1/briefcases/{id}/edit): the procedure, its lots and its lists. */
import type {
  ListedCompany,
  WizardDocument,
  WizardDraft,
  WizardDraftBriefcase,
  WizardDraftLot,
} from '@etp/contracts';
import { type ProcedureDraftFacts, resumeStep, sellerLotPrice } from '@etp/domain';
import { presentWizardLot } from '../lotings/briefcaseLots.service.ts';
import type { DraftLotRow, DraftRow } from './wizard.queries.ts';

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
const iso = (value: Date | null) => value?.toISOString() ?? null;

function presentDraftBriefcase(b: DraftRow): WizardDraftBriefcase {
  return {
    id: b.id,
    briefcase_state: b.status,
    creator_type: b.creatorType,
    company_id: b.companyId,
    creator_company_name: b.companyName,
    auction_type: b.auctionType,
    kind: b.kind,
    percent_mode: b.percentMode,
    end_mode: b.endMode,
    start_datetime: iso(b.startDatetime),
    end_datetime: iso(b.endDatetime),
    max_price: b.maxPrice,
    step_price: b.stepPrice,
    step_price_in_percents: num(b.stepPriceInPercents),
    custom_steps: b.customSteps,
    renewal_after_last_bid: b.renewalAfterLastBid,
    renewal_after_last_bid_in_minutes: b.renewalAfterLastBidInMinutes,
    lot_renewal_minutes: b.lotRenewalMinutes,
    steps_after_first_bid: b.stepsAfterFirstBid,
    max_bids: b.maxBids,
    round_request_ttl: b.roundRequestTtl,
    sign_working_days: b.dealSignWorkingDays,
    pay_working_days: b.dealPayWorkingDays,
    second_offer_working_days: b.dealSecondOfferWorkingDays,
    ai_grid: b.aiGrid,
    with_composite_lot: b.withCompositeLot,
    activity: b.activity,
    source_kind: b.sourceKind,
    source_debtor_type: b.sourceDebtorType,
    liability: b.liability,
    source_description: b.sourceDescription,
    fast_documents_transfer: b.fastDocumentsTransfer,
    litigation_information: b.litigationInformation,
    fast_signing: b.fastSigning,
    debts_information: b.debtsInformation,
    regions_lotable: b.regionsLotable,
    paper_dossiers: num(b.paperDossiers),
    digital_dossiers: num(b.digitalDossiers),
    cases_dossiers: num(b.casesDossiers),
    contact_details_dossiers: num(b.contactDetailsDossiers),
    last_year_payments: num(b.lastYearPayments),
    deal_dossiers: num(b.dealDossiers),
    allowed_kinds_map: b.allowedKindsMap,
    fssp_only: b.fsspOnly,
    okved_82_91_only: b.okved8291Only,
    fssp_bank_only: b.fsspBankOnly,
    fssp_mfo_only: b.fsspMfoOnly,
    excel_custom: b.excelCustom,
    converted_from: b.convertedFrom,
    has_registry: b.hasRegistry,
    registry_file_name: b.registryFileName,
    registry_report_id: b.registryReportId,
    personal_data_found: b.personalDataFound,
    personal_data_agreement: b.personalDataAgreement,
    personal_data_skipped: b.personalDataSkipped,
    personal_data: b.personalDataFindings ?? [],
    loting_params: b.lotingParams,
    items_count: b.itemsCount,
    amount_total: b.amountTotal,
    amount_bottomline: b.amountBottomline,
    start_price: b.startPrice,
    currency: b.currency,
    rejection_note: b.rejectionNote,
  };
}

function presentDraftLot(lot: DraftLotRow): WizardDraftLot {
  return {
    ...presentWizardLot(lot),
    step_price: lot.stepPrice,
    max_price: lot.maxPrice,
    step_count: lot.stepCount,
    start_datetime: iso(lot.startDatetime),
    end_datetime: iso(lot.endDatetime),
  };
}

/** What the rules read of a stored draft. */
export function factsOf(
  b: DraftRow,
  lots: readonly {
    id: number;
    stepPrice: number | null;
    composite: boolean;
    startPrice: number;
    minPrice: number | null;
    maxPrice: number | null;
    amountBottomline: number;
  }[],
  invited: readonly number[],
  rejected: readonly number[],
  documents: readonly Pick<WizardDocument, 'kind'>[],
): ProcedureDraftFacts {
  return {
    auction_type: b.auctionType,
    has_registry: b.hasRegistry && b.itemsCount > 0,
    personal_data_found: b.personalDataFound,
    personal_data_agreement: b.personalDataAgreement,
    personal_data_skipped: b.personalDataSkipped,
    activity: b.activity,
    source_kind: b.sourceKind,
    source_debtor_type: b.sourceDebtorType,
    liability: b.liability,
    percentages: {
      paper_dossiers: num(b.paperDossiers),
      digital_dossiers: num(b.digitalDossiers),
      cases_dossiers: num(b.casesDossiers),
      contact_details_dossiers: num(b.contactDetailsDossiers),
      last_year_payments: num(b.lastYearPayments),
      deal_dossiers: num(b.dealDossiers),
    },
    start_datetime: b.startDatetime,
    end_datetime: b.endDatetime,
    max_price: b.maxPrice,
    step_price: b.stepPrice,
    custom_steps: b.customSteps,
    lots: lots
      .filter((l) => !l.composite)
      .map((l) => ({
        id: l.id,
        step_price: l.stepPrice,
        price: sellerLotPrice(l),
        amount_bottomline: l.amountBottomline,
      })),
    lot_renewal_minutes: b.lotRenewalMinutes,
    renewal_after_last_bid_in_minutes: b.renewalAfterLastBidInMinutes,
    steps_after_first_bid: b.stepsAfterFirstBid,
    max_bids: b.maxBids,
    allowed_kinds_map: b.allowedKindsMap,
    invited_company_ids: invited,
    rejected_company_ids: rejected,
    documents: documents.map((d) => ({ kind: d.kind })),
  };
}

export function presentDraft(
  b: DraftRow,
  lots: readonly DraftLotRow[],
  listed: readonly (ListedCompany & { list: 'whitelist' | 'blacklist' })[],
  documents: readonly WizardDocument[],
  now: Date,
): WizardDraft {
  const strip = ({ list: _list, ...company }: ListedCompany & { list: string }) => company;
  const invited = listed.filter((c) => c.list === 'whitelist').map(strip);
  const rejected = listed.filter((c) => c.list === 'blacklist').map(strip);
  const facts = factsOf(
    b,
    lots,
    invited.map((c) => c.id),
    rejected.map((c) => c.id),
    documents,
  );
  return {
    briefcase: presentDraftBriefcase(b),
    lots: lots.map(presentDraftLot),
    invited_companies: invited,
    rejected_companies: rejected,
    documents: [...documents],
    resume_step: resumeStep(facts, { now }),
  };
}
