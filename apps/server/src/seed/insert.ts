/** Writes the demo model: procedures, lots, registry rows, bids and their consequences. */
import type { Liability } from '@etp/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  autobids,
  bids,
  briefcaseCompanyLists,
  briefcases,
  lots,
  registryRows,
  roundRequests,
} from '../db/schema/index.ts';
import type { AccountIds } from './accounts.ts';
import type { ProcedureModel } from './build.ts';
import type { LotModel } from './lots.ts';
import { DUTCH_RENEWAL_MINUTES } from './plan.ts';
import { description, REJECTION_NOTE, sourceDescription } from './texts.ts';

const BATCH = 1000;

async function insertChunked<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

const pct = (n: number) => n.toFixed(2);
const activityOf = (p: ProcedureModel) =>
  p.profile.resold ? 'collection' : p.seller === 'sellerBank' ? 'banking' : 'microfinance';

function liabilityOf(p: ProcedureModel): Liability {
  const secured = p.analytics.secured_liability;
  if (secured === 0) return 'unsecured';
  return secured >= p.aggregates.itemsCount * 0.9 ? 'secured' : 'partially_secured';
}

function briefcaseRow(p: ProcedureModel, ids: AccountIds) {
  const { spec } = p;
  const regular = p.lots.filter((l) => !l.composite);
  const byAdmin = spec.byAdmin ?? false;
  const author = byAdmin
    ? 'admin'
    : p.seller === 'sellerBank' && p.index % 4 === 2
      ? 'employeeBank'
      : p.seller;
  return {
    status: spec.status,
    auctionType: spec.type,
    companyId: ids.company[p.seller],
    createdByUserId: ids.user[author],
    creatorType: byAdmin ? ('admin' as const) : ('user' as const),
    kind: p.index % 3 === 0 ? ('agent' as const) : ('standard' as const),
    percentMode:
      p.seller === 'sellerMfo' ? ('amount_bottomline_debt' as const) : ('amount_total_debt' as const),
    endMode: spec.endMode ?? ('ransom' as const),
    startDatetime: p.start,
    endDatetime: p.end,
    publishedAt: p.publishedAt,
    sentForApprovalAt: p.sentForApprovalAt,
    rejectionNote: spec.status === 'rejected' ? REJECTION_NOTE : null,
    activity: activityOf(p),
    sourceKind: p.profile.sourceKind,
    sourceDebtorType: spec.debtorType ?? 'individuals',
    liability: liabilityOf(p),
    sourceDescription: sourceDescription(p),
    description: description(p),
    maxPrice: spec.type === 'dutch' ? regular.reduce((s, l) => s + (l.maxPrice ?? 0), 0) : null,
    stepPriceInPercents: spec.type === 'classic' ? '1.00' : null,
    renewalAfterLastBid: spec.type === 'classic',
    renewalAfterLastBidInMinutes: spec.type === 'classic' ? 10 : 0,
    lotRenewalMinutes: spec.type === 'dutch' ? DUTCH_RENEWAL_MINUTES : 10,
    nextRoundCount: spec.status === 'closed_with_next_round' ? 1 : 0,
    withCompositeLot: spec.composite ?? false,
    commissionPercent: pct([1.5, 2, 2.5, 3][p.index % 4]!),
    fastDocumentsTransfer: p.index % 2 === 0,
    litigationInformation: p.profile.sourceKind !== 'active_loan',
    fastSigning: p.index % 3 !== 1,
    debtsInformation: true,
    paperDossiers: pct(p.seller === 'sellerBank' ? 100 : 35),
    digitalDossiers: pct(100),
    casesDossiers: pct(p.profile.sourceKind === 'overdue_loans' ? 30 : 95),
    contactDetailsDossiers: pct(80 + (p.index % 5) * 4),
    lastYearPayments: pct(p.lastYearPayments),
    dealDossiers: pct(100),
    allowedKindsMap: p.allowedKindsMap,
    fsspOnly: spec.fsspOnly ?? false,
    lotingParams: { loting_type: p.index % 3 === 0 ? 'manual_splitting' : 'equal_lots' },
    personalDataAgreement: true,
    amountTotal: p.aggregates.amountTotal,
    amountBottomline: p.aggregates.amountBottomline,
    amountMean: p.aggregates.amountMean,
    bottomlineMean: p.aggregates.bottomlineMean,
    startPrice: p.startPrice,
    itemsCount: p.aggregates.itemsCount,
    dpd: p.aggregates.dpd,
    dplp: p.aggregates.dplp,
    fillingPercent: p.fillingPercent,
    analytics: p.analytics,
    createdAt: p.createdAt,
    updatedAt: p.publishedAt ?? p.sentForApprovalAt ?? p.createdAt,
  };
}

