/** SQL of the profile: its columns, soft deletion, sessions other than the current one. */
import type { AuthStrategy } from '@etp/contracts';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  memberships,
  type NotificationSettings,
  refreshTokens,
  users,
} from '../../db/schema/index.ts';

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  authStrategy?: AuthStrategy;
  notificationSettings?: NotificationSettings;
  avatarKey?: string | null;
  unconfirmedEmail?: string | null;
  phone?: string;
  confirmedPhone?: boolean;
  passwordHash?: string;
}

export async function updateProfileRow(db: DbOrTx, userId: number, changes: ProfileChanges, at: Date) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, userId));
}

/** Anyone else holding the phone, deleted accounts too (the unique index counts them). */
export async function phoneHeldByOther(db: DbOrTx, phone: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** Companies the user owns that have other live users: the user cannot leave them without an heir. */
export async function ownedCompaniesWithOthers(db: DbOrTx, userId: number): Promise<string[]> {
  const owned = await db
    .select({ id: companies.id, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.owner, true)));
  const names: string[] = [];
  for (const company of owned) {
    const [row] = await db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(eq(memberships.companyId, company.id), ne(memberships.userId, userId), isNull(users.deletedAt)),
      );
    if ((row?.n ?? 0) > 0) names.push(company.name);
  }
  return names;
}

/** Soft deletion: the row stays (bids and audit entries point at it), the person leaves every company. */
export async function softDeleteUser(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ deletedAt: at, avatarKey: null, currentCompanyId: null, updatedAt: at })
    .where(eq(users.id, userId));
  await db.delete(memberships).where(eq(memberships.userId, userId));
}

/** Closes every session of the user except `keepFamilyId` (the one that changed the password). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepFamilyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
