/**
 * fast-check commands of the money path (support/moneyPath.ts, one test file per format): each one acts through
 * the HTTP API as a buyer, the seller or an administrator, or moves the clock and runs the scheduler, predicts
 * the outcome with the plain model (moneyModel.ts), and then checks what every role sees of the lot against it.
 */
import { and, eq } from 'drizzle-orm';
import type fc from 'fast-check';
import { expect } from 'vitest';
import { briefcases, lots } from '../../src/db/schema/index.ts';
import type { Scheduler } from '../../src/scheduler/scheduler.ts';
import type { TestApp } from './app.ts';
import * as M from './moneyModel.ts';
import type { api, Floor, Trader } from './trading.ts';

export interface Real {
  t: TestApp;
  call: ReturnType<typeof api>;
  floor: Floor;
  scheduler: Scheduler;
  briefcaseId: number;
  lotId: number;
}

type Cmd = fc.AsyncCommand<M.Model, Real>;
export type Actor = number | 'seller' | 'admin';

const buyerName = (company: number) => `ООО «Покупатель ${company + 1}»`;
const who = (r: Real, actor: Actor): Trader =>
  actor === 'seller' ? r.floor.seller : actor === 'admin' ? r.floor.admin : r.floor.buyers[actor]!;
const label = (actor: Actor) => (typeof actor === 'number' ? `П${actor + 1}` : actor);
/** Off-grid kopecks that keep two companies' free amounts (sealed offers, autobid maxima) apart. */
const own = (company: number) => (company + 1) * 1_000;

/** How often each command met each outcome (printed with MODEL_STATS=1, to see what the runs reached). */
export const tally = new Map<string, number>();

function expectCode(what: string, got: { statusCode: number; body: string }, expected: M.Code | 0) {
  const key = `${what.replace(/[( =].*$/, '')} ${got.statusCode}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
  const ok = expected === 0 ? got.statusCode >= 400 && got.statusCode < 500 : got.statusCode === expected;
  if (!ok) throw new Error(`${what}: expected HTTP ${expected || '4xx'}, got ${got.statusCode} ${got.body}`);
}

/**
 * What the roles see after a step, against the model: the lot as each buyer and the seller see it, and the acting
 * buyer's bid log, after every step; the administrator's view, the seller's log and bidders list and the
 * procedure's status after the clock moved, a choice, or once trading is over (`full`).
 */
export async function checkViews(m: M.Model, r: Real, actor: Actor | null, full: boolean) {
  const trading = m.status === 'ready' || m.status === 'active';
  const all = full || !trading;
  if (m.status === 'closed') m.stepsAfterClose++;
  const viewers: [Actor, M.Viewer][] = [
    [0, { company: 0 }],
    [1, { company: 1 }],
    [2, { company: 2 }],
    ['seller', 'master'],
  ];
  if (all) viewers.push(['admin', 'master']);
  const sealed = M.isSealed(m.p);
  for (const [viewerActor, viewer] of viewers) {
    const seen = await r.call.lot(who(r, viewerActor), r.lotId);
    const expected = M.expectedView(m, viewer, buyerName);
    const actual: Record<string, unknown> = { ...seen, condition: seen.condition?.text };
    const wrong = Object.keys(expected).filter((k) => !Object.is(actual[k], expected[k]));
    if (wrong.length > 0) {
      const diff = wrong.map((k) => `${k}: expected ${expected[k]}, got ${actual[k]}`).join('; ');
      throw new Error(`lot as seen by ${label(viewerActor)}: ${diff}`);
    }
    if (viewer === 'master') continue;
    const leads = M.leader(m) === viewer.company;
    if (sealed) expect(seen.leader_tag, `leader tag for ${label(viewerActor)}`).toBeNull();
    else expect(seen.leader_tag === seen.my_tag, `${label(viewerActor)} leads`).toBe(leads);
    if (!all && viewerActor !== actor) continue;
    const log = (await r.call.get(who(r, viewerActor), `/api/v1/lots/${r.lotId}/bids?per_page=100`)).json()
      .data.bids as { is_own: boolean; company_name: string; amount: number }[];
    if (sealed) {
      // Only the own offer that stands: never a rival's, never a replaced or withdrawn one (spec 2 §5).
      const standing = m.standing.get(viewer.company);
      expect(
        log.map((e) => [e.is_own, e.amount]),
        `${label(viewerActor)}'s sealed log`,
      ).toEqual(standing ? [[true, standing.amount]] : []);
    } else
      for (const entry of log)
        if (!entry.is_own) expect(entry.company_name, 'a rival in the log').toMatch(/^Участник \d+$/);
  }
  if (!all) return;
  const state = `state ${m.p.format}/${m.p.endMode} ${m.status} ${m.procedure}`;
  tally.set(state, (tally.get(state) ?? 0) + 1);
  const masterLog = await r.call.get(r.floor.seller, `/api/v1/lots/${r.lotId}/bids?per_page=100`);
  const bidders = await r.call.get(r.floor.seller, `/api/v1/lots/${r.lotId}/bidders`);
  if (sealed && trading) {
    expect(masterLog.statusCode, 'the seller reads no sealed log before the end').toBe(403);
    expect(bidders.statusCode, 'the seller reads no sealed bidders before the end').toBe(403);
  } else {
    const amounts = masterLog.json().data.bids.map((b: { amount: number }) => b.amount);
    if (m.p.format === 'classic')
      expect(amounts, 'bid log').toEqual(m.history.map((b) => b.amount).reverse());
    const listed = bidders
      .json()
      .data.map((b: { userCompanyName: string; amount: number }) => [b.userCompanyName, b.amount]);
    const want = M.pickable(m).map((b) => [buyerName(b.company), b.amount]);
    // One line per bidder: its last bid, its standing order or offer (never a withdrawn or replaced one).
    expect(sortPairs(listed), 'bidders').toEqual(sortPairs(want));
  }
  if (m.procedure !== null) {
    const card = await r.call.get(r.floor.seller, `/api/v1/briefcases/${r.briefcaseId}`);
    expect(card.json().data.attributes.status, 'procedure status').toBe(m.procedure);
  }
}

