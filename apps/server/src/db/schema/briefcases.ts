/**
 * Trading procedures ("briefcases") and the companies invited to or excluded from them. Their lots are in lots.ts,
 * the registry rows behind them in registries.ts, their documents in documents.ts.
 */
import {
  type AuctionType,
  type BriefcaseStatus,
  type CompanyKind,
  DEFAULT_LOT_RENEWAL_MINUTES,
  DEFAULT_ROUND_REQUEST_TTL_MS,
  type EndMode,
  type Liability,
  type PaymentKind,
  type PercentMode,
  type UserRole,
} from '@etp/domain';
import { getTableColumns } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { at, createdAt, id, money, updatedAt } from './common.ts';

/** The domain's lists (decisions/0259), under the schema's names. */
export type BriefcaseStatusColumn = BriefcaseStatus;
export type AuctionTypeColumn = AuctionType;

/** Portfolio analytics computed once at ingestion (spec 2 §3 Analytics). */
export type AnalyticsJson = Record<string, unknown>;

/** What the column-matching table shows for a custom registry (spec 1 step 2). */
export interface RegistryPreviewJson {
  headers: string[];
  rows: (string | number | boolean | null)[][];
  suggested: (string | null)[];
}

/**
 * The registry file as the seller uploaded it, kept for the winner of a lot (decisions/0264): where it lies among
 * the kept files, which sheet and header row the rows were read from, and the columns found to hold personal data.
 */
export interface RegistryOriginalJson {
  key: string;
  sheet: number;
  headerRow: number;
  personalDataColumns: number[];
}

