/**
 * Lots of a demo procedure: their debts, the aggregates those debts sum to, and prices on the step grid
 * (classic: 1 % steps; dutch: a 21-step clock from the maximum down; sealed: a minimum offer).
 */
import { forecastInputFromLot, priorShares, shareToPrice } from '@etp/domain';
import type { AuctionTypeColumn, BriefcaseStatusColumn, LotStatusColumn } from '../db/schema/index.ts';
import type { BuyerKey } from './accounts.data.ts';
import { type Analytics, computeAnalytics } from './analytics.ts';
import { DUTCH_STEPS, isSealed } from './plan.ts';
import type { Rng } from './random.ts';
import { type ContractNumbers, type Debt, generateDebts, type PortfolioProfile } from './registry.ts';

export interface BidModel {
  company: BuyerKey;
  amount: number;
  at: Date;
  source: 'hand' | 'auto';
}

interface AutobidModel {
  company: BuyerKey;
  maxPrice: number;
  enabled: boolean;
  at: Date;
  disabledAt: Date | null;
}

export interface Aggregates {
  itemsCount: number;
  amountTotal: number;
  amountBottomline: number;
  amountMean: number;
  bottomlineMean: number;
  dpd: number | null;
  dplp: number | null;
}

export interface LotModel extends Aggregates {
  number: number;
  name: string;
  composite: boolean;
  status: LotStatusColumn;
  debts: Debt[];
  startPrice: number;
  maxPrice: number | null;
  minPrice: number | null;
  stepPrice: number | null;
  stepCount: number | null;
  currentStep: number | null;
  currentPrice: number | null;
  start: Date;
  end: Date;
  productType: string | null;
  stage: string | null;
  predictedStartPrice: number;
  predictedEndPrice: number;
  analytics: Analytics;
  bids: BidModel[];
  /** Index into `bids` of the leading bid, and of the winning one once the seller chose. */
  leader: number | null;
  winner: number | null;
  isWithoutWinner: boolean;
  autobids: AutobidModel[];
  roundRequests: { company: BuyerKey; at: Date }[];
}

const mean = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));

/** Sums and means of a set of debts: the numbers a lot or a procedure shows. */
export function aggregate(debts: readonly Debt[]): Aggregates {
  let amountTotal = 0;
  let amountBottomline = 0;
  let dpd = 0;
  let dplp = 0;
  for (const d of debts) {
    amountTotal += d.amountTotal;
    amountBottomline += d.amountBottomline;
    dpd += d.dpd;
    dplp += d.dplp;
  }
  const n = debts.length;
  return {
    itemsCount: n,
    amountTotal,
    amountBottomline,
    amountMean: mean(amountTotal, n),
    bottomlineMean: mean(amountBottomline, n),
    dpd: n === 0 ? null : mean(dpd, n),
    dplp: n === 0 ? null : mean(dplp, n),
  };
}

function lotStatusFor(status: BriefcaseStatusColumn): LotStatusColumn {
  switch (status) {
    case 'created':
    case 'rejected':
      return 'created';
    case 'pending':
    case 'ready':
    case 'active':
    case 'finished':
      return status;
    default:
      return 'closed';
  }
}

const toRubles = (kopecks: number) => Math.round(kopecks / 100) * 100;
const toHundredRubles = (kopecks: number) => Math.round(kopecks / 10_000) * 10_000;
const MIN_STEP = 1000_00;

/** Classic step: about 1 % of the start price, in whole hundreds of rubles, at least 1000 ₽. */
export const classicStep = (startPrice: number) => Math.max(MIN_STEP, toHundredRubles(startPrice * 0.01));

/** Dutch price grid: max = start price, falling by `step` over DUTCH_STEPS steps (fewer for a tiny lot). */
function dutchGrid(rng: Rng, maxPrice: number) {
  const drop = rng.float(0.4, 0.6);
  const step = Math.max(MIN_STEP, Math.ceil((maxPrice * drop) / (DUTCH_STEPS - 1) / 10_000) * 10_000);
  const steps = Math.max(1, Math.min(DUTCH_STEPS - 1, Math.floor((maxPrice * 0.8) / step)));
  const minPrice = maxPrice - steps * step;
  return { step, minPrice, stepCount: Math.ceil((maxPrice - minPrice) / step) + 1 };
}

/** The price on the dutch clock at a step (1 = the maximum). */
export const dutchPrice = (lot: Pick<LotModel, 'maxPrice' | 'stepPrice'>, step: number) =>
  (lot.maxPrice ?? 0) - (step - 1) * (lot.stepPrice ?? 0);

