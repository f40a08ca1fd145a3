/**
 * Fires every timed transition (procedure start and end, lot end, dutch clock steps) from database rows.
 * Only the node holding the leader advisory lock runs them, and every transition is a conditional UPDATE
 * (`where status = … and deadline <= now`), so a restart, a crash or a second leader can neither skip nor
 * double one: whatever is due is done by the next tick of whichever node leads.
 */
import type { AppContext } from '../appContext.ts';
import type { Leadership } from '../db/client.ts';
import { refreshStaleProtocols } from '../modules/documents/protocols.service.ts';
import { queueDailySummaries, queueEventMails } from '../modules/events/mail/mailQueue.ts';
import { retrainIfDue } from '../modules/forecast/forecast.service.ts';
import type { LeaderTagger } from '../modules/lots/trading/leaderTags.ts';
import { runDueTransitions, type TransitionReport } from './transitions.ts';

const LEADER_LOCK_KEY = 7_270_002;
/** The leader looks for enough newly sold lots to retrain the price forecast once a minute. */
export const FORECAST_CHECK_MS = 60_000;

/**
 * Work the leader does beside the transitions, each at most every `everyMs` and never twice at once; a tick does
 * not wait for it (it may take seconds in a worker thread).
 */
export interface Chore {
  name: string;
  everyMs: number;
  run: (ctx: AppContext) => Promise<unknown>;
}

/** The trade protocols of procedures that finished or got a winner since their last one (decisions/0120). */
export const PROTOCOL_CHORE: Chore = { name: 'protocols', everyMs: 1_000, run: refreshStaleProtocols };

/** The mails of events: queued by the users' settings, then sent with retries (decisions/0124). */
export const MAIL_CHORE: Chore = {
  name: 'mail',
  everyMs: 1_000,
  run: async (ctx) => {
    await queueEventMails(ctx);
    await ctx.notifier.deliverQueued?.();
  },
};

/** The daily summaries, looked for every ten minutes from 09:00 МСК (decisions/0124). */
export const SUMMARY_CHORE: Chore = { name: 'daily summary', everyMs: 10 * 60_000, run: queueDailySummaries };

/** The longest wait between passes while the database fails (a lot's end is still fired within 2 s of its return). */
const MAX_BACKOFF_MS = 1_000;

export class Scheduler {
  private leadership: Leadership | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private forecastCheckedAt = Number.NEGATIVE_INFINITY;
  /** Failed passes in a row. */
  private failures = 0;
  private readonly choreState = new Map<Chore, { at: number; running: Promise<void> | null }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly tag: LeaderTagger,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 250,
    /** How often the leader checks whether enough lots sold to retrain the price forecast; null: never. */
    private readonly forecastCheckMs: number | null = null,
    private readonly chores: Chore[] = [],
  ) {}

  get isLeader(): boolean {
    return this.leadership !== null;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all([...this.choreState.values()].map((s) => s.running));
    await this.leadership?.release();
    this.leadership = null;
  }

  /** One pass: become leader if nobody is, then fire what is due. Tests call it directly. */
  async tick(): Promise<TransitionReport | null> {
    // A lease that lapsed (this process was frozen or cut off) is given up before anything is fired: another node
    // may lead by now (fencing, decisions/0097).
    if (this.leadership && !this.leadership.holds()) {
      const lapsed = this.leadership;
      this.leadership = null;
      await lapsed.release();
    }
    if (!this.leadership) {
      this.leadership = await this.ctx.database.tryLeadership(LEADER_LOCK_KEY);
      if (!this.leadership) return null;
      const mine = this.leadership;
      void mine.lost.then(() => {
        if (this.leadership === mine) this.leadership = null;
      });
    }
    const report = await runDueTransitions(this.ctx, this.tag, this.ctx.now());
    this.checkForecast();
    this.runChores();
    return report;
  }

  /** Starts each chore that is due and not running; its failure is reported, the next pass tries again. */
  private runChores(): void {
    for (const chore of this.chores) {
      const state = this.choreState.get(chore) ?? { at: Number.NEGATIVE_INFINITY, running: null };
      this.choreState.set(chore, state);
      if (state.running || performance.now() - state.at < chore.everyMs) continue;
      state.at = performance.now();
      state.running = chore
        .run(this.ctx)
        .then(
          () => undefined,
          (error: unknown) => this.onError(error),
        )
        .finally(() => {
          state.running = null;
        });
    }
  }

  /** Retraining runs in a worker thread; the tick does not wait for it. */
  private checkForecast(): void {
    if (this.forecastCheckMs === null || performance.now() - this.forecastCheckedAt < this.forecastCheckMs)
      return;
    this.forecastCheckedAt = performance.now();
    retrainIfDue(this.ctx).catch(this.onError);
  }

  /**
   * The loop: a pass every intervalMs; after a failed pass (the database away) the next waits twice as long, up to
   * MAX_BACKOFF_MS, and only the first failure of a run of them is reported.
   */
  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      this.running = true;
      let next = this.intervalMs;
      try {
        await this.tick();
        this.failures = 0;
      } catch (error) {
        if (this.failures === 0) this.onError(error);
        this.failures++;
        next = Math.min(this.intervalMs * 2 ** this.failures, MAX_BACKOFF_MS);
        if (this.leadership && !this.leadership.holds()) this.leadership = null;
      } finally {
        this.running = false;
        this.schedule(next);
      }
    }, delay);
  }
}
