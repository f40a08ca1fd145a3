/** SQL of company look-ups. */
import { ilike, or } from 'drizzle-orm';
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
