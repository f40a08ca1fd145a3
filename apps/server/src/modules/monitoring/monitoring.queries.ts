/** SQL of page visits: the one open visit of a user on a procedure, and the monitoring list per user. */
import { and, asc, count, desc, eq, isNull, max, min, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, pageVisits, users } from '../../db/schema/index.ts';

type PresenceStatus = 'online' | 'away';

export async function lockOpenVisit(tx: DbOrTx, briefcaseId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(pageVisits)
    .where(
      and(eq(pageVisits.briefcaseId, briefcaseId), eq(pageVisits.userId, userId), isNull(pageVisits.endedAt)),
    )
    .for('update');
  return row ?? null;
}

/** Ends a visit that went silent, at the moment it was last seen. */
export async function endVisit(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(pageVisits)
    .set({ status: 'offline', endedAt: sql`${pageVisits.lastSeenAt}` })
    .where(eq(pageVisits.id, id));
}

/** Opens the user's visit, or refreshes the open one (one open visit per user and procedure, by a unique index). */
export async function touchVisit(
  tx: DbOrTx,
  v: { briefcaseId: number; userId: number; status: PresenceStatus; at: Date },
): Promise<void> {
  await tx
    .insert(pageVisits)
    .values({
      briefcaseId: v.briefcaseId,
      userId: v.userId,
      status: v.status,
      startedAt: v.at,
      lastSeenAt: v.at,
    })
    .onConflictDoUpdate({
      target: [pageVisits.briefcaseId, pageVisits.userId],
      targetWhere: isNull(pageVisits.endedAt),
      set: { status: v.status, lastSeenAt: v.at },
    });
}

/** Per user: 0 online, 1 away, 2 offline (the list's order and each row's status). */
function presenceRank(cutoff: Date): SQL<number> {
  const fresh = sql`${pageVisits.endedAt} is null and ${pageVisits.lastSeenAt} > ${cutoff.toISOString()}::timestamptz`;
  return sql<number>`case when bool_or(${fresh} and ${pageVisits.status} = 'online') then 0
    when bool_or(${fresh} and ${pageVisits.status} = 'away') then 1 else 2 end`.mapWith(Number);
}

/** A page of the users who visited, one row each, online first, then away, then offline by last sign of life. */
export async function findMonitoredUsers(
  db: DbOrTx,
  briefcaseId: number,
  cutoff: Date,
  page: { limit: number; offset: number; userId?: number },
) {
  const rank = presenceRank(cutoff);
  const lastSeen = max(pageVisits.lastSeenAt);
  return db
    .select({
      userId: pageVisits.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: companies.name,
      startedAt: min(pageVisits.startedAt),
      lastSeenAt: lastSeen,
      rank,
    })
    .from(pageVisits)
    .innerJoin(users, eq(users.id, pageVisits.userId))
    .leftJoin(companies, eq(companies.id, users.currentCompanyId))
    .where(
      and(
        eq(pageVisits.briefcaseId, briefcaseId),
        page.userId === undefined ? undefined : eq(pageVisits.userId, page.userId),
      ),
    )
    .groupBy(pageVisits.userId, users.firstName, users.lastName, users.email, companies.name)
    .orderBy(rank, desc(lastSeen), asc(pageVisits.userId))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMonitoredUsers(db: DbOrTx, briefcaseId: number, cutoff: Date) {
  const perUser = db
    .select({ userId: pageVisits.userId, rank: presenceRank(cutoff).as('rank') })
    .from(pageVisits)
    .where(eq(pageVisits.briefcaseId, briefcaseId))
    .groupBy(pageVisits.userId)
    .as('per_user');
  const [row] = await db
    .select({
      total: count(),
      online: sql<number>`count(*) filter (where ${perUser.rank} = 0)`.mapWith(Number),
    })
    .from(perUser);
  return { total: row?.total ?? 0, online: row?.online ?? 0 };
}
