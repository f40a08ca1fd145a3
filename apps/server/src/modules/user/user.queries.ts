/** SQL of the current user's context: the user, their companies and the current one. */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, memberships, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export interface UserContext {
  user: UserRow;
  memberships: { company: CompanyRow; owner: boolean }[];
  /** The company the user acts for now (the chosen one, else the first allowed). */
  company: CompanyRow | null;
  owner: boolean;
}

export async function loadUserContext(db: DbOrTx, userId: number): Promise<UserContext | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  const rows = await db
    .select({ company: companies, owner: memberships.owner })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(companies.id);
  const current = rows.find((r) => r.company.id === user.currentCompanyId) ?? rows[0] ?? null;
  return { user, memberships: rows, company: current?.company ?? null, owner: current?.owner ?? false };
}