const sortPairs = (pairs: unknown[][]) => pairs.map((p) => JSON.stringify(p)).sort();

export type AmountKind =
  | 'next'
  | 'steps'
  | 'stale'
  | 'offGrid'
  | 'belowStart'
  | 'zero'
  | 'floor'
  | 'above'
  | 'mid'
  | 'osz'
  | 'aboveOsz';

/** The amount a buyer types, from what the model says the lot shows. */
function amountFor(m: M.Model, company: number, kind: AmountKind, k: number): number {
  const { p } = m;
  const next = M.nextPrice(m);
  if (kind === 'zero') return 0;
  if (p.format === 'classic') {
    switch (kind) {
      case 'steps':
        return next + p.step * (k - 1);
      case 'stale':
        return next - p.step;
      case 'offGrid':
        return next + p.step * (k - 1) + p.step / 2;
      case 'belowStart':
        return p.startPrice - p.step;
      default:
        return next;
    }
  }
  if (p.format === 'dutch') {
    switch (kind) {
      case 'steps':
        return Math.max(p.startPrice, next - p.step * (k - 1));
      case 'floor':
        return p.startPrice;
      case 'above':
        return next + p.step;
      case 'offGrid':
        return next - p.step * (k - 1) - p.step / 2;
      case 'belowStart':
        return p.startPrice - p.step;
      default:
        return next;
    }
  }
  switch (kind) {
    case 'mid':
      return p.startPrice + Math.floor(((p.osz - p.startPrice) * k) / 10 / 1_000) * 1_000 + own(company);
    case 'osz':
      return p.format === 'private_requests' ? p.osz : p.osz + own(company);
    case 'aboveOsz':
      return p.osz + 10_000 + own(company);
    case 'belowStart':
      return p.startPrice - 1_000 + own(company) - 3_000;
    default:
      return p.startPrice + own(company);
  }
}

export class BidCommand implements Cmd {
  constructor(
    readonly company: number,
    readonly kind: AmountKind,
    readonly k: number,
    readonly confirm: boolean,
  ) {}
  check = (m: Readonly<M.Model>) => M.live(m);
  async run(m: M.Model, r: Real) {
    const amount = amountFor(m, this.company, this.kind, this.k);
    const before = m.history.length;
    const expected = M.placeBid(m, this.company, amount, this.confirm);
    const response = await r.call.bid(who(r, this.company), {
      lot_id: r.lotId,
      amount,
      ...(this.confirm ? { confirm: true } : {}),
    });
    expectCode(`${this} = ${amount}`, response, expected);
    if (expected === 200) {
      const placed = m.p.format === 'classic' ? m.history[before] : m.standing.get(this.company);
      placed!.id = response.json().data.bid_id;
    }
    await checkViews(m, r, this.company, false);
  }
  toString = () =>
    `bid(${label(this.company)}, ${this.kind}${this.k ? ` ${this.k}` : ''}${this.confirm ? ', confirm' : ''})`;
}