function lotRow(lot: LotModel, briefcaseId: number, ids: AccountIds) {
  const { debts: _d, bids: lotBids, leader: _l, winner, autobids: _a, roundRequests: _r, ...picked } = lot;
  const { amountMean: _m, start, end, ...rest } = picked;
  const winnerBid = winner === null ? null : lotBids[winner]!;
  return {
    ...rest,
    briefcaseId,
    aliasNumber: String(lot.number),
    startDatetime: start,
    endDatetime: end,
    bidsCount: lotBids.length,
    biddersCount: new Set(lotBids.map((b) => b.company)).size,
    winnerCompanyId: winnerBid ? ids.company[winnerBid.company] : null,
    version: lotBids.length,
  };
}

export interface InsertedProcedure {
  model: ProcedureModel;
  id: number;
  lotIds: number[];
  /** Bid ids per lot, in the order of `lot.bids`. */
  bidIds: number[][];
}

export async function insertProcedures(
  tx: DbOrTx,
  model: readonly ProcedureModel[],
  ids: AccountIds,
): Promise<InsertedProcedure[]> {
  const bRows = await tx
    .insert(briefcases)
    .values(model.map((p) => briefcaseRow(p, ids)))
    .returning({ id: briefcases.id });
  const done: InsertedProcedure[] = model.map((p, i) => ({
    model: p,
    id: bRows[i]!.id,
    lotIds: [],
    bidIds: [],
  }));

  const lotValues = done.flatMap((d) =>
    d.model.lots.map((l) => ({
      ...lotRow(l, d.id, ids),
      createdAt: d.model.createdAt,
      updatedAt: d.model.createdAt,
    })),
  );
  const lRows = await tx.insert(lots).values(lotValues).returning({ id: lots.id });
  let k = 0;
  for (const d of done) for (const _ of d.model.lots) d.lotIds.push(lRows[k++]!.id);

  const rows = done.flatMap((d) => {
    let rowNumber = 0;
    return d.model.lots.flatMap((lot, li) =>
      lot.debts.map((debt) => ({
        ...debt,
        briefcaseId: d.id,
        lotId: d.lotIds[li]!,
        lotNumber: lot.number,
        rowNumber: ++rowNumber,
      })),
    );
  });
  await insertChunked(rows, (chunk) => tx.insert(registryRows).values(chunk));

  const bidValues = done.flatMap((d) =>
    d.model.lots.flatMap((lot, li) =>
      lot.bids.map((b) => ({
        lotId: d.lotIds[li]!,
        briefcaseId: d.id,
        userId: ids.user[b.company],
        companyId: ids.company[b.company],
        amount: b.amount,
        sourceType: b.source,
        createdAt: b.at,
        updatedAt: b.at,
      })),
    ),
  );
  const bidIds: number[] = [];
  await insertChunked(bidValues, async (chunk) => {
    const out = await tx.insert(bids).values(chunk).returning({ id: bids.id });
    bidIds.push(...out.map((r) => r.id));
  });
  k = 0;
  for (const d of done) for (const lot of d.model.lots) d.bidIds.push(lot.bids.map(() => bidIds[k++]!));

  for (const d of done) {
    for (const [li, lot] of d.model.lots.entries()) {
      if (lot.leader === null) continue;
      const leaderBidId = d.bidIds[li]![lot.leader]!;
      const winnerBidId = lot.winner === null ? null : d.bidIds[li]![lot.winner]!;
      await tx.update(lots).set({ leaderBidId, winnerBidId }).where(eq(lots.id, d.lotIds[li]!));
    }
  }
  await insertConsequences(tx, done, ids);
  return done;
}

/** Autobids, next-round applications and the invitation and exclusion lists. */
async function insertConsequences(tx: DbOrTx, done: readonly InsertedProcedure[], ids: AccountIds) {
  const autobidValues = done.flatMap((d) =>
    d.model.lots.flatMap((lot, li) =>
      lot.autobids.map((a) => ({
        lotId: d.lotIds[li]!,
        userId: ids.user[a.company],
        companyId: ids.company[a.company],
        maxPrice: a.maxPrice,
        enabled: a.enabled,
        createdAt: a.at,
        updatedAt: a.disabledAt ?? a.at,
        disabledAt: a.disabledAt,
      })),
    ),
  );
  if (autobidValues.length) await tx.insert(autobids).values(autobidValues);

  const requestValues = done.flatMap((d) =>
    d.model.lots.flatMap((lot, li) =>
      lot.roundRequests.map((r) => ({
        briefcaseId: d.id,
        lotId: d.lotIds[li]!,
        companyId: ids.company[r.company],
        userId: ids.user[r.company],
        createdAt: r.at,
      })),
    ),
  );
  if (requestValues.length) await tx.insert(roundRequests).values(requestValues);

  const listValues = done.flatMap((d) => [
    ...(d.model.spec.whitelist ?? []).map((key) => ({ key, list: 'whitelist' as const, d })),
    ...(d.model.spec.blacklist ?? []).map((key) => ({ key, list: 'blacklist' as const, d })),
  ]);
  if (listValues.length) {
    await tx.insert(briefcaseCompanyLists).values(
      listValues.map(({ key, list, d }) => ({
        briefcaseId: d.id,
        companyId: ids.company[key],
        list,
        createdAt: d.model.createdAt,
      })),
    );
  }
}
