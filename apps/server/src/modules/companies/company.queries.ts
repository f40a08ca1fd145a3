/** SQL of the user's own company: the row, its owner membership, its documents. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, documents, memberships, users } from '../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyColumns = Omit<typeof companies.$inferInsert, 'id' | 'createdAt'>;
export type DocumentRow = typeof documents.$inferSelect;

export async function findCompanyForUpdate(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}

export async function findCompany(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/** A new company owned by the user, who now acts for it. */
export async function insertOwnedCompany(
  db: DbOrTx,
  userId: number,
  values: CompanyColumns,
): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  await db.insert(memberships).values({ userId, companyId: row!.id, owner: true });
  await db.update(users).set({ currentCompanyId: row!.id }).where(eq(users.id, userId));
  return row!;
}

export async function updateCompanyRow(
  db: DbOrTx,
  id: number,
  values: Partial<CompanyColumns>,
): Promise<CompanyRow> {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row!;
}

/** The accreditation papers of a company (documents of procedures have a briefcase instead). */
export async function findCompanyDocuments(db: DbOrTx, companyId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), isNull(documents.briefcaseId)))
    .orderBy(asc(documents.id));
}

export async function insertDocuments(db: DbOrTx, rows: (typeof documents.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(documents).values(rows);
}

/** Deletes the company's documents with these ids; returns the storage keys of those it deleted. */
export async function deleteCompanyDocuments(
  db: DbOrTx,
  companyId: number,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(documents)
    .where(and(eq(documents.companyId, companyId), isNull(documents.briefcaseId), inArray(documents.id, ids)))
    .returning({ key: documents.storageKey });
  return rows.map((r) => r.key);
}
