/** GET /api/v1/user: the signed-in user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { presentUser } from './user.presenter.ts';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/user', { preHandler: ctx.guards.user }, async (request) =>
      ok(presentUser(authOf(request))),
    );
  };
}
