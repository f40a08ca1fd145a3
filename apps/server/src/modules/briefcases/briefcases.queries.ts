/** SQL of the procedure feed and card: filters, visibility, per-procedure counters. */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type AuctionTypeColumn,
  autobids,
  type BriefcaseStatusColumn,
  bids,
  briefcaseCompanyLists,
  briefcaseRowColumns,
  briefcases,
  companies,
  favouriteBriefcases,
  lots,
} from '../../db/schema/index.ts';

export interface Viewer {
  userId: number;
  isAdmin: boolean;
  /** Every company the viewer belongs to: they are the master of these companies' procedures. */
  companyIds: number[];
  currentCompanyId: number | null;
}

export interface FeedFilter {
  participation?: boolean;
  owned?: boolean;
  favorites?: boolean;
  auctionType?: AuctionTypeColumn;
  statuses?: readonly BriefcaseStatusColumn[];
  query?: string;
  companyIds?: number[];
  startFrom?: Date;
  startTo?: Date;
}

const DRAFT_STATUSES: BriefcaseStatusColumn[] = ['created', 'pending'];
const none = sql`false`;

/** Procedures the viewer may see in the feed at all (drafts and hidden ones only to their seller and admins). */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  const own = viewer.companyIds.length > 0 ? inArray(briefcases.companyId, viewer.companyIds) : none;
  return or(and(notInArray(briefcases.status, DRAFT_STATUSES), eq(briefcases.hidden, false)), own);
}

function participates(companyId: number | null): SQL {
  if (companyId === null) return none;
  return or(
    sql`exists (select 1 from ${bids} where ${bids.briefcaseId} = ${briefcases.id} and ${bids.companyId} = ${companyId})`,
    sql`exists (select 1 from ${autobids} join ${lots} on ${lots.id} = ${autobids.lotId}
          where ${lots.briefcaseId} = ${briefcases.id} and ${autobids.companyId} = ${companyId})`,
  ) as SQL;
}

function isFavourite(userId: number): SQL {
  return sql`exists (select 1 from ${favouriteBriefcases} where ${favouriteBriefcases.briefcaseId} = ${briefcases.id} and ${favouriteBriefcases.userId} = ${userId})`;
}

