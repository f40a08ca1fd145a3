/** Next and second rounds (spec 2 §7): apply, applications, create the next round, create the second round. */
import { applyRoundRequestsBody, type CreatedRound, idParams } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { createNextRound, createSecondRound } from './nextRound.service.ts';
import { ROUND_TEXTS } from './rounds.messages.ts';
import { applyForNextRound, listRoundRequests } from './rounds.service.ts';

export function roundsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/briefcases/:id/round_requests/apply',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams, body: applyRoundRequestsBody } },
      async (request) => {
        await applyForNextRound(ctx, authOf(request), request.params.id, request.body.lots);
        return ok(null, ROUND_TEXTS.applied);
      },
    );

    app.get(
      '/api/v1/briefcases/:id/round_requests',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await listRoundRequests(ctx, authOf(request), request.params.id)),
    );

    app.post(
      '/api/v1/briefcases/:id/next_round',
      { preHandler: ctx.guards.admin, schema: { params: idParams } },
      async (request) => {
        const id = await createNextRound(ctx, authOf(request), request.params.id);
        return ok<CreatedRound>({ id }, ROUND_TEXTS.nextRoundCreated);
      },
    );

    app.post(
      '/api/v1/briefcases/:id/second_round',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        const id = await createSecondRound(ctx, authOf(request), request.params.id);
        return ok<CreatedRound>({ id }, ROUND_TEXTS.secondRoundCreated);
      },
    );
  };
}
