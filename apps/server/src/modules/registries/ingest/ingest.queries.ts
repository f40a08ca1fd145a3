/**
 * The statements of one registry upload, run on its raw session inside the upload's transaction (ingest.ts,
 * rows.ts, upload/runUpload.ts): the new procedure, the procedure's row lock, the savepoint a refused read rolls
 * back to, the COPY of the rows, the stored registry's totals or the registry waiting for the seller.
 */
import type { UserRole } from '@etp/domain';
import type { PersonalDataFindingJson, RegistryPreviewJson } from '../../../db/schema/index.ts';
import type { RawSession } from './rawSession.ts';

export interface RegistryTotals {
  itemsCount: number;
  amountTotal: number;
  amountBottomline: number;
  amountMean: number;
  bottomlineMean: number;
  startPrice: number;
  dpd: number | null;
  dplp: number | null;
  fillingPercent: number | null;
  analytics: Record<string, unknown>;
}

/** The columns of `registry_rows` a COPY batch fills, in the order ingest/rows.ts encodes them. */
const REGISTRY_ROWS_COPY_TARGET = `registry_rows (briefcase_id, row_number, contract_id, lot_number, region_code, amount_total,
  amount_bottomline, principal, dpd, dplp, issue_date, last_payment_date, last_payment_amount, paid_amount,
  amount_for_360_days, product_type, loan_kind, stage, first_creditor, birth_date, sex,
  enforcement_order_placement, features)`;

/** One COPY of text-format registry rows (decisions/0051). */
export function copyRegistryRows(session: RawSession, data: Uint8Array): Promise<void> {
  return session.copyFrom(REGISTRY_ROWS_COPY_TARGET, data);
}

/**
 * Every copied row's foreign key is the procedure locked (FOR UPDATE) at the start of this transaction, the same
 * for all of them, and lot_id is not copied: the per-row checks (an RI trigger per row, ~40% of PGlite's COPY)
 * prove nothing more. Where this session may (a superuser: PGlite's one session always), they are set aside
 * until `checkRowsAgain`; a rollback to the ingest savepoint undoes it as well. Returns whether it took effect.
 */
export async function skipRowChecks(session: RawSession): Promise<boolean> {
  const [row] = await session.query<{ superuser: string }>(
    `select current_setting('is_superuser') as superuser`,
  );
  if (row?.superuser !== 'on') return false;
  await session.query('set local session_replication_role = replica');
  return true;
}

export async function checkRowsAgain(session: RawSession): Promise<void> {
  await session.query('set local session_replication_role = origin');
}

/** Marks where a failed or refused read of the file rolls back to (the procedure's row lock is kept). */
export async function savepointIngest(session: RawSession): Promise<void> {
  await session.query('savepoint registry_ingest');
}

export async function rollbackToIngestSavepoint(session: RawSession): Promise<void> {
  await session.query('rollback to savepoint registry_ingest');
}

export async function insertBriefcaseRaw(
  session: RawSession,
  values: { companyId: number; userId: number; auctionType: string; creatorType: UserRole },
): Promise<number> {
  const [row] = await session.query<{ id: number }>(
    `insert into briefcases (company_id, created_by_user_id, auction_type, creator_type, status)
     values ($1, $2, $3, $4, 'created') returning id`,
    [values.companyId, values.userId, values.auctionType, values.creatorType],
  );
  return row!.id;
}

/** Locks the procedure's row for the ingestion and returns its state. */
export async function lockBriefcaseRaw(session: RawSession, id: number) {
  const [row] = await session.query<{
    id: number;
    status: string;
    company_id: number;
    loting_params: unknown;
  }>('select id, status, company_id, loting_params from briefcases where id = $1 for update', [id]);
  return row ?? null;
}

/** Removes a procedure's stored registry: rows and lots (lots carry no bids while created or pending). */
export async function clearRegistryRaw(session: RawSession, briefcaseId: number): Promise<void> {
  await session.query('delete from registry_rows where briefcase_id = $1', [briefcaseId]);
  await session.query('delete from lots where briefcase_id = $1', [briefcaseId]);
  await session.query('delete from registry_column_pieces where briefcase_id = $1', [briefcaseId]);
}

export async function saveRegistryRaw(
  session: RawSession,
  briefcaseId: number,
  values: RegistryTotals & {
    fileName: string | null;
    sourceMap: Record<string, string>;
    excelCustom: boolean;
    lotingParams: unknown;
    assignment: Buffer;
    personalDataFound: boolean;
    findings: PersonalDataFindingJson[] | null;
    /** A custom file stored with the seller's matching stays kept with its preview, to be matched again. */
    keepMatchingFile: boolean;
  },
): Promise<void> {
  await session.query(
    `update briefcases set items_count = $2, amount_total = $3, amount_bottomline = $4, amount_mean = $5,
       bottomline_mean = $6, start_price = $7, dpd = $8, dplp = $9, filling_percent = $10, analytics = $11,
       registry_file_name = $12, source_map = $13, excel_custom = $14, loting_params = $15,
       lot_assignment = decode($16, 'base64'), personal_data_found = $17, personal_data_findings = $18,
       registry_report_id = null, registry_preview = case when $19::boolean then registry_preview end,
       registry_key = case when $19::boolean then registry_key end, updated_at = now()
     where id = $1`,
    [
      briefcaseId,
      values.itemsCount,
      values.amountTotal,
      values.amountBottomline,
      values.amountMean,
      values.bottomlineMean,
      values.startPrice,
      values.dpd,
      values.dplp,
      values.fillingPercent,
      JSON.stringify(values.analytics),
      values.fileName,
      JSON.stringify(values.sourceMap),
      values.excelCustom,
      JSON.stringify(values.lotingParams),
      values.assignment.toString('base64'),
      values.personalDataFound,
      values.findings ? JSON.stringify(values.findings) : null,
      values.keepMatchingFile,
    ],
  );
}

/** A registry waiting for the seller: custom matching (preview) or the personal-data decision (findings). */
export async function savePendingRegistryRaw(
  session: RawSession,
  briefcaseId: number,
  values: {
    fileName: string | null;
    registryKey: string;
    preview: RegistryPreviewJson | null;
    excelCustom: boolean;
    sourceMap: Record<string, string> | null;
    findings: PersonalDataFindingJson[] | null;
  },
): Promise<void> {
  await session.query(
    `update briefcases set registry_file_name = $2, registry_key = $3, registry_preview = $4, excel_custom = $5,
       source_map = $6, personal_data_found = $7, personal_data_findings = $8, personal_data_agreement = false,
       personal_data_skipped = false, registry_report_id = null, items_count = 0, amount_total = 0,
       amount_bottomline = 0, amount_mean = 0, bottomline_mean = 0, start_price = 0, dpd = null, dplp = null,
       filling_percent = null, analytics = null, registry_columns = null, lot_assignment = null,
       updated_at = now()
     where id = $1`,
    [
      briefcaseId,
      values.fileName,
      values.registryKey,
      values.preview ? JSON.stringify(values.preview) : null,
      values.excelCustom,
      values.sourceMap ? JSON.stringify(values.sourceMap) : null,
      values.findings !== null && values.findings.length > 0,
      values.findings ? JSON.stringify(values.findings) : null,
    ],
  );
}
