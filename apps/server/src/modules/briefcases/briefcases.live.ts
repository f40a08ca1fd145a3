/** Status messages of a procedure on BriefcaseStatus, published after the change has committed. */
import { type BriefcaseStatusPayload, type LiveAction, liveMessage } from '@etp/contracts';
import type { AppContext } from '../../appContext.ts';
import type { Audience } from '../../realtime/bus.ts';
import type { BriefcaseRow } from '../lots/trading/lotState.ts';

/**
 * The payload the scheduler's status messages carry ({id, status, end_datetime, can_start_second_round}), plus
 * the round links, so a card can follow its procedure into the next round.
 */
export async function publishBriefcaseStatus(
  ctx: AppContext,
  row: BriefcaseRow,
  action: Extract<LiveAction, 'briefcase_status_update' | 'next_round'> = 'briefcase_status_update',
  extra: Pick<BriefcaseStatusPayload, 'second_round_id' | 'next_round_requests'> = {},
  audience: Audience = { kind: 'all' },
): Promise<void> {
  await ctx.bus.publish({
    message: liveMessage[action](
      row.id,
      {
        id: row.id,
        status: row.status,
        end_datetime: row.endDatetime?.toISOString() ?? null,
        can_start_second_round: row.canStartSecondRound,
        next_round_id: row.nextRoundId,
        next_round_count: row.nextRoundCount,
        ...extra,
      },
      ctx.now().getTime(),
    ),
    audience,
  });
}
