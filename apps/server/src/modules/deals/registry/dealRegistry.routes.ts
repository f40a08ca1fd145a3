/** The deal's registry download and the administrator's closing (decisions/0264); the operations are in contracts. */
import { idParams } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../appContext.ts';
import { ok } from '../../../http/envelope.ts';
import { authOf } from '../../auth/guards/routeGuards.ts';
import { attachmentHeaders } from '../../documents/documents.routes.ts';
import { actOnDeal } from '../deals.service.ts';
import { DEAL_REGISTRY_TEXTS as T } from './dealRegistry.messages.ts';
import { openDealRegistry } from './dealRegistry.service.ts';

export function dealRegistryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/deals/:id/registry',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request, reply) => {
        const { file, name } = await openDealRegistry(ctx, authOf(request), request.params.id);
        attachmentHeaders(reply, name, 'xlsx');
        reply.header('content-length', file.size);
        return reply.send(file.stream);
      },
    );

    app.post(
      '/api/v1/deals/:id/close',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) =>
        ok(await actOnDeal(ctx, authOf(request), request.params.id, { type: 'close' }), T.closed),
    );
  };
}
