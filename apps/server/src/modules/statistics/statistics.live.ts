/** The 'stats' message on BriefcaseStats after a bid: the procedure's counters, for its seller's Statistics tab. */
import { liveMessage, type StatsLivePayload } from '@etp/contracts';
import type { AppContext } from '../../appContext.ts';
import { statsCounters } from './statistics.queries.ts';

/**
 * One small aggregate, then one message to the procedure's seller and administrators. It runs after the bid's
 * commit: a failure here must not turn an accepted bid into an error reply, and the next bid's totals (or the
 * tab's refetch) correct a lost message, so it is dropped.
 */
export async function publishStats(ctx: AppContext, briefcaseId: number): Promise<void> {
  try {
    const counters = await statsCounters(ctx.db, briefcaseId);
    const payload: StatsLivePayload = { briefcase_id: briefcaseId, ...counters };
    await ctx.bus.publish({
      message: liveMessage.stats(briefcaseId, payload, ctx.now().getTime()),
      audience: { kind: 'masters' },
    });
  } catch {
    // See above: the counters are advisory.
  }
}
