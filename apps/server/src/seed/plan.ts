/**
 * The demo's procedures: every auction type in several statuses, every status at least once, with dates
 * relative to "now" so the demo is always fresh (some trading right now, some about to start, some archived).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, startOfMoscowDay } from '@etp/domain';
import type { AuctionTypeColumn, BriefcaseStatusColumn, CompanyKind } from '../db/schema/index.ts';
import type { BuyerKey } from './accounts.data.ts';
import type { Rng } from './random.ts';
import type { ProductType } from './registry.data.ts';
import type { SourceKind } from './registry.ts';

export interface ProcedureSpec {
  type: AuctionTypeColumn;
  status: BriefcaseStatusColumn;
  lots: number;
  endMode?: 'convert';
  composite?: boolean;
  sourceKind?: SourceKind;
  /** The seller resells a bought portfolio (activity 'collection'). */
  resold?: boolean;
  debtorType?: 'individual_entrepreneurs';
  product?: ProductType;
  /** Created by an administrator for the seller (creator_type 'admin'). */
  byAdmin?: boolean;
  whitelist?: BuyerKey[];
  blacklist?: BuyerKey[];
  allowed?: Partial<Record<CompanyKind, boolean>>;
  fsspOnly?: boolean;
}

/** Sellers alternate: even positions are the bank's, odd ones the MFO's. */
export const PLAN: readonly ProcedureSpec[] = [
  { type: 'classic', status: 'created', lots: 4 },
  { type: 'dutch', status: 'created', lots: 3 },
  { type: 'private_requests', status: 'pending', lots: 3, sourceKind: 'court_decisions' },
  { type: 'classic', status: 'pending', lots: 5, byAdmin: true },
  { type: 'bank_to_bank', status: 'rejected', lots: 2 },
  { type: 'dutch', status: 'rejected', lots: 3 },
  { type: 'classic', status: 'ready', lots: 6, composite: true, blacklist: ['buyerPhysical'] },
  { type: 'dutch', status: 'ready', lots: 4 },
  {
    type: 'private_requests',
    status: 'ready',
    lots: 3,
    whitelist: ['buyerBank', 'buyerMfo', 'buyerLegal'],
    sourceKind: 'enforcement',
    resold: true,
  },
  { type: 'bank_to_bank', status: 'ready', lots: 2, endMode: 'convert' },
  { type: 'classic', status: 'active', lots: 8 },
  { type: 'dutch', status: 'active', lots: 5 },
  { type: 'private_requests', status: 'active', lots: 4, sourceKind: 'court_decisions' },
  { type: 'classic', status: 'active', lots: 5, fsspOnly: true, allowed: { physical: false, self: false } },
  { type: 'bank_to_bank', status: 'active', lots: 3 },
  { type: 'classic', status: 'finished', lots: 6 },
  { type: 'dutch', status: 'finished', lots: 4, debtorType: 'individual_entrepreneurs' },
  { type: 'private_requests', status: 'finished', lots: 3, endMode: 'convert' },
  { type: 'bank_to_bank', status: 'finished', lots: 2 },
  { type: 'classic', status: 'closed', lots: 7 },
  { type: 'dutch', status: 'closed', lots: 4, product: 'Автокредит' },
  { type: 'private_requests', status: 'closed', lots: 3, sourceKind: 'enforcement' },
  { type: 'bank_to_bank', status: 'closed', lots: 2 },
  { type: 'classic', status: 'closed_without_bids', lots: 3, allowed: { physical: false } },
  { type: 'private_requests', status: 'closed_without_bids', lots: 2 },
  { type: 'classic', status: 'closed_without_winners', lots: 4, sourceKind: 'enforcement', resold: true },
  { type: 'dutch', status: 'closed_without_winners', lots: 3 },
  { type: 'classic', status: 'closed_with_next_round', lots: 5, sourceKind: 'court_decisions' },
  { type: 'dutch', status: 'closed_with_next_round', lots: 3 },
];

/** Every dutch lot's clock: 21 steps of 15 minutes, from the maximum down to the minimum price. */
export const DUTCH_STEPS = 21;
export const DUTCH_RENEWAL_MINUTES = 15;
const DUTCH_DURATION_MS = DUTCH_STEPS * DUTCH_RENEWAL_MINUTES * MINUTE_MS;

