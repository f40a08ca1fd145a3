/** Custom-template lotting calls without a procedure (spec 1 §7 /api/v1/lotings/*; docs/decisions/0047). */
import { dbId, mapRegistryBody, relotingBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards.ts';
import { uploadAnswer, withUpload } from '../registries/upload/answer.ts';
import {
  clearLoting,
  createCustom,
  lotingReloting,
  lotingRelotingInfo,
  lotingState,
  mapLoting,
} from './lotings.service.ts';

const companyField = dbId.optional().catch(undefined);

export function lotingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/lotings/create_custom', { preHandler: ctx.guards.user }, async (request, reply) => {
      const auth = authOf(request);
      return withUpload(request, reply, (upload) =>
        createCustom(ctx, auth, {
          filePath: upload.path,
          fileName: upload.fileName,
          companyId: companyField.parse(upload.fields.company_id) ?? null,
        }),
      );
    });

    for (const path of ['map_registry', 'remaped_registry'] as const) {
      app.put(
        `/api/v1/lotings/${path}`,
        { preHandler: ctx.guards.user, schema: { body: mapRegistryBody } },
        async (request, reply) => {
          const answer = await uploadAnswer(() => mapLoting(ctx, authOf(request), request.body.source_map));
          return reply.code(answer.code).send(answer.body);
        },
      );
    }

    app.get('/api/v1/lotings', { preHandler: ctx.guards.user }, async (request) =>
      ok(await lotingState(ctx, authOf(request))),
    );

    app.get('/api/v1/lotings/reloting_info', { preHandler: ctx.guards.user }, async (request) =>
      ok(await lotingRelotingInfo(ctx, authOf(request))),
    );

    app.post(
      '/api/v1/lotings/reloting',
      { preHandler: ctx.guards.user, schema: { body: relotingBody } },
      async (request) => ok(await lotingReloting(ctx, authOf(request), request.body.loting_params)),
    );

    app.delete('/api/v1/lotings/clear', { preHandler: ctx.guards.user }, async (request) => {
      await clearLoting(ctx, authOf(request));
      return ok(null);
    });
  };
}
