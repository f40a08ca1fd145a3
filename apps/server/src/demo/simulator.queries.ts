/** SQL of the demo simulator: the lots it may trade on and the demo buyers it trades as. */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { briefcases, lots, memberships, users } from '../db/schema/index.ts';

/** Active lots of classic and dutch procedures created before `createdBefore`, with their type and seller. */
export async function findSimulatedLots(db: DbOrTx, createdBefore: Date) {
  return db
    .select({ lot: lots, auctionType: briefcases.auctionType, sellerId: briefcases.companyId })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .where(
      and(
        eq(lots.status, 'active'),
        inArray(briefcases.auctionType, ['classic', 'dutch']),
        lt(briefcases.createdAt, createdBefore),
      ),
    );
}

/** The ids of the users with these e-mails, once per company they belong to (none without a company). */
export async function findMemberIdsByEmails(db: DbOrTx, emails: string[]): Promise<{ id: number }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(inArray(users.email, emails));
}
