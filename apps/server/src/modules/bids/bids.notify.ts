/** What follows an accepted bid outside the lot update: the outbid event, the autobid_maxed_out event and message. */
import { isPrivateAuction } from '@etp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../appContext.ts';
import { autobids, events } from '../../db/schema/index.ts';
import { recordEvents } from '../events/events.service.ts';
import type { LotRow } from '../lots/lots.queries.ts';
import type { BriefcaseRow } from '../lots/lots.state.ts';
import type { BidRow } from './bids.queries.ts';

export async function notifyAfterBid(
  ctx: AppContext,
  briefcase: BriefcaseRow,
  lot: LotRow,
  leaderBid: BidRow | null,
  previousLeaderUserId: number | null,
  maxedOutCompanies: number[],
): Promise<void> {
  const t = ctx.now().getTime();
  const lotName = lot.aliasNumber ?? `Лот №${lot.number}`;
  if (
    !isPrivateAuction(briefcase.auctionType) &&
    previousLeaderUserId !== null &&
    leaderBid !== null &&
    leaderBid.userId !== previousLeaderUserId
  ) {
    await ctx.db.insert(events).values({
      userId: previousLeaderUserId,
      kind: 'outbid',
      briefcaseId: briefcase.id,
      lotId: lot.id,
      payload: { text: `${lotName} ТП №${briefcase.id}: ваша ставка перебита` },
      createdAt: new Date(t),
    });
  }
  if (maxedOutCompanies.length === 0) return;
  const autobidsOfMaxed = await ctx.db
    .select({ companyId: autobids.companyId, userId: autobids.userId, enabled: autobids.enabled })
    .from(autobids)
    .where(and(eq(autobids.lotId, lot.id), inArray(autobids.companyId, maxedOutCompanies)));
  const stopped = autobidsOfMaxed.filter((a) => !a.enabled);
  if (stopped.length === 0) return;
  await recordEvents(
    ctx.db,
    stopped.map((a) => a.userId),
    {
      kind: 'autobid_maxed_out',
      text: `${lotName} ТП №${briefcase.id}: автоставка достигла максимальной цены и отключена`,
      briefcaseId: briefcase.id,
      lotId: lot.id,
      at: new Date(t),
    },
  );
  await ctx.bus.publish({
    message: {
      channel: 'LotsStream',
      briefcase_id: briefcase.id,
      action: 'autobid_maxed_out',
      payload: { lot_id: lot.id, has_enabled_autobids: false },
      t,
    },
    audience: { kind: 'companies', ids: [...new Set(stopped.map((a) => a.companyId))] },
  });
}
