/** SQL of a seller's "previously chosen" whitelist and blacklist history (spec 1 §2 step 4). */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { briefcaseCompanyLists, briefcases, companies, companyListRemovals } from '../../db/schema/index.ts';

export type CompanyListName = 'whitelist' | 'blacklist';

/** How many companies a history shows, the most recently chosen first. */
const HISTORY_LIMIT = 200;

/**
 * The companies the owner's procedures have put on `list`, each with when it was last chosen, less those removed
 * from the history since (a company chosen again after its removal comes back).
 */
export async function findListHistory(db: DbOrTx, ownerCompanyId: number, list: CompanyListName) {
  const lastChosen = sql<Date>`max(${briefcaseCompanyLists.createdAt})`;
  return db
    .select({
      id: companies.id,
      fullName: companies.fullName,
      inn: companies.inn,
      kind: companies.kind,
      buyer: companies.buyer,
      goodStanding: companies.goodStanding,
      lastChosenAt: lastChosen.mapWith((v: string | Date) => new Date(v)),
    })
    .from(briefcaseCompanyLists)
    .innerJoin(briefcases, eq(briefcases.id, briefcaseCompanyLists.briefcaseId))
    .innerJoin(companies, eq(companies.id, briefcaseCompanyLists.companyId))
    .leftJoin(
      companyListRemovals,
      and(
        eq(companyListRemovals.ownerCompanyId, briefcases.companyId),
        eq(companyListRemovals.list, briefcaseCompanyLists.list),
        eq(companyListRemovals.companyId, briefcaseCompanyLists.companyId),
      ),
    )
    .where(and(eq(briefcases.companyId, ownerCompanyId), eq(briefcaseCompanyLists.list, list)))
    .groupBy(companies.id, companyListRemovals.removedAt)
    .having(sql`${companyListRemovals.removedAt} is null or ${lastChosen} > ${companyListRemovals.removedAt}`)
    .orderBy(desc(lastChosen), companies.id)
    .limit(HISTORY_LIMIT);
}
export type HistoryRow = Awaited<ReturnType<typeof findListHistory>>[number];

/** Hides the company from the owner's history until a procedure of the owner chooses it again. */
export async function removeFromHistory(
  db: DbOrTx,
  ownerCompanyId: number,
  list: CompanyListName,
  companyId: number,
) {
  await db
    .insert(companyListRemovals)
    .values({ ownerCompanyId, list, companyId, removedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [companyListRemovals.ownerCompanyId, companyListRemovals.list, companyListRemovals.companyId],
      set: { removedAt: sql`now()` },
    });
}
