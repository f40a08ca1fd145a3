/**
 * Lotting (spec 1 §2 lotting panel, decisions/0044): splits the debts of a registry into lots by a method, with the
 * `uniform_distribution` sort and an optional price limit, over typed columns so a million debts take well under
 * two seconds. Invariants (property-tested): every debt is in exactly one lot; lot sums add up to the registry's;
 * where the method splits by price every lot's start price is at least the limit; the same input gives the same lots.
 *
 * The price rules are in lottingRules.ts, the grouping by method in lotGroups.ts, the whole-portfolio lot in
 * compositeLot.ts.
 */
import type { DebtColumns } from './columns.ts';
import { FEDERAL_DISTRICTS, federalDistrictIndex } from './federalDistricts.ts';
import { makeGroups } from './lotGroups.ts';
import {
  LOT_START_PRICE_PERCENT,
  LottingError,
  type LottingParams,
  lotMinPrice,
  lotStartPrice,
  lottingPriceError,
  lottingPriceLimits,
} from './lottingRules.ts';

/** A lot as lotting makes it: what the wizard's lots table and the `lots` rows need. */
export interface LotDraft {
  number: number;
  name: string;
  composite: boolean;
  items_count: number;
  amount_total: number;
  amount_bottomline: number;
  bottomline_mean: number;
  dpd: number | null;
  dplp: number | null;
  start_price: number;
  min_price: number;
  product_type: string | null;
  federal_district: string | null;
  stage: string | null;
}

export interface LottingResult {
  /** Lot index (into `lots`) of each debt. */
  assignment: Int32Array;
  lots: LotDraft[];
}

/**
 * Debt indices by ОСЗ descending, ties in registry order: an LSD radix sort on whole rubles (capped at 2^32 - 1),
 * stable, in four 8-bit passes.
 */
