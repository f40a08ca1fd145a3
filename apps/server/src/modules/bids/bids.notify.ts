/** What follows an accepted bid outside the lot update: the outbid event and the autobid_maxed_out message. */
import { isPrivateAuction } from '@etp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../appContext.ts';
import { autobids, events } from '../../db/schema/index.ts';
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
  const stillEnabled = await ctx.db
    .select({ companyId: autobids.companyId })
    .from(autobids)
    .where(
      and(
        eq(autobids.lotId, lot.id),
        eq(autobids.enabled, true),
        inArray(autobids.companyId, maxedOutCompanies),
      ),
    );
  const maxed = maxedOutCompanies.filter((c) => !stillEnabled.some((s) => s.companyId === c));
  if (maxed.length === 0) return;
  await ctx.bus.publish({
    message: {
      channel: 'LotsStream',
      briefcase_id: briefcase.id,
      action: 'autobid_maxed_out',
      payload: { lot_id: lot.id, has_enabled_autobids: false },
      t,
    },
    audience: { kind: 'companies', ids: maxed },
  });
}
