/** Who hears about a procedure's trading: SQL only. */
import { and, eq, isNull } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import {
  autobids,
  bids,
  briefcaseCompanyLists,
  favouriteBriefcases,
  lots,
  memberships,
  roundRequests,
  users,
} from '../../../db/schema/index.ts';

/** The seller company's live users and every user with a bid, an autobid or a favourite star on the procedure. */
export async function procedureAudienceUserIds(
  db: DbOrTx,
  briefcaseId: number,
  sellerCompanyId: number,
): Promise<number[]> {
  const rows = await union(
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, sellerCompanyId), isNull(users.deletedAt))),
    db.select({ userId: bids.userId }).from(bids).where(eq(bids.briefcaseId, briefcaseId)),
    db
      .select({ userId: autobids.userId })
      .from(autobids)
      .innerJoin(lots, eq(lots.id, autobids.lotId))
      .where(eq(lots.briefcaseId, briefcaseId)),
    db
      .select({ userId: favouriteBriefcases.userId })
      .from(favouriteBriefcases)
      .where(eq(favouriteBriefcases.briefcaseId, briefcaseId)),
  );
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

/** Each user who bid on the lot, with the company they bid for (live users only). */
export async function lotBidderUserIds(
  db: DbOrTx,
  lotId: number,
): Promise<{ userId: number; companyId: number }[]> {
  return db
    .selectDistinct({ userId: bids.userId, companyId: bids.companyId })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(and(eq(bids.lotId, lotId), isNull(users.deletedAt)))
    .orderBy(bids.userId, bids.companyId);
}

/** The live users of the companies invited to the procedure (its whitelist). */
export async function invitedUserIds(db: DbOrTx, briefcaseId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(briefcaseCompanyLists)
    .innerJoin(memberships, eq(memberships.companyId, briefcaseCompanyLists.companyId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(briefcaseCompanyLists.briefcaseId, briefcaseId),
        eq(briefcaseCompanyLists.list, 'whitelist'),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

/** The live users of the companies that applied for a next round of the procedure. */
export async function applicantUserIds(db: DbOrTx, briefcaseId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(roundRequests)
    .innerJoin(memberships, eq(memberships.companyId, roundRequests.companyId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(roundRequests.briefcaseId, briefcaseId), isNull(users.deletedAt)));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}
