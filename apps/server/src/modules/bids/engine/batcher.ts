/** The node's group committer of classic bids, wired: after each commit it teaches the book and publishes the lots. */
import type { AppContext } from '../../../appContext.ts';
import { publishLotSnapshots } from '../../lots/lots.live.ts';
import type { LeaderTagger } from '../../lots/trading/leaderTags.ts';
import { BidBatcher } from './batch.ts';

export function createBidBatcher(ctx: AppContext, tag: LeaderTagger): BidBatcher {
  const book = ctx.node.lotBook;
  return new BidBatcher(
    ctx,
    async ({ lots, briefcaseIds }) => {
      for (const l of lots) book.remember(l.state, l.lot.version, l.briefcase);
      await publishLotSnapshots(
        ctx,
        tag,
        lots.map((l) => ({
          lot: l.lot,
          briefcase: l.briefcase,
          leaderBid: l.leaderBid,
          leaderName: l.leaderName,
        })),
      );
      for (const id of briefcaseIds) ctx.node.stats.schedule(id);
    },
    (bid) => book.staleRefusal(bid.lotId, bid.auth, bid, ctx.now().getTime()),
  );
}
