/** POST/DELETE /api/v1/bids and the autobid switches (spec 2 §7). */
import {
  enableAutobidBody,
  lotIdBody,
  placeBidBody,
  withdrawBidBody,
  withdrawBidQuery,
} from '@etp/contracts';
import { BID_MESSAGES } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { noteBid } from '../../files/ingestPacing.ts';
import { ok } from '../../http/envelope.ts';
import { validationFailed } from '../../http/errors.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { AUTOBID_TEXTS, disableAutobid, enableAutobid } from './autobids.service.ts';
import { placeBid, withdrawBid } from './bids.service.ts';

const BID_TEXTS = { accepted: 'Ставка принята', withdrawn: 'Ставка удалена' } as const;

export function bidsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tag = ctx.leaderTag;
  const trading = { rateLimit: { max: ctx.config.bidsRateLimitPerMinute, timeWindow: '1 minute' } };
  return async (app) => {
    app.post(
      '/api/v1/bids',
      { preHandler: ctx.guards.tradingGoodStanding, schema: { body: placeBidBody }, config: trading },
      async (request) => {
        // Registry ingests on this node give way while bids arrive or are being answered (decision 0151).
        noteBid();
        try {
          return ok(await placeBid(ctx, tag, authOf(request), request.body), BID_TEXTS.accepted);
        } finally {
          noteBid();
        }
      },
    );

    // Spec 2 §7 writes the path with a trailing slash; the web app calls it without one. Both withdraw.
    for (const url of ['/api/v1/bids', '/api/v1/bids/']) {
      app.delete(
        url,
        {
          preHandler: ctx.guards.goodStanding,
          schema: { body: withdrawBidBody, querystring: withdrawBidQuery },
        },
        async (request) => {
          const lotId = request.body?.lot_id ?? request.query.lot_id;
          if (lotId === undefined) throw validationFailed({ lot_id: [BID_MESSAGES.required] });
          await withdrawBid(ctx, tag, authOf(request), lotId);
          return ok(null, BID_TEXTS.withdrawn);
        },
      );
    }

    app.post(
      '/api/v1/autobid/enable',
      { preHandler: ctx.guards.goodStanding, schema: { body: enableAutobidBody } },
      async (request) => {
        const result = await enableAutobid(ctx, tag, authOf(request), request.body);
        return ok({ attributes: { status: result.status, max_price: result.max_price } }, result.message);
      },
    );

    app.post(
      '/api/v1/autobid/disable',
      { preHandler: ctx.guards.goodStanding, schema: { body: lotIdBody } },
      async (request) => {
        await disableAutobid(ctx, authOf(request), request.body.lot_id);
        return ok({ attributes: { status: 'disabled' } }, AUTOBID_TEXTS.disabled);
      },
    );
  };
}