export interface Schedule {
  createdAt: Date;
  sentForApprovalAt: Date | null;
  publishedAt: Date | null;
  start: Date;
  end: Date;
}

const SEALED = new Set<AuctionTypeColumn>(['private_requests', 'bank_to_bank']);

/** How long trading lasts: classic a few hours, dutch its clock, sealed offers a few days. */
function durationMs(rng: Rng, type: AuctionTypeColumn): number {
  if (type === 'dutch') return DUTCH_DURATION_MS;
  if (SEALED.has(type)) return rng.int(2, 4) * DAY_MS;
  return rng.int(3, 6) * HOUR_MS;
}

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/** A trading day's start: `daysAhead` Moscow days from today at 10:00–15:00 Moscow time. */
function tradingStart(rng: Rng, now: Date, daysAhead: number): number {
  return startOfMoscowDay(now).getTime() + daysAhead * DAY_MS + rng.int(10, 15) * HOUR_MS;
}

function window(rng: Rng, spec: ProcedureSpec, now: Date): { start: number; end: number } {
  const t = now.getTime();
  const duration = durationMs(rng, spec.type);
  switch (spec.status) {
    case 'created':
      return withDuration(tradingStart(rng, now, rng.int(12, 20)), duration);
    case 'pending':
    case 'rejected':
      return withDuration(tradingStart(rng, now, rng.int(5, 14)), duration);
    case 'ready':
      return withDuration(tradingStart(rng, now, rng.int(1, 10)), duration);
    case 'active': {
      if (spec.type === 'dutch') {
        // Between the 5th and 11th step of the clock: over an hour left, steps below still to come.
        const elapsed = rng.int(4, 10) * DUTCH_RENEWAL_MINUTES * MINUTE_MS + rng.int(1, 14) * MINUTE_MS;
        const start = floorTo(t - elapsed, MINUTE_MS);
        return { start, end: start + DUTCH_DURATION_MS };
      }
      const start = floorTo(t - rng.int(60, 300) * MINUTE_MS, 15 * MINUTE_MS);
      const end = floorTo(t + rng.int(75, 360) * MINUTE_MS, 15 * MINUTE_MS);
      return { start, end };
    }
    case 'finished': {
      const end = floorTo(t - rng.int(20, 36 * 60) * MINUTE_MS, 15 * MINUTE_MS);
      return { start: end - duration, end };
    }
    default: {
      const end = tradingStart(rng, now, -rng.int(7, 60)) + 3 * HOUR_MS;
      return { start: end - duration, end };
    }
  }
}

const withDuration = (start: number, duration: number) => ({ start, end: start + duration });

export function schedule(rng: Rng, spec: ProcedureSpec, now: Date): Schedule {
  const { start, end } = window(rng, spec, now);
  const t = now.getTime();
  const draft = spec.status === 'created';
  const moderated = !draft && spec.status !== 'pending' && spec.status !== 'rejected';
  // Published a few days before the start, sent for approval a day or two before that.
  const publishedAt = moderated ? floorTo(Math.min(start, t) - rng.int(2, 7) * DAY_MS, MINUTE_MS) : null;
  let sentForApprovalAt: number | null = null;
  if (publishedAt !== null) sentForApprovalAt = publishedAt - rng.int(20, 50) * HOUR_MS;
  else if (spec.status === 'pending') sentForApprovalAt = floorTo(t - rng.int(2, 30) * HOUR_MS, MINUTE_MS);
  else if (spec.status === 'rejected') sentForApprovalAt = floorTo(t - rng.int(4, 9) * DAY_MS, MINUTE_MS);
  const createdAt =
    (sentForApprovalAt ?? floorTo(t - rng.int(4, 72) * HOUR_MS, MINUTE_MS)) - rng.int(1, 3) * DAY_MS;
  return {
    createdAt: new Date(createdAt),
    sentForApprovalAt: sentForApprovalAt === null ? null : new Date(sentForApprovalAt),
    publishedAt: publishedAt === null ? null : new Date(publishedAt),
    start: new Date(start),
    end: new Date(end),
  };
}

export const isSealed = (type: AuctionTypeColumn) => SEALED.has(type);
