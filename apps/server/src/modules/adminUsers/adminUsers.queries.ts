/** SQL of the administrator's user page: the user, their companies, sign-ins, card visits and own audit entries. */
import { and, asc, desc, eq, max, min, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, companies, memberships, pageVisits, refreshTokens, users } from '../../db/schema/index.ts';

const ADMIN_USER_LIST_LIMIT = 20;

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserCompanies(db: DbOrTx, userId: number) {
  return db
    .select({ company: companies, owner: memberships.owner })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** Sign-ins, newest activity first: each refresh family with its first and last token. */
export async function findUserSessions(db: DbOrTx, userId: number) {
  const lastActive = max(refreshTokens.createdAt);
  return db
    .select({
      familyId: refreshTokens.familyId,
      startedAt: min(refreshTokens.createdAt),
      lastActiveAt: lastActive,
      expiresAt: max(refreshTokens.expiresAt),
      revoked: sql<boolean>`bool_or(${refreshTokens.revokedAt} is not null)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(desc(lastActive), asc(refreshTokens.familyId))
    .limit(ADMIN_USER_LIST_LIMIT);
}

/** The user's latest visits of procedure pages (monitoring's rows), newest sign of life first. */
export async function findUserVisits(db: DbOrTx, userId: number) {
  return db
    .select({
      briefcaseId: pageVisits.briefcaseId,
      startedAt: pageVisits.startedAt,
      lastSeenAt: pageVisits.lastSeenAt,
    })
    .from(pageVisits)
    .where(eq(pageVisits.userId, userId))
    .orderBy(desc(pageVisits.lastSeenAt), desc(pageVisits.id))
    .limit(ADMIN_USER_LIST_LIMIT);
}

/**
 * Entries the trading engine writes as consequences of a call, under the caller's id: a lot's end, an autobid
 * running out, the anti-sniping extension. They are not the user's actions (docs/decisions/0111).
 */
const CONSEQUENCES = ['lot_finished', 'autobid_maxed_out'];

/**
 * What the user did, newest first. A bid answers with other companies' autobids in the same entry batch, all under
 * the bidder's id: a bid placed counts only when the bid is the user's own.
 */
export async function findUserActions(db: DbOrTx, userId: number) {
  const ownBid: SQL = sql`(${auditLog.payload}->>'userId') = ${String(userId)}`;
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      briefcaseId: auditLog.briefcaseId,
      payload: auditLog.payload,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorUserId, userId),
        notInArray(auditLog.action, CONSEQUENCES),
        or(sql`${auditLog.action} <> 'bid_placed'`, ownBid),
        sql`not (${auditLog.action} = 'lot_extended' and ${auditLog.payload}->>'reason' = 'anti_sniping')`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(ADMIN_USER_LIST_LIMIT);
}
