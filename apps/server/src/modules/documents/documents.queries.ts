/** SQL of a procedure's documents and of their downloads. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, documents, downloads, users } from '../../db/schema/index.ts';

export type DocumentRow = Pick<
  typeof documents.$inferSelect,
  'id' | 'kind' | 'title' | 'name' | 'extension' | 'bytesSize' | 'storageKey' | 'createdAt'
>;

const documentColumns = {
  id: documents.id,
  kind: documents.kind,
  title: documents.title,
  name: documents.name,
  extension: documents.extension,
  bytesSize: documents.bytesSize,
  storageKey: documents.storageKey,
  createdAt: documents.createdAt,
};

/** Every document of the procedure, its documentation first (in upload order), then the generated ones. */
export async function findProcedureDocuments(db: DbOrTx, briefcaseId: number): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(documents)
    .where(eq(documents.briefcaseId, briefcaseId))
    .orderBy(asc(documents.id));
}

export async function findProcedureDocument(
  db: DbOrTx,
  briefcaseId: number,
  documentId: number,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.briefcaseId, briefcaseId), eq(documents.id, documentId)));
  return row ?? null;
}

/** One download of the procedure's file by the user (the statistics' "downloaded" and the history). */
export async function recordDownload(
  db: DbOrTx,
  row: { briefcaseId: number; userId: number; what: string; at: Date },
): Promise<void> {
  await db
    .insert(downloads)
    .values({ briefcaseId: row.briefcaseId, userId: row.userId, what: row.what, createdAt: row.at });
}

export interface DownloadHistoryRow {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
  what: string;
  createdAt: Date;
}

/**
 * The procedure's downloads, newest first, with who made them and the company they worked for then (their current
 * company: the platform keeps no other).
 */
export async function findDownloads(db: DbOrTx, briefcaseId: number, limit?: number) {
  const query = db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: companies.name,
      what: downloads.what,
      createdAt: downloads.createdAt,
    })
    .from(downloads)
    .innerJoin(users, eq(users.id, downloads.userId))
    .leftJoin(companies, eq(companies.id, users.currentCompanyId))
    .where(eq(downloads.briefcaseId, briefcaseId))
    .orderBy(desc(downloads.createdAt), desc(downloads.id));
  return (limit ? query.limit(limit) : query) as Promise<DownloadHistoryRow[]>;
}

export async function countProcedureDownloads(db: DbOrTx, briefcaseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(downloads).where(eq(downloads.briefcaseId, briefcaseId));
  return row?.n ?? 0;
}
