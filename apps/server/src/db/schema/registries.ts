/**
 * Uploaded registries: the de-personalised debt rows of a procedure, the check reports of uploads, the sellers'
 * requests for help with the personal-data check, and the lotting drafts without a procedure.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { briefcases, bytea, type PersonalDataFindingJson, type RegistryPreviewJson } from './briefcases.ts';
import { bigId, createdAt, id, money, updatedAt } from './common.ts';
import { lots } from './lots.ts';

/**
 * One row per debt of an uploaded registry, already de-personalised: no names, passports, phones or
 * addresses are ever stored; the birth date stays only for the age chart.
 */
export const registryRows = pgTable(
  'registry_rows',
  {
    id: bigId(),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    rowNumber: integer('row_number').notNull(),
    contractId: text('contract_id').notNull(),
    lotNumber: integer('lot_number'),
    regionCode: smallint('region_code'),
    amountTotal: money('amount_total').notNull(),
    amountBottomline: money('amount_bottomline').notNull(),
    principal: money('principal'),
    dpd: integer('dpd'),
    dplp: integer('dplp'),
    issueDate: date('issue_date'),
    lastPaymentDate: date('last_payment_date'),
    lastPaymentAmount: money('last_payment_amount'),
    paidAmount: money('paid_amount'),
    amountFor360Days: money('amount_for_360_days'),
    productType: text('product_type'),
    loanKind: text('loan_kind'),
    stage: text('stage'),
    firstCreditor: text('first_creditor'),
    birthDate: date('birth_date'),
    sex: text('sex').$type<'male' | 'female'>(),
    enforcementOrderPlacement: text('enforcement_order_placement'),
    /** Feature flags of spec 2 §3 (dead, bankruptcy, court_order, ...), true where present. */
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  },
  (t) => [
    index('registry_rows_briefcase_idx').on(t.briefcaseId, t.rowNumber),
    // Only seeded rows carry lot_id (uploads keep a compact lot assignment, decisions/0046): a partial index
    // spares a million index entries of nulls per upload and still serves the lots' ON DELETE SET NULL lookups.
    index('registry_rows_lot_idx').on(t.lotId).where(sql`${t.lotId} is not null`),
  ],
);

/** Check reports of registry uploads: every error found, served as an xlsx by its id. */
export const registryReports = pgTable('registry_reports', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  briefcaseId: integer('briefcase_id').references(() => briefcases.id, { onDelete: 'cascade' }),
  /** The uploader's company: a refused upload has no procedure, and only that company may read its report. */
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  storageKey: text('storage_key').notNull(),
  errorsCount: integer('errors_count').notNull(),
  createdAt: createdAt(),
});

/** "Ask for help" requests of sellers whose registry raised the personal-data check (spec 1 §2 dialogs). */
export const registryHelpRequests = pgTable('registry_help_requests', {
  id: id(),
  briefcaseId: integer('briefcase_id')
    .notNull()
    .references(() => briefcases.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  contact: text('contact').notNull(),
  createdAt: createdAt(),
});

/**
 * A seller's custom-template lotting draft without a procedure (/api/v1/lotings): one per user. The kept file
 * (registry_key) is the upload awaiting its matching; after matching only the typed columns and lots remain.
 */
export const lotings = pgTable('lotings', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  registryKey: text('registry_key'),
  registryFileName: text('registry_file_name'),
  registryPreview: jsonb('registry_preview').$type<RegistryPreviewJson>(),
  sourceMap: jsonb('source_map').$type<Record<string, string>>(),
  registryReportId: uuid('registry_report_id'),
  personalDataFound: boolean('personal_data_found').notNull().default(false),
  personalDataFindings: jsonb('personal_data_findings').$type<PersonalDataFindingJson[]>(),
  lotingParams: jsonb('loting_params').$type<{
    loting_type: string;
    sort_type?: string;
    price?: number | null;
  }>(),
  registryColumns: bytea('registry_columns'),
  lotAssignment: bytea('lot_assignment'),
  /** The drafted lots and the portfolio's totals and analytics, as the lots.json and reloting calls answer. */
  lots: jsonb('lots').$type<Record<string, unknown>[]>(),
  totals: jsonb('totals').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The body of a registry's columns snapshot (decisions/0273), in the pieces it was written in: the snapshot is the
 * owner's `registry_columns` (its header) followed by these pieces in the order of `n`. No one value of the
 * snapshot's size (72 MB for a million debts) is ever made in the database, nor read back whole. A snapshot
 * stored whole in `registry_columns` before this table has no pieces.
 */
export const registryColumnPieces = pgTable(
  'registry_column_pieces',
  {
    id: id(),
    briefcaseId: integer('briefcase_id').references(() => briefcases.id, { onDelete: 'cascade' }),
    lotingId: integer('loting_id').references(() => lotings.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    piece: bytea('piece').notNull(),
  },
  (t) => [
    uniqueIndex('registry_column_pieces_briefcase_key').on(t.briefcaseId, t.n),
    uniqueIndex('registry_column_pieces_loting_key').on(t.lotingId, t.n),
    check('registry_column_pieces_one_owner', sql`(${t.briefcaseId} is null) <> (${t.lotingId} is null)`),
  ],
);
