/**
 * The whole demo as plain data, before any id exists: procedures with their lots, debts and trading. Pure and
 * deterministic: the same seed and "now" give the same model.
 */
import { HOUR_MS } from '@etp/domain';
import type { CompanyKind } from '../db/schema/index.ts';
import { BUYER_KEYS, type BuyerKey, type CompanyKey } from './accounts.data.ts';
import { type Analytics, computeAnalytics } from './analytics.ts';
import { COMPANIES } from './companies.data.ts';
import { type Aggregates, aggregate, buildLots, type LotModel } from './lots.ts';
import { PLAN, type ProcedureSpec, type Schedule, schedule } from './plan.ts';
import { Rng } from './random.ts';
import { ContractNumbers, type PortfolioProfile } from './registry.ts';
import { trade } from './trading.ts';

type SellerKey = 'sellerBank' | 'sellerMfo';

export interface ProcedureModel extends Schedule {
  index: number;
  spec: ProcedureSpec;
  seller: SellerKey;
  profile: PortfolioProfile;
  lots: LotModel[];
  aggregates: Aggregates;
  startPrice: number;
  analytics: Analytics;
  bidders: BuyerKey[];
  allowedKindsMap: Record<CompanyKind, boolean>;
  pricePercent: number;
  fillingPercent: number;
  lastYearPayments: number;
}

const companyOf = (key: CompanyKey) => COMPANIES.find((c) => c.key === key)!;

/** Buyers that may trade in a procedure: allowed kinds, the ФССП flag, the invitation and exclusion lists. */
function eligibleBidders(spec: ProcedureSpec, allowed: Record<CompanyKind, boolean>): BuyerKey[] {
  return BUYER_KEYS.filter((key) => {
    const c = companyOf(key);
    if (!allowed[c.kind]) return false;
    if (spec.fsspOnly && c.kind === 'legal' && !c.fssp) return false;
    if (spec.blacklist?.includes(key)) return false;
    return !spec.whitelist || spec.whitelist.includes(key);
  });
}

function allowedKinds(spec: ProcedureSpec): Record<CompanyKind, boolean> {
  if (spec.type === 'bank_to_bank')
    return { legal: false, bank: true, mfo: true, self: false, physical: false };
  return { legal: true, bank: true, mfo: true, self: true, physical: true, ...spec.allowed };
}

/** The registry's date: the Moscow calendar day the procedure was created, as UTC midnight. */
function registryDate(createdAt: Date): Date {
  const moscow = new Date(createdAt.getTime() + 3 * HOUR_MS);
  return new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate()));
}

function buildProcedure(root: Rng, spec: ProcedureSpec, index: number, now: Date): ProcedureModel {
  const rng = root.fork(`procedure-${index}`);
  const seller: SellerKey = index % 2 === 0 ? 'sellerBank' : 'sellerMfo';
  const sched = schedule(rng, spec, now);
  const profile: PortfolioProfile = {
    book: seller === 'sellerBank' ? 'bank' : 'mfo',
    sellerName: companyOf(seller).name,
    resold: spec.resold ?? false,
    sourceKind: spec.sourceKind ?? (spec.type === 'bank_to_bank' ? 'active_loan' : 'overdue_loans'),
    asOf: registryDate(sched.createdAt),
    ...(spec.product ? { product: spec.product } : {}),
  };
  // Disjoint number ranges per procedure (at most 3 600 debts × 7), so contract ids never repeat in the demo.
  const numbers = new ContractNumbers(
    seller === 'sellerBank' ? 'КД' : 'ДЗ',
    index * 30_000 + rng.int(0, 3_000),
  );
  const pricePercent = rng.float(3, 12);
  const frame = {
    type: spec.type,
    status: spec.status,
    start: sched.start,
    end: sched.end,
    pricePercent,
    seller: profile.book,
  };
  const lots = buildLots(rng, frame, spec.lots, spec.composite ?? false, profile, numbers);

  const allowedKindsMap = allowedKinds(spec);
  const bidders = eligibleBidders(spec, allowedKindsMap);
  trade(rng, { spec, lots, publishedAt: sched.publishedAt, now, bidders });

  const regular = lots.filter((l) => !l.composite);
  const debts = regular.flatMap((l) => l.debts);
  const paying = debts.filter((d) => d.amountFor360Days > 0).length;
  // The procedure ends with its last lot (a dutch lot ends when its clock reaches the best order).
  const end = new Date(Math.max(...regular.map((l) => l.end.getTime())));
  return {
    ...sched,
    end: spec.type === 'dutch' ? end : sched.end,
    index,
    spec,
    seller,
    profile,
    lots,
    aggregates: aggregate(debts),
    startPrice: regular.reduce((sum, l) => sum + l.startPrice, 0),
    analytics: computeAnalytics(debts, profile.asOf.toISOString().slice(0, 10)),
    bidders,
    allowedKindsMap,
    pricePercent,
    fillingPercent: Math.round(rng.float(60, 100) * 10) / 10,
    lastYearPayments: Math.round((paying / Math.max(1, debts.length)) * 10_000) / 100,
  };
}

export function buildDemoModel(seed: number, now: Date): ProcedureModel[] {
  const root = new Rng(seed);
  return PLAN.map((spec, index) => buildProcedure(root, spec, index, now));
}
