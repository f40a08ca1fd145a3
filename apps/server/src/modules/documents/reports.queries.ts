/** SQL of the seller's reports: lots with leaders and winners, all bids page by page, the companies around it. */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bids, briefcaseCompanyLists, briefcases, companies, lots } from '../../db/schema/index.ts';
import { lotDealStates } from './protocol.queries.ts';

/** The procedure a seller's report is headed with: its state, type, seller's name and trading times. */
export async function findReportProcedure(db: DbOrTx, briefcaseId: number) {
  const [row] = await db
    .select({
      id: briefcases.id,
      status: briefcases.status,
      nextRoundCount: briefcases.nextRoundCount,
      auctionType: briefcases.auctionType,
      seller: companies.name,
      startDatetime: briefcases.startDatetime,
      endDatetime: briefcases.endDatetime,
    })
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(eq(briefcases.id, briefcaseId));
  return row;
}

export async function findReportLots(db: DbOrTx, briefcaseId: number) {
  const rows = await db
    .select({
      id: lots.id,
      number: lots.number,
      aliasNumber: lots.aliasNumber,
      name: lots.name,
      status: lots.status,
      composite: lots.composite,
      itemsCount: lots.itemsCount,
      amountTotal: lots.amountTotal,
      amountBottomline: lots.amountBottomline,
      startPrice: lots.startPrice,
      currentPrice: lots.currentPrice,
      bidsCount: lots.bidsCount,
      biddersCount: lots.biddersCount,
      leaderBidId: lots.leaderBidId,
      winnerBidId: lots.winnerBidId,
      isWithoutWinner: lots.isWithoutWinner,
      endDatetime: lots.endDatetime,
    })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId))
    .orderBy(asc(lots.composite), asc(lots.number), asc(lots.id));
  const keyIds = rows.flatMap((l) => [l.leaderBidId, l.winnerBidId]).filter((id): id is number => !!id);
  const keyBids = keyIds.length
    ? await db
        .select({ id: bids.id, amount: bids.amount, company: companies.name })
        .from(bids)
        .innerJoin(companies, eq(companies.id, bids.companyId))
        .where(inArray(bids.id, keyIds))
    : [];
  const byId = new Map(keyBids.map((b) => [b.id, b]));
  const dealStates = await lotDealStates(db, briefcaseId);
  return rows.map((lot) => ({
    ...lot,
    deal: dealStates.get(lot.id) ?? null,
    leader: lot.leaderBidId ? (byId.get(lot.leaderBidId) ?? null) : null,
    winner: lot.winnerBidId ? (byId.get(lot.winnerBidId) ?? null) : null,
  }));
}

export type ReportLot = Awaited<ReturnType<typeof findReportLots>>[number];

const BIDS_PAGE = 5_000;

/** Every bid of the procedure in the order placed, read a page at a time (a busy procedure has many). */
export async function* procedureBids(db: DbOrTx, briefcaseId: number) {
  let after = 0;
  for (;;) {
    const page = await db
      .select({
        id: bids.id,
        lotId: bids.lotId,
        createdAt: bids.createdAt,
        amount: bids.amount,
        sourceType: bids.sourceType,
        state: bids.state,
        company: companies.name,
        inn: companies.inn,
      })
      .from(bids)
      .innerJoin(companies, eq(companies.id, bids.companyId))
      .where(and(eq(bids.briefcaseId, briefcaseId), gt(bids.id, after)))
      .orderBy(asc(bids.id))
      .limit(BIDS_PAGE);
    yield* page;
    if (page.length < BIDS_PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

export interface CompanyInfoRow {
  name: string;
  fullName: string;
  inn: string | null;
  kind: string;
  invited: boolean;
  excluded: boolean;
  bids: number;
  lotsWithBids: number;
  lotsWon: number;
}

/** The companies that bid, were invited or were excluded, with their bids, lots bid on and lots won. */
export async function findCompaniesInfo(db: DbOrTx, briefcaseId: number): Promise<CompanyInfoRow[]> {
  const result = await db.execute(sql`
    with bidders as (
      select b.company_id, count(*)::int as bids, count(distinct b.lot_id)::int as lots
      from ${bids} b where b.briefcase_id = ${briefcaseId} and b.state = 'active' group by b.company_id
    ), winners as (
      select l.winner_company_id as company_id, count(*)::int as won
      from ${lots} l where l.briefcase_id = ${briefcaseId} and l.winner_company_id is not null
      group by l.winner_company_id
    ), listed as (
      select company_id, bool_or(list = 'whitelist') as invited, bool_or(list = 'blacklist') as excluded
      from ${briefcaseCompanyLists} where briefcase_id = ${briefcaseId} group by company_id
    ), ids as (
      select company_id from bidders union select company_id from listed
    )
    select c.name, c.full_name, c.inn, c.kind,
      coalesce(listed.invited, false) as invited, coalesce(listed.excluded, false) as excluded,
      coalesce(bidders.bids, 0) as bids, coalesce(bidders.lots, 0) as lots, coalesce(winners.won, 0) as won
    from ids
    join ${companies} c on c.id = ids.company_id
    left join bidders on bidders.company_id = ids.company_id
    left join winners on winners.company_id = ids.company_id
    left join listed on listed.company_id = ids.company_id
    order by coalesce(bidders.bids, 0) desc, c.name`);
  return (
    result as unknown as {
      rows: {
        name: string;
        full_name: string;
        inn: string | null;
        kind: string;
        invited: boolean;
        excluded: boolean;
        bids: number;
        lots: number;
        won: number;
      }[];
    }
  ).rows.map((r) => ({
    name: r.name,
    fullName: r.full_name,
    inn: r.inn,
    kind: r.kind,
    invited: r.invited,
    excluded: r.excluded,
    bids: Number(r.bids),
    lotsWithBids: Number(r.lots),
    lotsWon: Number(r.won),
  }));
}