export interface PersonalDataFindingJson {
  column: string;
  columnIndex: number;
  header: string;
  kind: string;
  count: number;
  rows: number[];
}

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const briefcases = pgTable(
  'briefcases',
  {
    id: id(),
    status: text('status').$type<BriefcaseStatusColumn>().notNull().default('created'),
    auctionType: text('auction_type').$type<AuctionTypeColumn>().notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    creatorType: text('creator_type').$type<UserRole>().notNull().default('user'),
    kind: text('kind').$type<PaymentKind>(),
    percentMode: text('percent_mode').$type<PercentMode>().notNull().default('amount_total_debt'),
    endMode: text('end_mode').$type<EndMode>().notNull().default('ransom'),
    startDatetime: at('start_datetime'),
    endDatetime: at('end_datetime'),
    publishedAt: at('published_at'),
    sentForApprovalAt: at('sent_for_approval_at'),
    rejectionNote: text('rejection_note'),
    currency: text('currency').notNull().default('₽'),
    activity: text('activity'),
    sourceKind: text('source_kind'),
    sourceDebtorType: text('source_debtor_type'),
    liability: text('liability').$type<Liability>(),
    sourceDescription: text('source_description'),
    description: text('description'),
    // Price policy
    maxPrice: money('max_price'),
    stepPrice: money('step_price'),
    stepPriceInPercents: numeric('step_price_in_percents', { precision: 6, scale: 2 }),
    customSteps: boolean('custom_steps').notNull().default(false),
    renewalAfterLastBid: boolean('renewal_after_last_bid').notNull().default(false),
    renewalAfterLastBidInMinutes: integer('renewal_after_last_bid_in_minutes').notNull().default(0),
    lotRenewalMinutes: integer('lot_renewal_minutes').notNull().default(DEFAULT_LOT_RENEWAL_MINUTES),
    stepsAfterFirstBid: integer('steps_after_first_bid'),
    maxBids: integer('max_bids'),
    roundRequestTtl: bigint('round_request_ttl', { mode: 'number' })
      .notNull()
      .default(DEFAULT_ROUND_REQUEST_TTL_MS),
    /** The deal's deadlines in working days (step 3; decisions/0258, 0261); null: the domain's defaults. */
    dealSignWorkingDays: smallint('deal_sign_working_days'),
    dealPayWorkingDays: smallint('deal_pay_working_days'),
    dealSecondOfferWorkingDays: smallint('deal_second_offer_working_days'),
    // Rounds
    firstRoundId: integer('first_round_id'),
    convertedFrom: integer('converted_from'),
    nextRoundId: integer('next_round_id'),
    nextRoundCount: integer('next_round_count').notNull().default(0),
    secondRoundId: integer('second_round_id'),
    canStartSecondRound: boolean('can_start_second_round').notNull().default(false),
    // Portfolio characteristics
    aiGrid: boolean('ai_grid').notNull().default(false),
    partnerOperated: boolean('partner_operated').notNull().default(false),
    withCompositeLot: boolean('with_composite_lot').notNull().default(false),
    isAmountBottomlineVisible: boolean('is_amount_bottomline_visible').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }),
    fastDocumentsTransfer: boolean('fast_documents_transfer').notNull().default(false),
    litigationInformation: boolean('litigation_information').notNull().default(false),
    fastSigning: boolean('fast_signing').notNull().default(false),
    debtsInformation: boolean('debts_information').notNull().default(false),
    regionsLotable: boolean('regions_lotable').notNull().default(false),
    paperDossiers: numeric('paper_dossiers', { precision: 5, scale: 2 }),
    digitalDossiers: numeric('digital_dossiers', { precision: 5, scale: 2 }),
    casesDossiers: numeric('cases_dossiers', { precision: 5, scale: 2 }),
    contactDetailsDossiers: numeric('contact_details_dossiers', { precision: 5, scale: 2 }),
    lastYearPayments: numeric('last_year_payments', { precision: 5, scale: 2 }),
    dealDossiers: numeric('deal_dossiers', { precision: 5, scale: 2 }),
    // Participants
    allowedKindsMap: jsonb('allowed_kinds_map')
      .$type<Record<CompanyKind, boolean>>()
      .notNull()
      .default({ legal: true, bank: true, physical: true, self: true, mfo: true }),
    fsspOnly: boolean('fssp_only').notNull().default(false),
    okved8291Only: boolean('okved_82_91_only').notNull().default(false),
    fsspBankOnly: boolean('fssp_bank_only').notNull().default(false),
    fsspMfoOnly: boolean('fssp_mfo_only').notNull().default(false),
    // Registry and its statistics
    excelCustom: boolean('excel_custom').notNull().default(false),
    registryKey: text('registry_key'),
    registryReportId: uuid('registry_report_id'),
    sourceMap: jsonb('source_map').$type<Record<string, string>>(),
    personalDataFound: boolean('personal_data_found').notNull().default(false),
    personalDataAgreement: boolean('personal_data_agreement').notNull().default(false),
    personalDataSkipped: boolean('personal_data_skipped').notNull().default(false),
    lotingParams: jsonb('loting_params').$type<{
      loting_type: string;
      sort_type?: string;
      price?: number | null;
    }>(),
    amountTotal: money('amount_total').notNull().default(0),
    amountBottomline: money('amount_bottomline').notNull().default(0),
    amountMean: money('amount_mean').notNull().default(0),
    bottomlineMean: money('bottomline_mean').notNull().default(0),
    startPrice: money('start_price').notNull().default(0),
    itemsCount: integer('items_count').notNull().default(0),
    dpd: integer('dpd'),
    dplp: integer('dplp'),
    /** Share (0-100) of the registry's analytic attributes that are filled in. */
    fillingPercent: numeric('filling_percent', { precision: 5, scale: 2, mode: 'number' }),
    analytics: jsonb('analytics').$type<AnalyticsJson>(),
    /** The uploaded registry's file name, as the seller named it. */
    registryFileName: text('registry_file_name'),
    /** Headers, first rows and suggested matching of a custom registry awaiting its column matching. */
    registryPreview: jsonb('registry_preview').$type<RegistryPreviewJson>(),
    /** Personal-data findings of the last upload: column, kind, count, first rows; never the values. */
    personalDataFindings: jsonb('personal_data_findings').$type<PersonalDataFindingJson[]>(),
    /** The uploaded registry file kept for the deal's winner (decisions/0264); null for seeded and older ones. */
    registryOriginal: jsonb('registry_original').$type<RegistryOriginalJson>(),
    /** Compact snapshot of the registry's typed columns, for reloting without re-reading the rows. */
    registryColumns: bytea('registry_columns'),
    /** The lot index of every debt (Int32Array, row order), replaced whole by each reloting. */
    lotAssignment: bytea('lot_assignment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('briefcases_status_start_idx').on(t.status, t.startDatetime),
    index('briefcases_company_idx').on(t.companyId),
    index('briefcases_start_idx').on(t.startDatetime),
  ],
);

const {
  registryColumns: _registryColumns,
  lotAssignment: _lotAssignment,
  ...briefcaseRowColumns
} = getTableColumns(briefcases);

/**
 * Every column of a procedure but its registry snapshot (registry_columns and lot_assignment: megabytes of bytea
 * for a large registry, read only where lotting needs them, loadRegistrySnapshot). Every other read of a whole
 * procedure selects these: a bid read with its lot's procedure once carried the whole snapshot along.
 */
export { briefcaseRowColumns };

/** Invited (whitelist) and excluded (blacklist) companies of a procedure. */
export const briefcaseCompanyLists = pgTable(
  'briefcase_company_lists',
  {
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list').$type<'whitelist' | 'blacklist'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.briefcaseId, t.companyId, t.list] })],
);

/**
 * A seller company's "previously chosen" history (spec 1 §2 step 4) is read from its procedures' lists; a company
 * removed from that history is hidden until one of the seller's procedures chooses it again after `removedAt`.
 */
export const companyListRemovals = pgTable(
  'company_list_removals',
  {
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list').$type<'whitelist' | 'blacklist'>().notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    removedAt: at('removed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerCompanyId, t.list, t.companyId] })],
);
