/** Lot calls of spec 2 §7: the trade tab's list, one lot, favourites, ids, bidders, bid log, rename, renewal, winner. */
import { bidLogQuery, idParams, lotsQuery, renameLotBody, setWinnerBody } from '@etp/contracts';
import { isPrivateAuction, renewalSuccessMessage, sealedAmountsRevealed } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden, notFound, notInGoodStanding } from '../../http/errors.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { findBidders, findBidLogPage } from '../bids/bids.queries.ts';
import { checkLotAccess } from '../bids/engine/tradingContext.ts';
import { resolveBriefcaseAccess } from '../briefcases/access/viewerAccess.ts';
import { lotTitle } from '../events/events.messages.ts';
import { publishLots } from './lots.live.ts';
import {
  findBriefcaseOfLot,
  findCompany,
  findLot,
  findLotsInfo,
  findLotsPage,
  toggleFavouriteLot,
} from './lots.queries.ts';
import { presentLots, renameLot, renewLot, setWinner } from './lots.service.ts';

const BIDS_HIDDEN = 'Ставки по лоту скрыты до окончания торгов';

export function lotsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tag = ctx.leaderTag;
  return async (app) => {
    app.get(
      '/api/v1/lots',
      { preHandler: ctx.guards.goodStanding, schema: { querystring: lotsQuery } },
      async (request) => {
        const auth = authOf(request);
        const q = request.query;
        const access = await resolveBriefcaseAccess(ctx.db, auth, q.briefcase_id);
        if (access.kind === 'not_in_good_standing') throw notInGoodStanding();
        if (access.kind !== 'open') throw notFound('Торговая процедура не найдена');
        const page = await findLotsPage(ctx.db, q.briefcase_id, auth.user.id, {
          limit: q.per_page,
          offset: (q.page - 1) * q.per_page,
          favouritesOnly: q.type === 'favorite',
        });
        const attributes = await presentLots(ctx, tag, auth, access.row.briefcase, page.rows, access.master);
        return ok({
          lots: attributes.map((a) => ({ id: a.id, attributes: a })),
          total_pages: Math.max(1, Math.ceil(page.total / q.per_page)),
          total_count: page.total,
          bids_status: access.row.briefcase.status,
        });
      },
    );

    app.get(
      '/api/v1/lots/:id',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const auth = authOf(request);
        const access = await checkLotAccess(ctx, auth, request.params.id);
        const lot = (await findLot(ctx.db, access.lotId))!;
        const briefcase = (await findBriefcaseOfLot(ctx.db, lot.briefcaseId))!;
        const [attributes] = await presentLots(ctx, tag, auth, briefcase, [lot], access.master);
        return ok({ id: lot.id, attributes });
      },
    );

    app.put(
      '/api/v1/lots/:id/toggle_favorite',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const auth = authOf(request);
        await checkLotAccess(ctx, auth, request.params.id);
        return ok({ favorite: await toggleFavouriteLot(ctx.db, auth.user.id, request.params.id) });
      },
    );

    app.get(
      '/api/v1/briefcases/:id/lots_info',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const access = await resolveBriefcaseAccess(ctx.db, authOf(request), request.params.id);
        if (access.kind !== 'open') throw notFound('Торговая процедура не найдена');
        return ok({ lots: await findLotsInfo(ctx.db, request.params.id) });
      },
    );

    app.get(
      '/api/v1/lots/:id/bidders',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const auth = authOf(request);
        const access = await checkLotAccess(ctx, auth, request.params.id);
        if (!access.master) throw forbidden('Список участников доступен только организатору');
        const lot = (await findLot(ctx.db, access.lotId))!;
        const briefcase = (await findBriefcaseOfLot(ctx.db, lot.briefcaseId))!;
        if (isPrivateAuction(briefcase.auctionType) && !sealedAmountsRevealed(lot.status))
          throw forbidden(BIDS_HIDDEN);
        const rows = await findBidders(ctx.db, lot.id);
        return ok(
          rows.map((b) => ({
            id: b.id,
            userId: b.userId,
            userCompanyName: b.companyName,
            userCompanyKind: b.companyKind,
            amount: b.amount,
            created_at: b.createdAt.toISOString(),
          })),
        );
      },
    );

    app.get(
      '/api/v1/lots/:id/bids',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams, querystring: bidLogQuery } },
      async (request) => {
        const auth = authOf(request);
        const access = await checkLotAccess(ctx, auth, request.params.id);
        const lot = (await findLot(ctx.db, access.lotId))!;
        const briefcase = (await findBriefcaseOfLot(ctx.db, lot.briefcaseId))!;
        const sealed = isPrivateAuction(briefcase.auctionType);
        if (sealed && access.master && !sealedAmountsRevealed(lot.status)) throw forbidden(BIDS_HIDDEN);
        const own = auth.company?.id ?? -1;
        const { per_page, page } = request.query;
        const log = await findBidLogPage(ctx.db, lot.id, {
          limit: per_page,
          offset: (page - 1) * per_page,
          onlyCompanyId: sealed && !access.master ? own : undefined,
        });
        // Participants never learn who the other bidders are: they read "Участник N" in order of first bid.
        const aliases = access.master ? null : log.aliases;
        return ok({
          total_pages: Math.max(1, Math.ceil(log.total / per_page)),
          bids: log.rows.map((b) => ({
            id: b.id,
            created_at: b.createdAt.toISOString(),
            source_type: b.sourceType,
            amount: b.amount,
            is_own: b.companyId === own,
            company_name:
              aliases === null || b.companyId === own
                ? b.companyName
                : `Участник ${aliases.get(b.companyId) ?? ''}`.trim(),
          })),
        });
      },
    );

    app.put(
      '/api/v1/lots/:id/rename',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams, body: renameLotBody } },
      async (request) => {
        const lot = await renameLot(ctx, authOf(request), request.params.id, request.body.alias_number);
        await publishLots(ctx, tag, [lot.id]);
        return ok({ id: lot.id, alias_number: lot.aliasNumber });
      },
    );

    app.post(
      '/api/v1/lots/:id/renewal',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const result = await renewLot(ctx, tag, authOf(request), request.params.id);
        return ok({ minutes: result.minutes }, renewalSuccessMessage(lotTitle(result.lot), result.minutes));
      },
    );

    app.post(
      '/api/v1/lots/:id/set_winner',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams, body: setWinnerBody } },
      async (request) => {
        const result = await setWinner(ctx, tag, authOf(request), request.params.id, request.body.bid_id);
        const companyName = result.winnerCompanyId
          ? ((await findCompany(ctx.db, result.winnerCompanyId))?.name ?? null)
          : null;
        return ok(
          { company_name: companyName, can_start_second_round: result.closed?.canStartSecondRound ?? false },
          companyName ? `Победитель: ${companyName}` : 'Лот завершён без победителя',
        );
      },
    );
  };
}
