/**
 * Writes the demo history (history.ts) as closed procedures of the demo's bank and MFO sellers, each lot won by one
 * demo buyer at its sale price, labelled as demo data in the procedure's texts. A few statements in all, so a
 * fresh `npm start` stays quick.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bids, briefcases, lots } from '../db/schema/index.ts';
import { BUYER_KEYS } from './accounts.data.ts';
import type { AccountIds } from './accounts.ts';
import { generateHistory, HISTORY_LABEL, type HistoryProcedure } from './history.ts';
import { classicStep } from './lots.ts';

/** About two procedures a week over two years: some 1,400 sold lots. */
export const HISTORY_PROCEDURES = 220;

const SELLER = { bank: 'sellerBank', mfo: 'sellerMfo' } as const;

export function demoHistory(seed: number, now: Date): HistoryProcedure[] {
  return generateHistory({
    now,
    seed: seed ^ 0x5eed17,
    procedures: HISTORY_PROCEDURES,
    sellerKinds: ['bank', 'mfo'],
  });
}

/**
 * A history procedure's analytics: what its lots' analytics hold, summed (feature counts, payments over 360 days)
 * and merged (cases per region), so its Аналитика tab shows the data the demo has rather than "Нет данных". The
 * lists the history does not generate (ОСЗ buckets, loan kinds, first creditors, enforcement-order placements)
 * stay absent.
 */
