/** SQL of employees and invitations: who works for a company, who is invited, ownership. */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, invitations, memberships, users } from '../../db/schema/index.ts';

const sameEmail = (column: typeof users.email | typeof invitations.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** The company's live users, the owner first. */
export async function findEmployees(db: DbOrTx, companyId: number) {
  return db
    .select({ user: users, owner: memberships.owner, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(desc(memberships.owner), asc(users.lastName), asc(users.id));
}

export async function findEmployeeByEmail(db: DbOrTx, companyId: number, email: string) {
  const [row] = await db
    .select({ user: users, owner: memberships.owner })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), sameEmail(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function deleteMembership(db: DbOrTx, companyId: number, userId: number): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  // Someone who acted for this company now acts for another of theirs (loadUserContext picks the first).
  await db
    .update(users)
    .set({ currentCompanyId: null })
    .where(and(eq(users.id, userId), eq(users.currentCompanyId, companyId)));
}

/** Hands the ownership over; the old owner's flag goes first, as the one-owner index demands. */
export async function switchOwner(db: DbOrTx, companyId: number, from: number, to: number): Promise<void> {
  await db
    .update(memberships)
    .set({ owner: false })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, from)));
  await db
    .update(memberships)
    .set({ owner: true })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, to)));
}

export async function findCompanyOwnerIds(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.owner, true)));
  return rows.map((r) => r.id);
}

const inviter = sql<
  string | null
>`nullif(trim(coalesce(${users.lastName}, '') || ' ' || coalesce(${users.firstName}, '')), '')`;

/** Pending invitations of a company, newest first. */
export async function findInvited(db: DbOrTx, companyId: number) {
  return db
    .select({ invitation: invitations, invitedBy: inviter })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.companyId, companyId), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function findPendingInvitation(db: DbOrTx, companyId: number, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.status, 'pending'),
        sameEmail(invitations.email, email),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  db: DbOrTx,
  row: { companyId: number; email: string; invitedByUserId: number; createdAt: Date },
): Promise<void> {
  await db.insert(invitations).values(row);
}

/** Closes the pending invitations of `email` to the company (accepted, declined or revoked). */
export async function closeInvitations(
  db: DbOrTx,
  companyId: number,
  email: string,
  status: 'accepted' | 'declined' | 'revoked',
  at: Date,
): Promise<number> {
  const rows = await db
    .update(invitations)
    .set({ status, respondedAt: at })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.status, 'pending'),
        sameEmail(invitations.email, email),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length;
}

/** Pending invitations to an address with their companies, newest first; `id` narrows to one. */
export async function findInvitationsFor(db: DbOrTx, email: string, id?: number) {
  return db
    .select({ invitation: invitations, company: companies, invitedBy: inviter })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(
      and(
        sameEmail(invitations.email, email),
        eq(invitations.status, 'pending'),
        id === undefined ? undefined : eq(invitations.id, id),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** Joins the user to the company as a collaborator (nothing when already there); acts for it if for none. */
export async function joinCompany(db: DbOrTx, userId: number, companyId: number): Promise<void> {
  await db.insert(memberships).values({ userId, companyId, owner: false }).onConflictDoNothing();
  await db
    .update(users)
    .set({ currentCompanyId: companyId })
    .where(and(eq(users.id, userId), isNull(users.currentCompanyId)));
}

export async function setCurrentCompany(db: DbOrTx, userId: number, companyId: number): Promise<void> {
  await db.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, userId));
}

/** A live account by e-mail other than `exceptUserId`. */
export async function findOtherUserByEmail(db: DbOrTx, email: string, exceptUserId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sameEmail(users.email, email), isNull(users.deletedAt), ne(users.id, exceptUserId)))
    .limit(1);
  return row ?? null;
}