export function orderByBottomlineDesc(columns: DebtColumns): Uint32Array {
  const n = columns.count;
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const rubles = Math.min(0xffffffff, Math.floor(columns.amountBottomline[i]! / 100));
    keys[i] = 0xffffffff - rubles;
  }
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const counts = new Uint32Array(256);
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(keys[from[i]!]! >>> shift) & 0xff]! += 1;
    let sum = 0;
    for (let b = 0; b < 256; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const idx = from[i]!;
      const b = (keys[idx]! >>> shift) & 0xff;
      to[counts[b]!] = idx;
      counts[b]! += 1;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Index of the most frequent value per lot (ties: the smaller index), 0 when the lot has none. */
function modeByLot(values: ArrayLike<number>, assignment: Int32Array, lotCount: number): Int32Array {
  let size = 1;
  for (let i = 0; i < values.length; i++) if (values[i]! >= size) size = values[i]! + 1;
  const best = new Int32Array(lotCount);
  if (size === 1) return best;
  const bestCount = new Int32Array(lotCount);
  // A dense counter when it is small (the usual case), a map when lots x values is large (manual lots).
  const dense = lotCount * size <= 4_000_000 ? new Int32Array(lotCount * size) : null;
  const sparse = dense ? null : new Map<number, number>();
  for (let i = 0; i < assignment.length; i++) {
    const v = values[i]!;
    if (v === 0) continue;
    const lot = assignment[i]!;
    const key = lot * size + v;
    let c: number;
    if (dense) c = ++dense[key]!;
    else {
      c = (sparse!.get(key) ?? 0) + 1;
      sparse!.set(key, c);
    }
    if (c > bestCount[lot]! || (c === bestCount[lot]! && v < best[lot]!)) {
      best[lot] = v;
      bestCount[lot] = c;
    }
  }
  return best;
}

/**
 * Splits the debts into lots.
 * - manual_splitting: one lot per registry lot number (every debt must have one, else LottingError);
 * - equal_lots: lots whose start price is at least `price` (required), as many as the registry allows;
 * - federal_districts, product_type, stage_of_collection: one lot per district / product type / stage; with a
 *   `price` (not for stages) a group worth at least twice the price splits into lots each at least the price.
 * `uniform_distribution` (the only sort): within a group debts are dealt by ОСЗ descending in a serpentine
 * 1…k, k…1 order, so the lots of a group get similar counts, sums and mixes of large and small debts; then the
 * lightest lot below the limit is merged into the next lightest until none is below it.
 */
export function lot(columns: DebtColumns, params: LottingParams): LottingResult {
  const type = params.loting_type;
  const split = type === 'equal_lots' || type === 'federal_districts' || type === 'product_type';
  const limits = lottingPriceLimits(columns);
  const price = split ? (params.price ?? null) : null;
  const error = lottingPriceError(price, type, limits);
  if (error !== null) throw new LottingError(error, 'price');
  if (columns.count === 0) return { assignment: new Int32Array(0), lots: [] };

  const groups = makeGroups(columns, type);
  const g = groups.labels.length;
  const n = columns.count;
  const groupSum = new Float64Array(g);
  for (let i = 0; i < n; i++) groupSum[groups.of[i]!]! += columns.amountBottomline[i]!;

  // Sub-lots per group: as many as the price allows, dealt in serpentine order by ОСЗ descending.
  const target = price === null ? 0 : (price * 100) / LOT_START_PRICE_PERCENT;
  const parts = new Int32Array(g);
  const firstLot = new Int32Array(g);
  let lotCount = 0;
  for (let k = 0; k < g; k++) {
    const p = target > 0 ? Math.max(1, Math.floor(groupSum[k]! / target)) : 1;
    parts[k] = type === 'equal_lots' || p >= 2 ? p : 1;
    firstLot[k] = lotCount;
    lotCount += parts[k]!;
  }
  const assignment = new Int32Array(n);
  if (lotCount === g) {
    for (let i = 0; i < n; i++) assignment[i] = groups.of[i]!;
  } else {
    const order = orderByBottomlineDesc(columns);
    const position = new Int32Array(g);
    for (let j = 0; j < n; j++) {
      const i = order[j]!;
      const grp = groups.of[i]!;
      const k = parts[grp]!;
      const p = position[grp]!;
      position[grp] = p + 1;
      const round = Math.floor(p / k);
      const offset = p - round * k;
      assignment[i] = firstLot[grp]! + (round % 2 === 0 ? offset : k - 1 - offset);
    }
  }

  // Merge lots under the limit inside their group: the lightest into the next lightest.
  const remap = new Int32Array(lotCount);
  for (let l = 0; l < lotCount; l++) remap[l] = l;
  if (price !== null) {
    const sums = new Float64Array(lotCount);
    for (let i = 0; i < n; i++) sums[assignment[i]!]! += columns.amountBottomline[i]!;
    for (let k = 0; k < g; k++) {
      if (parts[k]! < 2) continue;
      const alive = Array.from({ length: parts[k]! }, (_, j) => firstLot[k]! + j);
      for (;;) {
        if (alive.length < 2) break;
        alive.sort((a, b) => sums[a]! - sums[b]! || a - b);
        const lightest = alive[0]!;
        if (lotStartPrice(sums[lightest]!) >= price && sums[lightest]! > 0) break;
        const into = alive[1]!;
        sums[into]! += sums[lightest]!;
        sums[lightest] = 0;
        for (let l = 0; l < lotCount; l++) if (remap[l] === lightest) remap[l] = into;
        alive.shift();
      }
    }
  }

  // Number the surviving lots in group order, then by position inside the group.
  const dense = new Int32Array(lotCount).fill(-1);
  const lotGroup: number[] = [];
  const lotPart: number[] = [];
  for (let k = 0; k < g; k++) {
    let part = 0;
    for (let j = 0; j < parts[k]!; j++) {
      const l = firstLot[k]! + j;
      if (remap[l] !== l) continue;
      dense[l] = lotGroup.length;
      lotGroup.push(k);
      lotPart.push(++part);
    }
  }
  for (let i = 0; i < n; i++) assignment[i] = dense[remap[assignment[i]!]!]!;
  const count = lotGroup.length;
  const partsAlive = new Int32Array(g);
  for (const k of lotGroup) partsAlive[k]! += 1;

  const items = new Int32Array(count);
  const total = new Float64Array(count);
  const osz = new Float64Array(count);
  const dpdSum = new Float64Array(count);
  const dpdN = new Int32Array(count);
  const dplpSum = new Float64Array(count);
  const dplpN = new Int32Array(count);
  const district = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const l = assignment[i]!;
    items[l]! += 1;
    total[l]! += columns.amountTotal[i]!;
    osz[l]! += columns.amountBottomline[i]!;
    const d = columns.dpd[i]!;
    if (d >= 0) {
      dpdSum[l]! += d;
      dpdN[l]! += 1;
    }
    const p = columns.dplp[i]!;
    if (p >= 0) {
      dplpSum[l]! += p;
      dplpN[l]! += 1;
    }
    district[i] = federalDistrictIndex(columns.regionCode[i]!) + 1;
  }
  const productMode = modeByLot(columns.productType, assignment, count);
  const stageMode = modeByLot(columns.stage, assignment, count);
  const districtMode = modeByLot(district, assignment, count);

  const lots: LotDraft[] = [];
  for (let l = 0; l < count; l++) {
    const label = groups.labels[lotGroup[l]!]!;
    const many = partsAlive[lotGroup[l]!]! > 1;
    const number = label.number ?? l + 1;
    const name =
      type === 'equal_lots' ? `Лот ${l + 1}` : many ? `${label.name}, часть ${lotPart[l]}` : label.name;
    lots.push({
      number,
      name,
      composite: false,
      items_count: items[l]!,
      amount_total: total[l]!,
      amount_bottomline: osz[l]!,
      bottomline_mean: Math.round(osz[l]! / items[l]!),
      dpd: dpdN[l]! === 0 ? null : Math.round(dpdSum[l]! / dpdN[l]!),
      dplp: dplpN[l]! === 0 ? null : Math.round(dplpSum[l]! / dplpN[l]!),
      start_price: lotStartPrice(osz[l]!),
      min_price: lotMinPrice(osz[l]!),
      product_type: label.productType ?? columns.strings.productType[productMode[l]!] ?? null,
      federal_district: label.district ?? FEDERAL_DISTRICTS[districtMode[l]! - 1] ?? null,
      stage: label.stage ?? columns.strings.stage[stageMode[l]!] ?? null,
    });
  }
  return { assignment, lots };
}
