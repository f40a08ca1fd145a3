/** SQL of served files: whose file a key is, and who may see it. */
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { companies, documents, memberships, users } from '../../db/schema/index.ts';

export async function findAvatarKey(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: users.avatarKey })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row?.key ?? null;
}

export async function findLogoKey(db: DbOrTx, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: companies.logoKey })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.key ?? null;
}

/** A company's accreditation document (not a procedure's). */
export async function findCompanyDocument(db: DbOrTx, id: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row?.companyId !== null && row?.briefcaseId === null ? row : null;
}

/** Whether two users belong to a common company. */
export async function shareCompany(db: DbOrTx, userA: number, userB: number): Promise<boolean> {
  const other = alias(memberships, 'other');
  const [row] = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .innerJoin(other, eq(other.companyId, memberships.companyId))
    .where(and(eq(memberships.userId, userA), eq(other.userId, userB)))
    .limit(1);
  return Boolean(row);
}