function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, c] of counts) if (best === null || c > (counts.get(best) ?? 0)) best = v;
  return best;
}

interface LotFrame {
  type: AuctionTypeColumn;
  status: BriefcaseStatusColumn;
  start: Date;
  end: Date;
  /** The procedure's price level: start price as a percentage of ОСЗ. */
  pricePercent: number;
  seller: 'bank' | 'mfo';
}

/**
 * The lot's predicted prices before anyone asks the forecast: the documented prior (decisions/0106) for its seller
 * type and DPD. The forecast call replaces them with the model's once the platform has history.
 */
function priorPrices(frame: LotFrame, agg: Aggregates, analytics: Analytics) {
  const input = forecastInputFromLot({
    auctionType: frame.type,
    amountTotal: agg.amountTotal,
    amountBottomline: agg.amountBottomline,
    dpd: agg.dpd,
    dplp: agg.dplp,
    itemsCount: agg.itemsCount,
    sellerKind: frame.seller,
    analytics,
  });
  const shares = priorShares(input);
  return {
    predictedStartPrice: shareToPrice(shares.low, agg.amountBottomline),
    predictedEndPrice: shareToPrice(shares.median, agg.amountBottomline),
  };
}

function priced(rng: Rng, frame: LotFrame, number: number, debts: Debt[], name: string, composite: boolean) {
  const agg = aggregate(debts);
  const percent = Math.min(12, Math.max(3, frame.pricePercent * rng.float(0.85, 1.15)));
  const startPrice = Math.max(MIN_STEP * 20, toRubles((agg.amountBottomline * percent) / 100));
  const lot: LotModel = {
    ...agg,
    number,
    name,
    composite,
    status: lotStatusFor(frame.status),
    debts: composite ? [] : debts,
    startPrice,
    maxPrice: null,
    minPrice: null,
    stepPrice: null,
    stepCount: null,
    currentStep: null,
    currentPrice: null,
    start: frame.start,
    end: frame.end,
    productType: mostCommon(debts.map((d) => d.productType)),
    stage: mostCommon(debts.map((d) => d.stage)),
    predictedStartPrice: 0,
    predictedEndPrice: 0,
    analytics: computeAnalytics(debts),
    bids: [],
    leader: null,
    winner: null,
    isWithoutWinner: false,
    autobids: [],
    roundRequests: [],
  };
  // The two draws of the random predictions this replaced stay, so every later draw of the demo is unchanged.
  rng.float(0.85, 1.1);
  rng.float(1.2, 1.9);
  Object.assign(lot, priorPrices(frame, agg, lot.analytics));
  if (frame.type === 'classic') {
    lot.stepPrice = classicStep(startPrice);
  } else if (frame.type === 'dutch') {
    const grid = dutchGrid(rng, startPrice);
    Object.assign(lot, {
      maxPrice: startPrice,
      minPrice: grid.minPrice,
      stepPrice: grid.step,
      stepCount: grid.stepCount,
      currentStep: 1,
      currentPrice: startPrice,
    });
  } else if (isSealed(frame.type)) {
    lot.minPrice = startPrice;
  }
  return lot;
}

const STAGE_NAMES: Readonly<Record<string, string>> = {
  Досудебная: 'досудебная стадия',
  Судебная: 'судебная стадия',
  'Исполнительное производство': 'исполнительное производство',
};

/** Debts per lot: 20–300, most lots near a hundred. */
const lotSize = (rng: Rng) => Math.round(rng.logNormal(35, 260, 20, 300));

export function buildLots(
  rng: Rng,
  frame: LotFrame,
  count: number,
  withComposite: boolean,
  profile: PortfolioProfile,
  numbers: ContractNumbers,
): LotModel[] {
  const lots: LotModel[] = [];
  for (let n = 1; n <= count; n += 1) {
    const debts = generateDebts(rng, profile, lotSize(rng), numbers);
    const product = mostCommon(debts.map((d) => d.productType)) ?? '';
    const stage = STAGE_NAMES[mostCommon(debts.map((d) => d.stage)) ?? ''] ?? '';
    lots.push(priced(rng, frame, n, debts, `${product}, ${stage}`, false));
  }
  if (withComposite) {
    const all = lots.flatMap((l) => l.debts);
    const composite = priced(rng, frame, count + 1, all, 'Сводный лот: все лоты процедуры', true);
    composite.startPrice = lots.reduce((s, l) => s + l.startPrice, 0);
    if (frame.type === 'classic') composite.stepPrice = classicStep(composite.startPrice);
    lots.push(composite);
  }
  return lots;
}
