/**
 * Keeps the demo alive: simulated buyers place occasional bids and autobids on lots trading now, through the
 * same services as real users (so every rule, audit entry and live update applies). Runs only in development
 * with the demo data (never in tests or production). It trades only on procedures that existed when it started:
 * one a person creates afterwards is left to people (issue 29; the administrator sees a banner, README says so).
 */
import type { AppContext } from '../appContext.ts';
import { enableAutobid } from '../modules/bids/autobids.service.ts';
import { placeBid } from '../modules/bids/bids.service.ts';
import { loadUserContext } from '../modules/user/user.queries.ts';
import { findMemberIdsByEmails, findSimulatedLots } from './simulator.queries.ts';

const DEMO_BUYERS = [
  'buyer.bank@etp-rd.ru',
  'buyer.mfo@etp-rd.ru',
  'buyer.legal@etp-rd.ru',
  'buyer.self@etp-rd.ru',
  'buyer.physical@etp-rd.ru',
];

export class DemoSimulator {
  private timer: NodeJS.Timeout | null = null;
  /** Procedures created from this moment on are never touched. */
  private startedAt: Date;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (message: string) => void,
    private readonly meanDelayMs = 12_000,
  ) {
    this.startedAt = ctx.now();
  }

  start(): void {
    this.startedAt = this.ctx.now();
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    const delay = this.meanDelayMs * (0.5 + Math.random());
    this.timer = setTimeout(() => {
      this.step()
        .catch(() => undefined) // a refused simulated bid (price moved, lot ended) is part of the game
        .finally(() => this.schedule());
    }, delay);
  }

  /** One simulated action: a bid at the next price (or a few steps above), sometimes an autobid instead. */
  async step(): Promise<void> {
    const candidates = await findSimulatedLots(this.ctx.db, this.startedAt);
    if (candidates.length === 0) return;
    const pick = candidates[Math.floor(Math.random() * candidates.length)]!;
    const people = await findMemberIdsByEmails(this.ctx.db, DEMO_BUYERS);
    const person = people[Math.floor(Math.random() * people.length)];
    if (!person) return;
    const auth = await loadUserContext(this.ctx.db, person.id);
    if (!auth) return;
    const who = { ...auth, sessionId: 'demo-simulator' };
    const lot = pick.lot;
    const step = lot.stepPrice ?? 100_000;
    if (pick.auctionType === 'dutch') {
      const price =
        (lot.currentPrice ?? lot.maxPrice ?? lot.startPrice) - step * Math.floor(Math.random() * 3);
      if (price < (lot.minPrice ?? 0)) return;
      await placeBid(this.ctx, this.ctx.leaderTag, who, { lot_id: lot.id, amount: price });
    } else if (Math.random() < 0.2) {
      const base = lot.currentPrice === null ? lot.startPrice : lot.currentPrice + step;
      await enableAutobid(this.ctx, this.ctx.leaderTag, who, {
        lot_id: lot.id,
        max_price: base + step * (2 + Math.floor(Math.random() * 5)),
      });
    } else {
      const next = lot.currentPrice === null ? lot.startPrice : lot.currentPrice + step;
      await placeBid(this.ctx, this.ctx.leaderTag, who, {
        lot_id: lot.id,
        amount: next + step * Math.floor(Math.random() * 2),
        confirm: true,
      });
    }
    this.log(`demo: ${auth.company?.name ?? ''} traded on lot ${lot.id}`);
  }
}
