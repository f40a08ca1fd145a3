/** GET /api/v1/charts/briefcases/{id}/stats (spec 2 §7): the Statistics tab of the seller and administrators. */
import { type BriefcaseStats, idParams } from '@etp/contracts';
import { STATISTICS_STATUSES, statusIn } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { STATISTICS_TEXTS } from './statistics.messages.ts';
import { hiddenLotIds, presentStats } from './statistics.presenter.ts';
import {
  bestBidPerMinute,
  bidsPerMinute,
  countDownloads,
  findStatsLots,
  statsCounters,
} from './statistics.queries.ts';

export function statisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/charts/briefcases/:id/stats',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        const { id } = request.params;
        const access = await requireOpenBriefcase(ctx.db, authOf(request), id);
        if (!access.master) throw forbidden(STATISTICS_TEXTS.mastersOnly);
        const procedure = access.row.briefcase;
        if (!statusIn(procedure.status, STATISTICS_STATUSES)) throw conflict(STATISTICS_TEXTS.notYet);
        const lots = await findStatsLots(ctx.db, id);
        const [counters, downloaded, perMinute, prices] = await Promise.all([
          statsCounters(ctx.db, id),
          countDownloads(ctx.db, id),
          bidsPerMinute(ctx.db, id),
          bestBidPerMinute(ctx.db, id, hiddenLotIds(procedure.auctionType, lots)),
        ]);
        const attributes = presentStats({
          auctionType: procedure.auctionType,
          counters,
          downloaded,
          lots,
          perMinute,
          prices,
        });
        return ok<BriefcaseStats>({ id, attributes });
      },
    );
  };
}
