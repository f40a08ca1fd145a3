/**
 * Trading history of a demo procedure, consistent with the auction rules (DESIGN §5): classic bids climb the
 * step grid from the start price, dutch orders sit on the falling clock, sealed offers are one per participant
 * at or above the minimum; leaders, winners and autobids follow from them.
 */
import { HOUR_MS, MINUTE_MS, SECOND_MS, statusIn, TRADED_STATUSES } from '@etp/domain';
import type { BriefcaseStatusColumn } from '../db/schema/index.ts';
import type { BuyerKey } from './accounts.data.ts';
import { type BidModel, dutchPrice, type LotModel } from './lots.ts';
import { DUTCH_RENEWAL_MINUTES, isSealed, type ProcedureSpec } from './plan.ts';
import type { Rng } from './random.ts';

const CLOCK_MS = DUTCH_RENEWAL_MINUTES * MINUTE_MS;

/** `n` instants in [from, to], strictly increasing by at least a second. */
function increasingTimes(rng: Rng, from: number, to: number, n: number): Date[] {
  const raw = Array.from({ length: n }, () => from + Math.floor(rng.next() * Math.max(1, to - from)));
  raw.sort((a, b) => a - b);
  for (let i = 1; i < raw.length; i += 1) raw[i] = Math.max(raw[i]!, raw[i - 1]! + SECOND_MS);
  return raw.map((ms) => new Date(Math.floor(ms / SECOND_MS) * SECOND_MS));
}

/** Index of the best offer: highest amount, the earliest on a tie (bids are in time order). */
function best(bids: readonly BidModel[]): number | null {
  let top: number | null = null;
  bids.forEach((b, i) => {
    if (top === null || b.amount > bids[top]!.amount) top = i;
  });
  return top;
}

function classicLot(
  rng: Rng,
  lot: LotModel,
  bidders: readonly BuyerKey[],
  until: number,
  autoLeader: boolean,
) {
  const step = lot.stepPrice!;
  const participants = rng.sample(bidders, rng.int(2, Math.min(4, bidders.length)));
  const count = rng.int(1, 10);
  const times = increasingTimes(rng, lot.start.getTime() + MINUTE_MS, until, count);
  let amount =
    lot.startPrice +
    step *
      rng.weighted([
        [0, 70],
        [1, 20],
        [2, 10],
      ]);
  let previous: BuyerKey | null = null;
  times.forEach((at, i) => {
    const last = i === count - 1;
    if (i > 0) {
      const steps = rng.weighted([
        [1, 75],
        [2, 18],
        [3, 7],
      ]);
      amount += step * (last && autoLeader ? 1 : steps);
    } else if (last && autoLeader) {
      amount = lot.startPrice;
    }
    const company = rng.pick(participants.filter((c) => c !== previous));
    lot.bids.push({ company, amount, at, source: last && autoLeader ? 'auto' : 'hand' });
    previous = company;
  });
  lot.leader = lot.bids.length - 1;
  lot.currentPrice = amount;
}

/**
 * The dutch clock: step 1 at the start, one step lower every renewal interval, down to the step count. Orders
 * wait below the clock; the lot finishes when the clock reaches the best one (or the minimum, with none).
 */
function dutchLot(rng: Rng, lot: LotModel, bidders: readonly BuyerKey[], now: number, active: boolean) {
  const stepCount = lot.stepCount!;
  const start = lot.start.getTime();
  const orders = bidders.length ? rng.sample(bidders, rng.int(1, Math.min(3, bidders.length))) : [];
  if (active) {
    const clock = Math.min(stepCount, Math.floor((now - start) / CLOCK_MS) + 1);
    const below = Array.from({ length: stepCount - clock }, (_, i) => clock + 1 + i);
    const steps = rng.sample(below, orders.length);
    const times = increasingTimes(rng, start + MINUTE_MS, now - MINUTE_MS, steps.length);
    steps.forEach((s, i) => {
      lot.bids.push({ company: orders[i]!, amount: dutchPrice(lot, s), at: times[i]!, source: 'hand' });
    });
    lot.currentStep = clock;
  } else if (orders.length === 0) {
    lot.currentStep = stepCount;
  } else {
    const reached = rng.int(2, stepCount);
    const lower = Array.from({ length: stepCount - reached }, (_, i) => reached + 1 + i);
    const steps = rng.shuffle([reached, ...rng.sample(lower, orders.length - 1)]);
    const end = start + (reached - 1) * CLOCK_MS;
    const times = increasingTimes(rng, start + MINUTE_MS, end - MINUTE_MS, steps.length);
    steps.forEach((s, i) => {
      lot.bids.push({ company: orders[i]!, amount: dutchPrice(lot, s), at: times[i]!, source: 'hand' });
    });
    lot.end = new Date(end);
    lot.currentStep = reached;
  }
  lot.currentPrice = dutchPrice(lot, lot.currentStep);
  lot.leader = best(lot.bids);
}

function sealedLot(rng: Rng, lot: LotModel, bidders: readonly BuyerKey[], until: number, capAtDebt: boolean) {
  const min = lot.minPrice!;
  const participants = rng.sample(bidders, rng.int(1, Math.min(4, bidders.length)));
  const times = increasingTimes(rng, lot.start.getTime() + 10 * MINUTE_MS, until, participants.length);
  participants.forEach((company, i) => {
    let amount = Math.ceil((min * rng.float(1, 1.7)) / 10_000) * 10_000;
    if (capAtDebt) amount = Math.min(amount, lot.amountBottomline - 100);
    lot.bids.push({ company, amount: Math.max(min, amount), at: times[i]!, source: 'hand' });
  });
  lot.leader = best(lot.bids);
}