function conditions(viewer: Viewer, f: FeedFilter, withStatus: boolean): SQL | undefined {
  const list: (SQL | undefined)[] = [visibleTo(viewer)];
  if (f.participation) list.push(participates(viewer.currentCompanyId));
  if (f.owned) list.push(viewer.currentCompanyId ? eq(briefcases.companyId, viewer.currentCompanyId) : none);
  if (f.favorites) list.push(isFavourite(viewer.userId));
  if (f.auctionType) list.push(eq(briefcases.auctionType, f.auctionType));
  if (withStatus && f.statuses) list.push(inArray(briefcases.status, [...f.statuses]));
  if (f.companyIds?.length) list.push(inArray(briefcases.companyId, f.companyIds));
  if (f.startFrom) list.push(gte(briefcases.startDatetime, f.startFrom));
  // An end alone is the feed's default window (spec 2 §2, "until today + 30 days"; decisions/0146): a procedure
  // with no start date yet is still to come, so it stays. A day or a range (start and end) asks for dated ones.
  if (f.startTo) {
    const until = lte(briefcases.startDatetime, f.startTo);
    list.push(f.startFrom ? until : or(isNull(briefcases.startDatetime), until));
  }
  if (f.query) {
    const like = `%${f.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byId = /^\d{1,9}$/.test(f.query) ? eq(briefcases.id, Number(f.query)) : undefined;
    list.push(or(byId, ilike(companies.name, like), ilike(companies.fullName, like)));
  }
  return and(...list);
}

/** The per-row fields of the feed: the procedure, its seller and its counters. */
function feedSelection(viewer: Viewer) {
  const company = viewer.currentCompanyId ?? 0;
  return {
    briefcase: briefcaseRowColumns,
    company: { id: companies.id, name: companies.name, kind: companies.kind, logoKey: companies.logoKey },
    lotsCount: sql<number>`(select count(*)::int from ${lots} where ${lots.briefcaseId} = ${briefcases.id})`,
    // The latest end of the procedure's lots: anti-sniping and "+N мин" move a lot's end past the procedure's.
    lotsEndAt:
      sql<Date | null>`(select max(${lots.endDatetime}) from ${lots} where ${lots.briefcaseId} = ${briefcases.id})`.mapWith(
        lots.endDatetime,
      ),
    bidsCount: sql<number>`(select count(*)::int from ${bids} where ${bids.briefcaseId} = ${briefcases.id} and ${bids.state} = 'active')`,
    biddersCount: sql<number>`(select count(distinct ${bids.companyId})::int from ${bids} where ${bids.briefcaseId} = ${briefcases.id} and ${bids.state} = 'active')`,
    isFavorited: isFavourite(viewer.userId).mapWith(Boolean),
    blacklisted: sql<boolean>`exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'blacklist' and l.company_id = ${company})`,
    notInvited: sql<boolean>`(exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'whitelist')
      and not exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'whitelist' and l.company_id = ${company}))`,
  };
}

export type FeedRow = Awaited<ReturnType<typeof findFeedPage>>[number];

export async function findFeedPage(
  db: DbOrTx,
  viewer: Viewer,
  filter: FeedFilter,
  page: { limit: number; offset: number; order: 'active' | 'start_datetime'; direction: 'asc' | 'desc' },
) {
  const byStart = page.direction === 'asc' ? asc(briefcases.startDatetime) : desc(briefcases.startDatetime);
  // Procedures starting at the same minute follow their ids the same way, as the calendar lists them
  // (findCalendarRows): a day's carousel then walks its procedures in the order the calendar's day shows them.
  const byId = page.direction === 'asc' ? asc(briefcases.id) : desc(briefcases.id);
  // order=active (decisions/0116): what trades now, then what starts next, each soonest first; then everything
  // else newest first. Start days thus run forward, then back, and the feed's date groups follow the list.
  const ordering =
    page.order === 'active'
      ? [
          sql`case ${briefcases.status} when 'active' then 0 when 'ready' then 1 else 2 end`,
          sql`case when ${briefcases.status} in ('active', 'ready') then ${briefcases.startDatetime} end asc nulls last`,
          sql`${briefcases.startDatetime} desc nulls last`,
          desc(briefcases.id),
        ]
      : [sql`${byStart} nulls last`, byId];
  return db
    .select(feedSelection(viewer))
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(conditions(viewer, filter, true))
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset);
}

/** How many procedures of each status match the filters, ignoring the status filter itself. */
export async function countByStatus(
  db: DbOrTx,
  viewer: Viewer,
  filter: FeedFilter,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: briefcases.status, n: sql<number>`count(*)::int` })
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(conditions(viewer, filter, false))
    .groupBy(briefcases.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function countFeedTabs(db: DbOrTx, viewer: Viewer) {
  const count = (f: FeedFilter) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(briefcases)
      .innerJoin(companies, eq(companies.id, briefcases.companyId))
      .where(conditions(viewer, f, true))
      .then((r) => r[0]?.n ?? 0);
  const [total, withBids, favourited, my] = await Promise.all([
    count({}),
    count({ participation: true }),
    count({ favorites: true }),
    count({ owned: true }),
  ]);
  return { total, with_bids: withBids, favourited, my };
}

export async function findCardRow(db: DbOrTx, viewer: Viewer, id: number): Promise<FeedRow | null> {
  const [row] = await db
    .select(feedSelection(viewer))
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(eq(briefcases.id, id))
    .limit(1);
  return row ?? null;
}

export async function toggleFavouriteBriefcase(
  db: DbOrTx,
  userId: number,
  briefcaseId: number,
): Promise<boolean> {
  const removed = await db
    .delete(favouriteBriefcases)
    .where(and(eq(favouriteBriefcases.userId, userId), eq(favouriteBriefcases.briefcaseId, briefcaseId)))
    .returning();
  if (removed.length > 0) return false;
  await db.insert(favouriteBriefcases).values({ userId, briefcaseId }).onConflictDoNothing();
  return true;
}

/**
 * What the access rules need of the procedure of a lot, from the lot id, for one company: status, seller,
 * hidden, and the company's place on the procedure's lists. Undefined when the lot does not exist.
 */
export async function findLotAccessFacts(db: DbOrTx, lotId: number, company: number) {
  const [row] = await db
    .select({
      briefcaseId: lots.briefcaseId,
      status: briefcases.status,
      companyId: briefcases.companyId,
      hidden: briefcases.hidden,
      blacklisted: sql<boolean>`exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'blacklist' and l.company_id = ${company})`,
      notInvited: sql<boolean>`(exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'whitelist')
      and not exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'whitelist' and l.company_id = ${company}))`,
    })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .where(eq(lots.id, lotId))
    .limit(1);
  return row;
}

/** Locks the procedure's row: status changes of a procedure happen under this lock, one at a time. */
export async function lockBriefcase(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select(briefcaseRowColumns)
    .from(briefcases)
    .where(eq(briefcases.id, id))
    .for('update');
  return row ?? null;
}

/** The most procedures one calendar call returns (three months of a busy platform fit many times over). */
const CALENDAR_MAX_ROWS = 3000;

/** Procedures the viewer may see in the feed that start in [from, to), by start time (the calendar). */
export async function findCalendarRows(db: DbOrTx, viewer: Viewer, from: Date, to: Date) {
  return db
    .select({
      id: briefcases.id,
      auctionType: briefcases.auctionType,
      kind: briefcases.kind,
      status: briefcases.status,
      startDatetime: briefcases.startDatetime,
      companyName: companies.name,
    })
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(and(visibleTo(viewer), gte(briefcases.startDatetime, from), lt(briefcases.startDatetime, to)))
    .orderBy(asc(briefcases.startDatetime), asc(briefcases.id))
    .limit(CALENDAR_MAX_ROWS);
}

export type CompanySearchKind = 'all' | 'bank' | 'mfo' | 'pko' | 'legal';

const isPko = sql<boolean>`(${companies.kind} = 'legal' and coalesce(${companies.okved}, '') like '82.91%')`;

function ofKind(kind: CompanySearchKind): SQL | undefined {
  switch (kind) {
    case 'all':
      return undefined;
    case 'bank':
    case 'mfo':
      return eq(companies.kind, kind);
    case 'pko':
      return isPko;
    case 'legal':
      return and(eq(companies.kind, 'legal'), sql`not ${isPko}`);
  }
}

/**
 * Sellers of procedures the viewer may see in the feed (the feed's organisation filter), matching a name and a
 * kind chip; `order` status puts sellers with a procedure trading now first (active, then ready).
 */
export async function searchFeedCompanies(
  db: DbOrTx,
  viewer: Viewer,
  search: { text: string; kind: CompanySearchKind; order: 'status' | 'name'; limit: number },
) {
  const like = `%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rank = sql<number>`min(case ${briefcases.status} when 'active' then 0 when 'ready' then 1 else 2 end)`;
  return db
    .select({
      id: companies.id,
      name: companies.name,
      fullName: companies.fullName,
      kind: companies.kind,
      pko: isPko.mapWith(Boolean),
    })
    .from(companies)
    .innerJoin(briefcases, eq(briefcases.companyId, companies.id))
    .where(
      and(
        visibleTo(viewer),
        ofKind(search.kind),
        search.text ? or(ilike(companies.name, like), ilike(companies.fullName, like)) : undefined,
      ),
    )
    .groupBy(companies.id)
    .orderBy(...(search.order === 'status' ? [asc(rank)] : []), asc(companies.name), asc(companies.id))
    .limit(search.limit);
}

/** Names of the given companies that sell procedures the viewer may see (the filter's chosen chips). */
export async function findFeedCompaniesByIds(db: DbOrTx, viewer: Viewer, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectDistinct({
      id: companies.id,
      name: companies.name,
      fullName: companies.fullName,
      kind: companies.kind,
      pko: isPko.mapWith(Boolean),
    })
    .from(companies)
    .innerJoin(briefcases, eq(briefcases.companyId, companies.id))
    .where(and(visibleTo(viewer), inArray(companies.id, ids)));
}
