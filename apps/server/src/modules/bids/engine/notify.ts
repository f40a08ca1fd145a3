/** What follows an accepted bid outside the lot update: the outbid event, the autobid_maxed_out event and message. */
import { liveMessage } from '@etp/contracts';
import { isPrivateAuction } from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import { EVENT_TEXTS } from '../../events/events.messages.ts';
import { type EventInput, recordEvent, recordEvents } from '../../events/events.service.ts';
import type { TradingLotRow } from '../../lots/lots.queries.ts';
import { findCompanyAutobids } from '../autobids.queries.ts';
import type { BidRow } from '../bids.queries.ts';
import type { BidProcedure } from './lotLock.queries.ts';

export async function notifyAfterBid(
  ctx: AppContext,
  briefcase: BidProcedure,
  lot: TradingLotRow,
  leaderBid: BidRow | null,
  previousLeaderUserId: number | null,
  maxedOutCompanies: number[],
): Promise<void> {
  const t = ctx.now().getTime();
  if (
    !isPrivateAuction(briefcase.auctionType) &&
    previousLeaderUserId !== null &&
    leaderBid !== null &&
    leaderBid.userId !== previousLeaderUserId
  ) {
    await recordEvent(ctx.db, previousLeaderUserId, outbidEvent(briefcase, lot, new Date(t)));
  }
  if (maxedOutCompanies.length === 0) return;
  const autobidsOfMaxed = await findCompanyAutobids(ctx.db, lot.id, maxedOutCompanies);
  const stopped = autobidsOfMaxed.filter((a) => !a.enabled);
  if (stopped.length === 0) return;
  await recordEvents(
    ctx.db,
    stopped.map((a) => a.userId),
    {
      kind: 'autobid_maxed_out',
      text: EVENT_TEXTS.autobidMaxedOut(lot, briefcase.id),
      briefcaseId: briefcase.id,
      lotId: lot.id,
      at: new Date(t),
    },
  );
  await ctx.bus.publish({
    message: liveMessage.autobid_maxed_out(briefcase.id, { lot_id: lot.id, has_enabled_autobids: false }, t),
    audience: { kind: 'companies', ids: [...new Set(stopped.map((a) => a.companyId))] },
  });
}

/** The "your bid was outbid" event of a lot, for the company that led it until `at`. */
export function outbidEvent(
  briefcase: { id: number },
  lot: { id: number; number: number; aliasNumber: string | null },
  at: Date,
): EventInput {
  return {
    kind: 'outbid',
    text: EVENT_TEXTS.outbid(lot, briefcase.id),
    briefcaseId: briefcase.id,
    lotId: lot.id,
    at,
  };
}