function historyAnalytics(lots: readonly HistoryProcedure['lots'][number][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const regions: Record<string, number> = {};
  for (const lot of lots) {
    for (const [key, value] of Object.entries(lot.analytics ?? {})) {
      if (key === 'regions_list' && value && typeof value === 'object') {
        for (const [code, n] of Object.entries(value as Record<string, number>))
          regions[code] = (regions[code] ?? 0) + n;
      } else if (typeof value === 'number') {
        out[key] = ((out[key] as number | undefined) ?? 0) + value;
      }
    }
  }
  out.regions_list = regions;
  return out;
}

export async function insertHistory(tx: DbOrTx, history: readonly HistoryProcedure[], ids: AccountIds) {
  const sellerOf = (p: HistoryProcedure) => SELLER[p.sellerKind as keyof typeof SELLER];
  const created = await tx
    .insert(briefcases)
    .values(
      history.map((p) => {
        const sum = (f: (l: HistoryProcedure['lots'][number]) => number) =>
          p.lots.reduce((s, l) => s + f(l), 0);
        const items = sum((l) => l.itemsCount);
        return {
          status: 'closed' as const,
          auctionType: p.auctionType,
          companyId: ids.company[sellerOf(p)],
          createdByUserId: ids.user[sellerOf(p)],
          kind: 'standard' as const,
          startDatetime: p.start,
          endDatetime: p.end,
          publishedAt: new Date(p.start.getTime() - 3 * 86_400_000),
          activity: p.sellerKind === 'bank' ? 'banking' : 'microfinance',
          sourceKind: 'overdue_loans',
          sourceDebtorType: 'individuals',
          liability: 'unsecured' as const,
          sourceDescription: HISTORY_LABEL,
          description: HISTORY_LABEL,
          personalDataAgreement: true,
          amountTotal: sum((l) => l.amountTotal),
          amountBottomline: sum((l) => l.amountBottomline),
          amountMean: Math.round(sum((l) => l.amountTotal) / items),
          bottomlineMean: Math.round(sum((l) => l.amountBottomline) / items),
          startPrice: sum((l) => l.startPrice),
          itemsCount: items,
          dpd: Math.round(sum((l) => (l.dpd ?? 0) * l.itemsCount) / items),
          dplp: Math.round(sum((l) => (l.dplp ?? 0) * l.itemsCount) / items),
          analytics: historyAnalytics(p.lots),
          createdAt: new Date(p.start.getTime() - 7 * 86_400_000),
          updatedAt: p.end,
        };
      }),
    )
    .returning({ id: briefcases.id });

  // One jsonb parameter expanded by the database: thousands of bind parameters cost PGlite seconds.
  const lotRows = history.flatMap((p, i) =>
    p.lots.map((l, k) => ({
      briefcase_id: created[i]!.id,
      k,
      number: l.number,
      amount_total: l.amountTotal,
      amount_bottomline: l.amountBottomline,
      bottomline_mean: Math.round(l.amountBottomline / l.itemsCount),
      items_count: l.itemsCount,
      dpd: l.dpd,
      dplp: l.dplp,
      start_price: l.startPrice,
      step_price: classicStep(l.startPrice),
      current_price: l.salePrice,
      winner_company_id: ids.company[BUYER_KEYS[(i + k) % BUYER_KEYS.length]!],
      start_datetime: p.start.toISOString(),
      end_datetime: p.end.toISOString(),
      analytics: l.analytics,
    })),
  );
  const inserted = await tx.execute(sql`insert into ${lots} (briefcase_id, number, alias_number, name, status,
      amount_total, amount_bottomline, bottomline_mean, items_count, dpd, dplp, start_price, step_price, current_price,
      bids_count, bidders_count, winner_company_id, start_datetime, end_datetime, analytics, version, created_at,
      updated_at)
    select r.briefcase_id, r.number, r.number::text, 'Лот ' || r.number || ': демо-история', 'closed',
      r.amount_total, r.amount_bottomline, r.bottomline_mean, r.items_count, r.dpd, r.dplp, r.start_price,
      r.step_price, r.current_price, 1, 1, r.winner_company_id, r.start_datetime, r.end_datetime, r.analytics, 1,
      r.start_datetime, r.end_datetime
    from jsonb_to_recordset(${JSON.stringify(lotRows)}::jsonb) as r(briefcase_id int, k int, number int,
      amount_total bigint, amount_bottomline bigint, bottomline_mean bigint, items_count int, dpd int, dplp int,
      start_price bigint, step_price bigint, current_price bigint, winner_company_id int,
      start_datetime timestamptz, end_datetime timestamptz, analytics jsonb)
    order by r.briefcase_id, r.k
    returning id, briefcase_id, number`);
  const byKey = new Map(
    (inserted as unknown as { rows: { id: number; briefcase_id: number; number: number }[] }).rows.map(
      (r) => [`${r.briefcase_id}:${r.number}`, r.id],
    ),
  );
  const lotIds = history.flatMap((p, i) => p.lots.map((l) => byKey.get(`${created[i]!.id}:${l.number}`)!));

  let k = 0;
  const bidRows = history.flatMap((p, i) =>
    p.lots.map((l, j) => {
      const buyer = BUYER_KEYS[(i + j) % BUYER_KEYS.length]!;
      return {
        lot_id: lotIds[k++]!,
        briefcase_id: created[i]!.id,
        user_id: ids.user[buyer],
        company_id: ids.company[buyer],
        amount: l.salePrice,
        at: new Date(p.end.getTime() - 600_000).toISOString(),
      };
    }),
  );
  await tx.execute(sql`insert into ${bids} (lot_id, briefcase_id, user_id, company_id, amount, created_at, updated_at)
    select r.lot_id, r.briefcase_id, r.user_id, r.company_id, r.amount, r.at, r.at
    from jsonb_to_recordset(${JSON.stringify(bidRows)}::jsonb) as r(lot_id int, briefcase_id int, user_id int,
      company_id int, amount bigint, at timestamptz)
    order by r.lot_id`);
  // One join over the new lots (each has exactly one bid), not a subquery per lot.
  await tx.execute(sql`update ${lots} set leader_bid_id = b.id, winner_bid_id = b.id
    from ${bids} b where b.lot_id = ${lots.id} and ${lots.id} between ${lotIds[0]!} and ${lotIds.at(-1)!}`);
  return { procedures: history.length, lots: lotIds.length };
}