/** The seller and administrators may neither bid, nor set autobids, nor withdraw, nor extend (spec 2 §6). */
export class MasterActionCommand implements Cmd {
  constructor(
    readonly actor: 'seller' | 'admin',
    readonly action: 'bid' | 'autobid' | 'withdraw' | 'renew',
  ) {}
  check = (m: Readonly<M.Model>) => M.live(m);
  async run(m: M.Model, r: Real) {
    const trader = who(r, this.actor);
    const amount = M.nextPrice(m);
    const response =
      this.action === 'bid'
        ? await r.call.bid(trader, { lot_id: r.lotId, amount })
        : this.action === 'autobid'
          ? await r.call.autobid(trader, { lot_id: r.lotId, max_price: amount + 5 * m.p.step })
          : this.action === 'withdraw'
            ? await r.call.send(trader, 'DELETE', '/api/v1/bids', { lot_id: r.lotId })
            : await r.call.send(trader, 'POST', `/api/v1/lots/${r.lotId}/renewal`);
    expectCode(String(this), response, 403);
    await checkViews(m, r, null, false);
  }
  toString = () => `${this.action}(${this.actor})`;
}

export class AutobidCommand implements Cmd {
  constructor(
    readonly company: number,
    readonly k: number,
  ) {}
  check = (m: Readonly<M.Model>) => M.live(m);
  async run(m: M.Model, r: Real) {
    // k = 0: exactly the next price (refused: that is just a bid); else k - 1 steps above it, off the grid.
    const max = M.nextPrice(m) + (this.k === 0 ? 0 : (this.k - 1) * m.p.step + own(this.company));
    const wasOn = m.autobids.has(this.company);
    const accepted = M.enableAutobid(m, this.company, max);
    const response = await r.call.autobid(who(r, this.company), { lot_id: r.lotId, max_price: max });
    expectCode(`${this} = ${max}`, response, accepted ? 200 : 0);
    if (accepted) expect(response.json().message).toBe(wasOn ? 'Автоставка принята' : 'Автоставка включена');
    await checkViews(m, r, this.company, false);
  }
  toString = () =>
    `autobid(${label(this.company)}, ${this.k === 0 ? 'at next' : `next+${this.k - 1} steps`})`;
}

export class AutobidOffCommand implements Cmd {
  constructor(readonly company: number) {}
  check = (m: Readonly<M.Model>) =>
    m.autobids.has(this.company) && (m.status === 'ready' || M.tradingOpen(m as M.Model));
  async run(m: M.Model, r: Real) {
    m.autobids.delete(this.company);
    expectCode(String(this), await r.call.disableAutobid(who(r, this.company), r.lotId), 200);
    await checkViews(m, r, this.company, false);
  }
  toString = () => `autobidOff(${label(this.company)})`;
}

export class WithdrawCommand implements Cmd {
  constructor(
    readonly company: number,
    readonly trailingSlash: boolean,
  ) {}
  check = (m: Readonly<M.Model>) => M.live(m);
  async run(m: M.Model, r: Real) {
    const expected = M.withdraw(m, this.company);
    const url = this.trailingSlash ? '/api/v1/bids/' : '/api/v1/bids';
    const response = await r.call.send(who(r, this.company), 'DELETE', url, { lot_id: r.lotId });
    expectCode(String(this), response, expected);
    await checkViews(m, r, this.company, false);
  }
  toString = () => `withdraw(${label(this.company)}${this.trailingSlash ? ', /bids/' : ''})`;
}

export class RenewCommand implements Cmd {
  constructor(readonly company: number) {}
  check = (m: Readonly<M.Model>) => M.live(m);
  async run(m: M.Model, r: Real) {
    const expected = M.renew(m, this.company);
    const response = await r.call.send(who(r, this.company), 'POST', `/api/v1/lots/${r.lotId}/renewal`);
    expectCode(String(this), response, expected);
    await checkViews(m, r, this.company, false);
  }
  toString = () => `renew(${label(this.company)})`;
}

/** Moves the clock (by minutes, or to a given time before the lot's end) and runs the scheduler. */
export class AdvanceCommand implements Cmd {
  constructor(
    readonly minutes: number,
    readonly beforeEndMs: number | null,
  ) {}
  private target = (m: Readonly<M.Model>) =>
    this.beforeEndMs === null ? m.now + this.minutes * M.MINUTE : m.end - this.beforeEndMs;
  check = (m: Readonly<M.Model>) => M.live(m) && this.target(m) > m.now;
  async run(m: M.Model, r: Real) {
    const target = this.target(m);
    // A start passed on the way is its own pass: the early autobids answer at the start, not later.
    if (m.status === 'ready' && target > m.p.startMs) await this.pass(m, r, m.p.startMs);
    await this.pass(m, r, target);
    await checkViews(m, r, null, true);
  }
  private async pass(m: M.Model, r: Real, at: number) {
    r.t.clock.set(new Date(at));
    await r.scheduler.tick();
    M.tick(m, at);
  }
  toString = () =>
    this.beforeEndMs === null
      ? `advance(${this.minutes} min)`
      : `advance(to end ${this.beforeEndMs > 0 ? '-' : '+'} ${Math.abs(this.beforeEndMs)} ms)`;
}