/** Which lots of a procedure in this status were traded. */
function hasBids(rng: Rng, status: BriefcaseStatusColumn, index: number): boolean {
  if (status === 'closed_without_bids') return false;
  if (status === 'closed_without_winners' || index === 0) return true;
  if (status === 'closed_with_next_round') return index % 2 === 0;
  return rng.chance(0.78);
}

export interface TradeContext {
  spec: ProcedureSpec;
  lots: LotModel[];
  publishedAt: Date | null;
  now: Date;
  /** Companies allowed to trade in this procedure. */
  bidders: readonly BuyerKey[];
}

export function trade(rng: Rng, ctx: TradeContext): void {
  const { spec, lots, bidders } = ctx;
  const now = ctx.now.getTime();
  const regular = lots.filter((l) => !l.composite);
  for (const lot of regular) {
    if (spec.type === 'dutch') lot.end = new Date(lot.start.getTime() + lot.stepCount! * CLOCK_MS);
  }
  if (spec.status === 'ready' && spec.type === 'classic') readyAutobids(rng, ctx);
  if (!statusIn(spec.status, TRADED_STATUSES)) return;

  const active = spec.status === 'active';
  regular.forEach((lot, index) => {
    const traded = hasBids(rng, spec.status, index);
    // A dutch clock runs whether or not anyone ordered.
    if (spec.type === 'dutch') {
      dutchLot(rng, lot, traded ? bidders : [], now, active);
      return;
    }
    if (!traded) return;
    const until = Math.min(lot.end.getTime(), now) - MINUTE_MS;
    if (spec.type === 'classic') classicLot(rng, lot, bidders, until, active && rng.chance(0.6));
    else sealedLot(rng, lot, bidders, until, spec.type === 'private_requests');
  });
  if (active && spec.type === 'classic') activeAutobids(rng, ctx);
  if (spec.status.startsWith('closed')) close(rng, ctx);
}

/** The leader bid by its autobid (still enabled, with room above); one loser's autobid ran out. */
function activeAutobids(rng: Rng, ctx: TradeContext): void {
  let maxedOut = false;
  for (const lot of ctx.lots) {
    const leader = lot.leader === null ? null : lot.bids[lot.leader]!;
    if (!leader) continue;
    const at = new Date(lot.start.getTime() - rng.int(1, 48) * HOUR_MS);
    if (leader.source === 'auto') {
      const maxPrice = leader.amount + lot.stepPrice! * rng.int(2, 10);
      lot.autobids.push({ company: leader.company, maxPrice, enabled: true, at, disabledAt: null });
    }
    if (maxedOut) continue;
    // A loser whose bid was topped by exactly one step: its autobid's maximum was that bid.
    const i = lot.bids.findIndex(
      (b, k) =>
        k < lot.bids.length - 1 &&
        b.company !== leader.company &&
        lot.bids[k + 1]!.amount - b.amount === lot.stepPrice &&
        !lot.bids.slice(k + 1).some((later) => later.company === b.company),
    );
    if (i < 0) continue;
    const lost = lot.bids[i]!;
    lost.source = 'auto';
    const disabledAt = lot.bids[i + 1]!.at;
    lot.autobids.push({ company: lost.company, maxPrice: lost.amount, enabled: false, at, disabledAt });
    maxedOut = true;
  }
}

/** Before the start only autobids can be set: a few buyers already did. */
function readyAutobids(rng: Rng, ctx: TradeContext): void {
  const lots = rng.sample(
    ctx.lots.filter((l) => !l.composite),
    3,
  );
  const from = (ctx.publishedAt ?? ctx.now).getTime();
  for (const lot of lots) {
    for (const company of rng.sample(ctx.bidders, rng.int(1, 2))) {
      const maxPrice = lot.startPrice + lot.stepPrice! * rng.int(3, 25);
      const at = new Date(from + rng.int(1, 20) * HOUR_MS);
      lot.autobids.push({
        company,
        maxPrice,
        enabled: true,
        at: at < ctx.now ? at : ctx.now,
        disabledAt: null,
      });
    }
  }
}

/** The seller's decisions after the end. */
function close(rng: Rng, ctx: TradeContext): void {
  const { spec } = ctx;
  let declined = false;
  for (const lot of ctx.lots) {
    if (lot.leader === null) {
      if (spec.status === 'closed_with_next_round') {
        const applied = rng.sample(ctx.bidders, rng.int(1, 3));
        lot.roundRequests = applied.map((company) => ({
          company,
          at: new Date(lot.end.getTime() + rng.int(30, 20 * 60) * MINUTE_MS),
        }));
      }
      continue;
    }
    // One lot of a normally closed procedure: the seller chose nobody.
    const noWinner =
      spec.status === 'closed_without_winners' ||
      (spec.status === 'closed' && !declined && ctx.lots.length > 3 && lot.number >= 2);
    if (noWinner) {
      lot.isWithoutWinner = true;
      declined = true;
      continue;
    }
    lot.winner = lot.leader;
    if (isSealed(spec.type)) lot.currentPrice = lot.bids[lot.leader]!.amount;
  }
}
