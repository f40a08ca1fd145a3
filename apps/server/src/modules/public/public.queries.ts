/**
 * SQL of the public schedule (docs/decisions/0036-public-area.md): published, not hidden procedures that are
 * trading now, the nearest upcoming ones and the recently ended ones.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { briefcases, callRequests, companies } from '../../db/schema/index.ts';

const ENDED = [
  'finished',
  'closed',
  'closed_without_bids',
  'closed_without_winners',
  'closed_with_next_round',
] as const;

const columns = {
  id: briefcases.id,
  auctionType: briefcases.auctionType,
  startDatetime: briefcases.startDatetime,
  status: briefcases.status,
  companyId: companies.id,
  companyName: companies.name,
  logoKey: companies.logoKey,
};

const visible = eq(briefcases.hidden, false);

function base(db: DbOrTx) {
  return db.select(columns).from(briefcases).innerJoin(companies, eq(companies.id, briefcases.companyId));
}

export async function findSchedule(
  db: DbOrTx,
  now: Date,
  limits: { upcoming: number; ended: number; endedSince: Date },
) {
  const active = await base(db)
    .where(and(visible, eq(briefcases.status, 'active')))
    .orderBy(asc(briefcases.startDatetime), asc(briefcases.id));
  const upcoming = await base(db)
    .where(and(visible, eq(briefcases.status, 'ready'), gt(briefcases.startDatetime, now)))
    .orderBy(asc(briefcases.startDatetime), asc(briefcases.id))
    .limit(limits.upcoming);
  // A procedure cancelled after it was published stays on the schedule, shown as cancelled.
  const ended = await base(db)
    .where(
      and(
        visible,
        or(
          inArray(briefcases.status, [...ENDED]),
          and(eq(briefcases.status, 'rejected'), isNotNull(briefcases.publishedAt)),
        ),
        gt(sql`coalesce(${briefcases.endDatetime}, ${briefcases.startDatetime})`, limits.endedSince),
      ),
    )
    .orderBy(desc(briefcases.startDatetime), desc(briefcases.id))
    .limit(limits.ended);
  return { active, upcoming, ended };
}

export type ScheduleRow = Awaited<ReturnType<typeof findSchedule>>['active'][number];

export async function insertCallRequest(db: DbOrTx, row: typeof callRequests.$inferInsert): Promise<void> {
  await db.insert(callRequests).values(row);
}