/** The seller's or an administrator's choice of winner (or none); `stale` tries a replaced or withdrawn offer. */
export class PickWinnerCommand implements Cmd {
  constructor(
    readonly actor: Actor,
    readonly choice: number | null,
    readonly stale: boolean,
    readonly thenSecondRound: boolean,
  ) {}
  check = (m: Readonly<M.Model>) => M.live(m) && (m.procedure !== null || typeof this.actor === 'number');
  async run(m: M.Model, r: Real) {
    const send = (bidId: number | null) =>
      r.call.send(who(r, this.actor), 'POST', `/api/v1/lots/${r.lotId}/set_winner`, { bid_id: bidId });
    const candidates = M.pickable(m);
    const chosen =
      this.choice === null || candidates.length === 0 ? null : candidates[this.choice % candidates.length]!;
    if (typeof this.actor === 'number' || !M.canChoose(m)) {
      const response = await send(chosen?.id ?? null);
      expectCode(String(this), response, typeof this.actor === 'number' ? 403 : 409);
    } else if (this.stale && m.retiredIds.length > 0) {
      const response = await send(m.retiredIds[(this.choice ?? 0) % m.retiredIds.length]!);
      expectCode(`${this}: a replaced or withdrawn offer`, response, 0);
    } else {
      let bidId: number | null = null;
      if (chosen) {
        // The seller chooses from the bidders list, as the dialog does.
        const list = (await r.call.get(r.floor.seller, `/api/v1/lots/${r.lotId}/bidders`)).json().data as {
          id: number;
          userCompanyName: string;
          amount: number;
        }[];
        bidId = list.find(
          (b) => b.userCompanyName === buyerName(chosen.company) && b.amount === chosen.amount,
        )!.id;
      }
      M.chooseWinner(m, chosen);
      const response = await send(bidId);
      expectCode(String(this), response, 200);
      expect(response.json().data.company_name).toBe(chosen ? buyerName(chosen.company) : null);
      // The seller of a convert procedure goes on to the second round, as the card offers at once.
      if (this.thenSecondRound && M.canStartSecondRound(m)) {
        await checkViews(m, r, null, true);
        await secondRound(m, r, 'seller', `${this} then secondRound(seller)`);
      }
    }
    await checkViews(m, r, null, true);
  }
  toString = () =>
    `pickWinner(${label(this.actor)}, ${this.choice === null ? 'none' : `#${this.choice}`}${this.stale ? ', stale' : ''}${this.thenSecondRound ? ', then 2nd round' : ''})`;
}

/** The classic second round of a convert procedure: the seller's, once, from the chosen start prices. */
/** POST second_round by an actor, and on success the new classic round's lot copy at the chosen start price. */
async function secondRound(m: M.Model, r: Real, actor: Actor, what: string) {
  const url = `/api/v1/briefcases/${r.briefcaseId}/second_round`;
  const response = await r.call.send(who(r, actor), 'POST', url);
  if (typeof actor === 'number') return expectCode(what, response, 403);
  if (actor === 'admin') return expectCode(what, response, 0);
  if (!M.canStartSecondRound(m)) return expectCode(what, response, 409);
  expectCode(what, response, 200);
  m.secondRoundCreated = true;
  const id = response.json().data.id as number;
  const [round] = await r.t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
  expect(round).toMatchObject({ auctionType: 'classic', status: 'created', convertedFrom: r.briefcaseId });
  const copies = await r.t.ctx.db
    .select()
    .from(lots)
    .where(and(eq(lots.briefcaseId, id), eq(lots.convertedFrom, r.lotId)));
  expect(
    copies.map((l) => l.startPrice),
    'the second round starts from the chosen price',
  ).toEqual([m.secondRoundPrice]);
}

/** The classic second round of a convert procedure: the seller's, once, from the chosen start prices. */
export class SecondRoundCommand implements Cmd {
  constructor(readonly actor: Actor) {}
  check = (m: Readonly<M.Model>) => M.live(m);
  async run(m: M.Model, r: Real) {
    await secondRound(m, r, this.actor, String(this));
    await checkViews(m, r, null, true);
  }
  toString = () => `secondRound(${label(this.actor)})`;
}
