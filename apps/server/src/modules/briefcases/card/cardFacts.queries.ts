/**
 * SQL of what the procedure card shows that depends on the viewer's company or on the lots (spec 2 §2 card header,
 * §3 TP fields): the sum of the company's own standing bids, whether it has an enabled autobid, the lot id range
 * (the lot dialog's arrows wrap from the last to the first).
 */
import { type BriefcaseStatus, type CompanyKind, RESULT_STATUSES, statusIn } from '@etp/domain';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { autobids, bids, briefcaseCompanyLists, companies, lots } from '../../../db/schema/index.ts';

export interface CardViewerFacts {
  bidsTotalAmountCents: number | null;
  hasEnabledAutobids: boolean;
  minLotId: number | null;
  maxLotId: number | null;
}

export async function findCardViewerFacts(
  db: DbOrTx,
  briefcaseId: number,
  companyId: number | null,
): Promise<CardViewerFacts> {
  const [range] = await db
    .select({ min: sql<number | null>`min(${lots.id})`, max: sql<number | null>`max(${lots.id})` })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId));
  if (companyId === null)
    return {
      bidsTotalAmountCents: null,
      hasEnabledAutobids: false,
      minLotId: idOrNull(range?.min),
      maxLotId: idOrNull(range?.max),
    };
  // Per lot, the company's latest bid that still stands; their sum is what it has offered in this procedure.
  const totals = (await db.execute(sql`
    select sum(amount) as total from (
      select distinct on (lot_id) amount from bids
      where briefcase_id = ${briefcaseId} and company_id = ${companyId} and state = 'active'
      order by lot_id, id desc
    ) own`)) as unknown as { rows: { total: string | number | null }[] };
  const [autobid] = await db
    .select({ id: autobids.id })
    .from(autobids)
    .innerJoin(lots, eq(lots.id, autobids.lotId))
    .where(
      and(eq(lots.briefcaseId, briefcaseId), eq(autobids.companyId, companyId), eq(autobids.enabled, true)),
    )
    .limit(1);
  const total = totals.rows[0]?.total ?? null;
  return {
    bidsTotalAmountCents: total === null ? null : Number(total),
    hasEnabledAutobids: autobid !== undefined,
    minLotId: idOrNull(range?.min),
    maxLotId: idOrNull(range?.max),
  };
}

const idOrNull = (v: number | string | null | undefined) =>
  v === null || v === undefined ? null : Number(v);

/** What only the seller and administrators see on the Портфель tab (spec 2 §2, §6). */
export interface CardMasterFacts {
  invited: { id: number; full_name: string; inn: string | null; kind: CompanyKind }[];
  rejected: { id: number; full_name: string; inn: string | null; kind: CompanyKind }[];
  /** Each lot with a winner decision (a winner, or none), in lot order; null before trading is over. */
  winners:
    | { lot_id: number; lot_number: string; company_name: string | null; amount: number | null }[]
    | null;
}

export async function findCardMasterFacts(
  db: DbOrTx,
  briefcaseId: number,
  status: BriefcaseStatus,
): Promise<CardMasterFacts> {
  const listed = await db
    .select({
      list: briefcaseCompanyLists.list,
      id: companies.id,
      full_name: companies.fullName,
      name: companies.name,
      inn: companies.inn,
      kind: companies.kind,
    })
    .from(briefcaseCompanyLists)
    .innerJoin(companies, eq(companies.id, briefcaseCompanyLists.companyId))
    .where(eq(briefcaseCompanyLists.briefcaseId, briefcaseId))
    .orderBy(asc(briefcaseCompanyLists.createdAt), asc(companies.id));
  const company = (c: (typeof listed)[number]) => ({
    id: c.id,
    full_name: c.full_name ?? c.name,
    inn: c.inn,
    kind: c.kind,
  });
  let winners: CardMasterFacts['winners'] = null;
  if (statusIn(status, RESULT_STATUSES)) {
    const rows = await db
      .select({
        lot_id: lots.id,
        number: lots.number,
        alias: lots.aliasNumber,
        company_name: companies.name,
        amount: bids.amount,
      })
      .from(lots)
      .leftJoin(bids, eq(bids.id, lots.winnerBidId))
      .leftJoin(companies, eq(companies.id, lots.winnerCompanyId))
      .where(
        and(
          eq(lots.briefcaseId, briefcaseId),
          or(isNotNull(lots.winnerCompanyId), eq(lots.isWithoutWinner, true)),
        ),
      )
      .orderBy(asc(lots.number));
    winners = rows.map((r) => ({
      lot_id: r.lot_id,
      lot_number: r.alias ?? String(r.number),
      company_name: r.company_name,
      amount: r.company_name === null ? null : r.amount,
    }));
  }
  return {
    invited: listed.filter((c) => c.list === 'whitelist').map(company),
    rejected: listed.filter((c) => c.list === 'blacklist').map(company),
    winners,
  };
}
