/**
 * The procedure's registry outside the upload's transaction: the procedure read for the registry's calls, its
 * personal-data flags, the help requests, a page of the stored rows, the procedure's deletion. The upload's
 * statements are ingest/ingest.queries.ts, the snapshot's ingest/snapshot.queries.ts, the check reports'
 * ingest/checkReport.queries.ts, the lot rows' lotings/lotting/lotRows.queries.ts.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  briefcaseRowColumns,
  briefcases,
  registryHelpRequests,
  registryRows,
} from '../../db/schema/index.ts';

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

/** A page of the stored rows in registry order (keyset on row_number), for the portfolio download. */
export async function findRowsPage(db: Db, briefcaseId: number, afterRow: number, limit: number) {
  return db
    .select()
    .from(registryRows)
    .where(and(eq(registryRows.briefcaseId, briefcaseId), gt(registryRows.rowNumber, afterRow)))
    .orderBy(asc(registryRows.rowNumber))
    .limit(limit);
}
