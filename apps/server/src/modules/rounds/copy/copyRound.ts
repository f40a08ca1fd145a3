/**
 * The rows of a new round, built from the previous one (pure). Lots are copied with their aggregates and price
 * policy, fresh for trading; registry rows stay linked to the original lots (`converted_from` leads to them).
 * The procedure copies its settings and recomputes its totals from the copied lots.
 */
import { lotsCountedInTotals } from '@etp/domain';
import type { AnalyticsJson, briefcases, lots } from '../../../db/schema/index.ts';
import type { LotRow } from '../../lots/lots.queries.ts';
import type { BriefcaseRow } from '../../lots/trading/lotState.ts';

export type NewLot = typeof lots.$inferInsert;
export type NewBriefcase = typeof briefcases.$inferInsert;

type TitledValue = { title: string; value: number };
const isTitledList = (v: unknown): v is TitledValue[] =>
  Array.isArray(v) && v.every((x) => typeof x?.title === 'string' && typeof x?.value === 'number');
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function mergeValue(a: unknown, b: unknown): unknown {
  if (a === undefined || a === null) return b;
  if (b === undefined || b === null) return a;
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (isTitledList(a) && isTitledList(b)) {
    const sums = new Map<string, number>();
    for (const { title, value } of [...a, ...b]) sums.set(title, (sums.get(title) ?? 0) + value);
    return [...sums.entries()]
      .map(([title, value]) => ({ title, value }))
      .sort((x, y) => y.value - x.value || x.title.localeCompare(y.title, 'ru'));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return Object.fromEntries(keys.map((k) => [k, mergeValue(a[k], b[k])]));
  }
  return a;
}

/** The analytics of several lots as one portfolio: counts and sums add up, titled lists merge by title. */
export function mergeAnalytics(list: readonly (AnalyticsJson | null)[]): AnalyticsJson | null {
  const present = list.filter((a): a is AnalyticsJson => a !== null);
  if (present.length === 0) return null;
  return present.reduce<unknown>((acc, a) => mergeValue(acc, a), null) as AnalyticsJson;
}

/** An items-weighted mean of a per-lot average (DPD, DPLP), or null when no lot has it. */
function weighted(list: readonly NewLot[], pick: (l: NewLot) => number | null | undefined): number | null {
  let sum = 0;
  let weight = 0;
  for (const lot of list) {
    const value = pick(lot);
    if (value === null || value === undefined) continue;
    sum += value * (lot.itemsCount ?? 0);
    weight += lot.itemsCount ?? 0;
  }
  return weight === 0 ? null : Math.round(sum / weight);
}

/** A lot of the new round: the same portfolio, number and price policy, no trading state. */
export function copyLot(lot: LotRow, briefcaseId: number, at: Date, overrides: Partial<NewLot> = {}): NewLot {
  return {
    briefcaseId,
    number: lot.number,
    aliasNumber: lot.aliasNumber,
    name: lot.name,
    status: 'created',
    composite: lot.composite,
    amountTotal: lot.amountTotal,
    amountBottomline: lot.amountBottomline,
    bottomlineMean: lot.bottomlineMean,
    itemsCount: lot.itemsCount,
    dpd: lot.dpd,
    dplp: lot.dplp,
    startPrice: lot.startPrice,
    maxPrice: lot.maxPrice,
    minPrice: lot.minPrice,
    stepPrice: lot.stepPrice,
    stepCount: lot.stepCount,
    maxBidsCnt: lot.maxBidsCnt,
    productType: lot.productType,
    federalDistrict: lot.federalDistrict,
    stage: lot.stage,
    predictedStartPrice: lot.predictedStartPrice,
    predictedEndPrice: lot.predictedEndPrice,
    analytics: lot.analytics,
    convertedFrom: lot.id,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const sum = (list: readonly NewLot[], pick: (l: NewLot) => number | null | undefined) =>
  list.reduce((acc, l) => acc + (pick(l) ?? 0), 0);

/**
 * The new round's procedure: the previous one's settings (seller, format, admission rules, texts), no dates (set
 * in the wizard), status created, and totals recomputed from the copied lots.
 */
export function copyProcedure(
  old: BriefcaseRow,
  copies: readonly NewLot[],
  at: Date,
  overrides: Partial<NewBriefcase>,
): NewBriefcase {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    startDatetime: _s,
    endDatetime: _e,
    publishedAt: _p,
    sentForApprovalAt: _a,
    rejectionNote: _r,
    nextRoundId: _n,
    secondRoundId: _sr,
    canStartSecondRound: _cs,
    // The first round's file stays its own: a round finds it through its lots' source (decisions/0264).
    registryOriginal: _ro,
    ...settings
  } = old;
  // The whole-portfolio lot and its parts hold the same debts: the totals count each once (decisions/0245).
  const counted = lotsCountedInTotals(
    copies.map((l, index) => ({
      id: index,
      composite: l.composite ?? false,
      items_count: l.itemsCount ?? 0,
    })),
  ).map((l) => copies[l.id]!);
  const items = sum(counted, (l) => l.itemsCount);
  const amountTotal = sum(counted, (l) => l.amountTotal);
  const amountBottomline = sum(counted, (l) => l.amountBottomline);
  const maxPrices = counted.map((l) => l.maxPrice);
  return {
    ...settings,
    status: 'created',
    amountTotal,
    amountBottomline,
    amountMean: items ? Math.round(amountTotal / items) : 0,
    bottomlineMean: items ? Math.round(amountBottomline / items) : 0,
    startPrice: sum(counted, (l) => l.startPrice),
    maxPrice: maxPrices.every((p) => typeof p === 'number') ? sum(counted, (l) => l.maxPrice) : old.maxPrice,
    itemsCount: items,
    dpd: weighted(counted, (l) => l.dpd),
    dplp: weighted(counted, (l) => l.dplp),
    withCompositeLot: copies.some((l) => l.composite),
    analytics: mergeAnalytics(counted.map((l) => l.analytics ?? null)),
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
