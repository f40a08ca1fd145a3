/** The rows of the uploads' check reports (`registry_reports`); their files are checkReport.ts's. */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { registryReports } from '../../../db/schema/index.ts';

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
