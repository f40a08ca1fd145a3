/** Turns the statistics rows into the spec's JSON; sealed lots keep their amounts hidden until their end. */
import type { BriefcaseStatsAttributes } from '@etp/contracts';
import {
  type AuctionType,
  isPrivateAuction,
  lotsCountedInTotals,
  sealedAmountsRevealed,
  toMoscowIso,
} from '@etp/domain';
import type { bestBidPerMinute, bidsPerMinute, findStatsLots } from './statistics.queries.ts';

type StatsLot = Awaited<ReturnType<typeof findStatsLots>>[number];

/** Whether the lot's price may be shown: always for open formats, from the end on for sealed offers. */
function priceVisible(auctionType: AuctionType, lot: Pick<StatsLot, 'status'>): boolean {
  return !isPrivateAuction(auctionType) || sealedAmountsRevealed(lot.status);
}

export function hiddenLotIds(auctionType: AuctionType, lotRows: readonly StatsLot[]): number[] {
  return lotRows.filter((l) => !priceVisible(auctionType, l)).map((l) => l.id);
}

export function presentStats(input: {
  auctionType: AuctionType;
  counters: { bids: number; users: number };
  downloaded: number;
  lots: StatsLot[];
  perMinute: Awaited<ReturnType<typeof bidsPerMinute>>;
  prices: Awaited<ReturnType<typeof bestBidPerMinute>>;
}): BriefcaseStatsAttributes {
  // The whole-portfolio lot holds the parts' debts again: the totals count each debt once (decisions/0245).
  const counted = new Set(
    lotsCountedInTotals(
      input.lots.map((l) => ({ id: l.id, composite: l.composite, items_count: l.itemsCount })),
    ).map((l) => l.id),
  );
  const lots = input.lots.map((l) => ({
    id: l.id,
    number: l.number,
    name: l.aliasNumber ?? `Лот №${l.number}`,
    current_price: priceVisible(input.auctionType, l) ? l.currentPrice : null,
    start_price: l.startPrice,
    bids_count: l.bidsCount,
    composite: l.composite,
    in_totals: counted.has(l.id),
  }));
  return {
    users: input.counters.users,
    downloaded: input.downloaded,
    bids: input.counters.bids,
    statuses: {
      total_lots: input.lots.length,
      with_bids: input.lots.filter((l) => l.bidsCount > 0).length,
      finished_lots: input.lots.filter((l) => l.status === 'finished' || l.status === 'closed').length,
    },
    current_price: lots.reduce((acc, l) => acc + (l.in_totals ? (l.current_price ?? 0) : 0), 0),
    lots,
    histograms: {
      bids: input.perMinute.map((m) => ({ time: toMoscowIso(m.minute), bids: m.bids, users: m.users })),
      prices: input.prices.map((p) => ({
        x: toMoscowIso(p.at),
        amount_cents: p.amount,
        company_name: p.companyName,
        lot_id: p.lotId,
      })),
    },
  };
}
