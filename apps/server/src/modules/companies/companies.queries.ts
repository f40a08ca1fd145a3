/** SQL of company look-ups. */
import { and, ilike, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export async function searchCompaniesByName(db: DbOrTx, text: string, limit = 20) {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(companies)
    .where(text ? or(ilike(companies.name, like), ilike(companies.fullName, like)) : undefined)
    .orderBy(companies.name)
    .limit(limit);
}

/**
 * Companies a procedure may invite or exclude (the wizard's participant typeahead): by name, full name or INN,
 * the asker's own company left out.
 */
export async function searchParticipantCompanies(
  db: DbOrTx,
  text: string,
  ownCompanyId: number | null,
  limit = 20,
) {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: companies.id,
      fullName: companies.fullName,
      name: companies.name,
      inn: companies.inn,
      kind: companies.kind,
      buyer: companies.buyer,
      goodStanding: companies.goodStanding,
    })
    .from(companies)
    .where(
      and(
        ownCompanyId === null ? undefined : ne(companies.id, ownCompanyId),
        ne(companies.fullName, ''),
        text
          ? or(ilike(companies.name, like), ilike(companies.fullName, like), ilike(companies.inn, like))
          : undefined,
      ),
    )
    .orderBy(companies.fullName, companies.id)
    .limit(limit);
}
