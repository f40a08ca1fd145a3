/** Every SQL statement of registry ingestion, matching, lotting and the personal-data flow. */
import type { UserRole } from '@etp/domain';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  briefcaseRowColumns,
  briefcases,
  lots,
  type PersonalDataFindingJson,
  type RegistryPreviewJson,
  registryHelpRequests,
  registryReports,
  registryRows,
} from '../../db/schema/index.ts';
import type { RawSession } from './ingest/rawSession.ts';

export interface LotRowDraft {
  number: number;
  name: string;
  itemsCount: number;
  amountTotal: number;
  amountBottomline: number;
  bottomlineMean: number;
  dpd: number | null;
  dplp: number | null;
  startPrice: number;
  minPrice: number | null;
  productType: string | null;
  federalDistrict: string | null;
  stage: string | null;
  analytics: Record<string, unknown>;
}

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
}

export async function deleteLotsRaw(session: RawSession, briefcaseId: number): Promise<void> {
  await session.query('delete from lots where briefcase_id = $1', [briefcaseId]);
}

export async function insertLotsRaw(session: RawSession, briefcaseId: number, lots: readonly LotRowDraft[]) {
  const CHUNK = 5000;
  for (let i = 0; i < lots.length; i += CHUNK) {
    const chunk = lots.slice(i, i + CHUNK);
    const col = <K extends keyof LotRowDraft>(key: K) => chunk.map((l) => l[key]);
    await session.query(
      `insert into lots (briefcase_id, number, name, items_count, amount_total, amount_bottomline,
         bottomline_mean, dpd, dplp, start_price, min_price, product_type, federal_district, stage, analytics)
       select $1, * from unnest($2::int[], $3::text[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[],
         $8::int[], $9::int[], $10::bigint[], $11::bigint[], $12::text[], $13::text[], $14::text[], $15::jsonb[])`,
      [
        briefcaseId,
        col('number'),
        col('name'),
        col('itemsCount'),
        col('amountTotal'),
        col('amountBottomline'),
        col('bottomlineMean'),
        col('dpd'),
        col('dplp'),
        col('startPrice'),
        col('minPrice'),
        col('productType'),
        col('federalDistrict'),
        col('stage'),
        chunk.map((l) => JSON.stringify(l.analytics)),
      ],
    );
  }
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

/**
 * Stores the columns snapshot of a procedure or of a custom-template draft from its pieces (`columnsPieces`): each
 * piece goes as base64 into a temporary table and PostgreSQL joins them into the bytea, so the process never
 * holds the whole snapshot as one parameter (decisions/0051).
 */
export async function saveRegistryColumnsRaw(
  session: RawSession,
  table: 'briefcases' | 'lotings',
  id: number,
  pieces: Iterable<Uint8Array>,
): Promise<void> {
  await session.query(
    'create temporary table if not exists registry_snapshot_pieces (n int primary key, piece bytea not null) on commit drop',
  );
  // The pieces are stored as they are: compressing them only to decompress them for the join costs seconds.
  await session.query('alter table registry_snapshot_pieces alter column piece set storage external');
  await session.query('truncate registry_snapshot_pieces');
  // lz4 (where the server has it) compresses the joined snapshot several times faster than the default pglz.
  const [lz4] = await session.query<{ ok: boolean }>(
    `select 'lz4' = any(enumvals) as ok from pg_settings where name = 'default_toast_compression'`,
  );
  if (lz4?.ok) await session.query(`set local default_toast_compression = 'lz4'`);
  let n = 0;
  for (const piece of pieces) {
    await session.query(`insert into registry_snapshot_pieces (n, piece) values ($1, decode($2, 'base64'))`, [
      n++,
      Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('base64'),
    ]);
  }
  // The table name is one of two literals, never input.
  await session.query(
    `update ${table === 'lotings' ? 'lotings' : 'briefcases'} set registry_columns =
       (select coalesce(string_agg(piece, ''::bytea order by n), ''::bytea) from registry_snapshot_pieces)
     where id = $1`,
    [id],
  );
  await session.query('drop table registry_snapshot_pieces');
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

export async function saveLottingRaw(
  session: RawSession,
  briefcaseId: number,
  values: { lotingParams: unknown; assignment: Buffer; startPrice: number },
): Promise<void> {
  await session.query(
    `update briefcases set loting_params = $2, lot_assignment = decode($3, 'base64'), start_price = $4,
       updated_at = now() where id = $1`,
    [
      briefcaseId,
      JSON.stringify(values.lotingParams),
      values.assignment.toString('base64'),
      values.startPrice,
    ],
  );
}

// ---- Outside the ingestion transaction (drizzle) ----

/**
 * The procedure without its registry snapshot (megabytes of bytea, read only where lotting needs it);
 * `hasRegistry` says whether a registry is stored.
 */
export async function findRegistryBriefcase(db: Db, id: number) {
  const [row] = await db
    .select({ ...briefcaseRowColumns, hasRegistry: sql<boolean>`${briefcases.registryColumns} is not null` })
    .from(briefcases)
    .where(eq(briefcases.id, id));
  return row ?? null;
}

export interface RegistrySnapshot {
  columns: Buffer | null;
  assignment: Buffer | null;
}

const fromBase64 = (value: string | null) => (value === null ? null : Buffer.from(value, 'base64'));

/** Bytea travels as base64 text: several times faster than the drivers' bytea parameters on PGlite. */
export async function loadRegistrySnapshot(
  db: Db,
  table: 'briefcases' | 'lotings',
  id: number,
): Promise<RegistrySnapshot> {
  const source = table === 'briefcases' ? sql`briefcases` : sql`lotings`;
  const result = (await db.execute(
    sql`select encode(registry_columns, 'base64') as c, encode(lot_assignment, 'base64') as a from ${source} where id = ${id}`,
  )) as unknown as { rows: { c: string | null; a: string | null }[] };
  const row = result.rows[0];
  return { columns: fromBase64(row?.c ?? null), assignment: fromBase64(row?.a ?? null) };
}

/** Stores a lotting draft's lot assignment (base64 in, bytea stored); its columns: `saveRegistryColumnsRaw`. */
export async function saveLotingSnapshot(db: Db, id: number, snapshot: { assignment: Buffer }) {
  await db.execute(
    sql`update lotings set lot_assignment = decode(${snapshot.assignment.toString('base64')}::text, 'base64')
      where id = ${id}`,
  );
}

export async function insertReport(
  db: Db,
  values: {
    id: string;
    briefcaseId: number | null;
    companyId: number | null;
    userId: number;
    storageKey: string;
    errorsCount: number;
  },
): Promise<void> {
  await db.insert(registryReports).values(values);
}

export async function findReport(db: Db, id: string) {
  const [row] = await db.select().from(registryReports).where(eq(registryReports.id, id));
  return row ?? null;
}

/** Deletes one check report's row; returns it (for its file), or null when there was none. */
export async function deleteReport(db: Db, id: string) {
  const [row] = await db.delete(registryReports).where(eq(registryReports.id, id)).returning();
  return row ?? null;
}

export async function deleteReportsOf(db: Db, briefcaseId: number, except: string | null = null) {
  return db
    .delete(registryReports)
    .where(
      except === null
        ? eq(registryReports.briefcaseId, briefcaseId)
        : and(eq(registryReports.briefcaseId, briefcaseId), ne(registryReports.id, except)),
    )
    .returning();
}

export async function deleteBriefcaseRow(db: Db, id: number): Promise<void> {
  await db.delete(briefcases).where(eq(briefcases.id, id));
}

export async function updateBriefcaseFlags(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof briefcases.$inferInsert, 'personalDataAgreement' | 'personalDataSkipped' | 'registryReportId'>
  >,
): Promise<void> {
  await db.update(briefcases).set(values).where(eq(briefcases.id, id));
}

export async function insertHelpRequest(
  db: Db,
  values: { briefcaseId: number; userId: number; contact: string },
) {
  const [row] = await db.insert(registryHelpRequests).values(values).returning();
  return row!;
}

export async function findWizardLots(db: Db, briefcaseId: number) {
  return db.select().from(lots).where(eq(lots.briefcaseId, briefcaseId)).orderBy(asc(lots.number));
}

/** A page of the stored rows in registry order (keyset on row_number), for the portfolio download. */
export async function findRowsPage(db: Db, briefcaseId: number, afterRow: number, limit: number) {
  return db
    .select()
    .from(registryRows)
    .where(and(eq(registryRows.briefcaseId, briefcaseId), gt(registryRows.rowNumber, afterRow)))
    .orderBy(asc(registryRows.rowNumber))
    .limit(limit);
}
