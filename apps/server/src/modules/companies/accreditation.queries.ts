/** SQL of the administrator's accreditation queue. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type AccreditationStatus, companies, documents } from '../../db/schema/index.ts';

const byStatus = (status: AccreditationStatus | 'all') =>
  status === 'all' ? undefined : eq(companies.accreditationStatus, status);

/** Oldest request first: the queue is worked in the order companies asked. */
export async function findCompaniesPage(
  db: DbOrTx,
  status: AccreditationStatus | 'all',
  limit: number,
  offset: number,
) {
  const docs = db
    .select({ companyId: documents.companyId, n: count().as('n') })
    .from(documents)
    .where(isNull(documents.briefcaseId))
    .groupBy(documents.companyId)
    .as('docs');
  return db
    .select({ company: companies, documentsCount: sql<number>`coalesce(${docs.n}, 0)::int` })
    .from(companies)
    .leftJoin(docs, eq(docs.companyId, companies.id))
    .where(byStatus(status))
    .orderBy(
      status === 'pending' ? companies.accreditationRequestedAt : desc(companies.updatedAt),
      companies.id,
    )
    .limit(limit)
    .offset(offset);
}

export async function countCompanies(db: DbOrTx, status: AccreditationStatus | 'all'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companies)
    .where(and(byStatus(status)));
  return row?.n ?? 0;
}
