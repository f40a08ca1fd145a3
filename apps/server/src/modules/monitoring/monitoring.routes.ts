/** Monitoring (spec 2 §7): the card page reports away / online; administrators read who is on the page. */
import { idParams, monitoringQuery } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { monitoringPage, reportPresence } from './monitoring.service.ts';

export function monitoringRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const status of ['online', 'away'] as const) {
      app.post(
        `/api/v1/briefcases/:id/user/${status}`,
        { preHandler: ctx.guards.user, schema: { params: idParams } },
        async (request) => {
          await reportPresence(ctx, authOf(request), request.params.id, status);
          return ok(null);
        },
      );
    }

    app.get(
      '/api/v1/briefcases/:id/users',
      { preHandler: ctx.guards.admin, schema: { params: idParams, querystring: monitoringQuery } },
      async (request) =>
        ok(await monitoringPage(ctx, authOf(request), request.params.id, request.query.page)),
    );
  };
}
