/**
 * Writes the demo history (history.ts) as closed procedures of the demo's bank and MFO sellers, each lot won by one
 * demo buyer at its sale price, labelled as demo data in the procedure's texts. A few statements in all, so a
 * fresh `npm start` stays quick.
 */
import { inArray, sql } from 'drizzle-orm';
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
          createdAt: new Date(p.start.getTime() - 7 * 86_400_000),
          updatedAt: p.end,
        };
      }),
    )
    .returning({ id: briefcases.id });

  const lotRows = history.flatMap((p, i) =>
    p.lots.map((l, k) => ({
      briefcaseId: created[i]!.id,
      number: l.number,
      aliasNumber: String(l.number),
      name: `Лот ${l.number}: демо-история`,
      status: 'closed' as const,
      amountTotal: l.amountTotal,
      amountBottomline: l.amountBottomline,
      bottomlineMean: Math.round(l.amountBottomline / l.itemsCount),
      itemsCount: l.itemsCount,
      dpd: l.dpd,
      dplp: l.dplp,
      startPrice: l.startPrice,
      stepPrice: classicStep(l.startPrice),
      currentPrice: l.salePrice,
      bidsCount: 1,
      biddersCount: 1,
      winnerCompanyId: ids.company[BUYER_KEYS[(i + k) % BUYER_KEYS.length]!],
      startDatetime: p.start,
      endDatetime: p.end,
      analytics: l.analytics as never,
      version: 1,
      createdAt: p.start,
      updatedAt: p.end,
    })),
  );
  const lotIds = (await tx.insert(lots).values(lotRows).returning({ id: lots.id })).map((r) => r.id);

  let k = 0;
  const bidRows = history.flatMap((p, i) =>
    p.lots.map((l, j) => {
      const buyer = BUYER_KEYS[(i + j) % BUYER_KEYS.length]!;
      return {
        lotId: lotIds[k++]!,
        briefcaseId: created[i]!.id,
        userId: ids.user[buyer],
        companyId: ids.company[buyer],
        amount: l.salePrice,
        createdAt: new Date(p.end.getTime() - 600_000),
        updatedAt: new Date(p.end.getTime() - 600_000),
      };
    }),
  );
  await tx.insert(bids).values(bidRows);
  await tx
    .update(lots)
    .set({
      leaderBidId: sql`(select b.id from ${bids} b where b.lot_id = ${lots.id})`,
      winnerBidId: sql`(select b.id from ${bids} b where b.lot_id = ${lots.id})`,
    })
    .where(inArray(lots.id, lotIds));
  return { procedures: history.length, lots: lotIds.length };
}
