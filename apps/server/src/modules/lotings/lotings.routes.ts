/**
 * Lotting calls (spec 1 §7): a procedure's lots in the wizard (lots.json), what lotting offers, reloting and the
 * lotted portfolio download; and the custom-template lotting without a procedure (/api/v1/lotings/*;
 * docs/decisions/0047). Every lotting path is here (decisions/0260).
 */
import { PassThrough } from 'node:stream';
import { dbId, idParams, mapRegistryBody, relotingBody } from '@etp/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { REGISTRY_MESSAGES as M } from '../registries/registries.messages.ts';
import { requireManagedBriefcase } from '../registries/registries.service.ts';
import { uploadAnswer, withUpload } from '../registries/upload/answer.ts';
import { reloting, relotingInfo, wizardLots, writeLottedPortfolio } from './briefcaseLots.service.ts';
import {
  clearLoting,
  createCustom,
  lotingReloting,
  lotingRelotingInfo,
  lotingState,
  mapLoting,
} from './lotings.service.ts';

const companyField = dbId.optional().catch(undefined);

/** The headers of an xlsx download that only its caller may see. */
function xlsxAttachment(reply: FastifyReply, name: string) {
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('cache-control', 'private, no-store');
}

export function lotingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/briefcases/:id/lots.json',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok({ lots: await wizardLots(ctx, authOf(request), request.params.id) }),
    );

    app.get(
      '/api/v1/briefcases/:id/reloting_info',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await relotingInfo(ctx, authOf(request), request.params.id)),
    );

    app.post(
      '/api/v1/briefcases/:id/reloting',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: relotingBody } },
      async (request) =>
        ok(await reloting(ctx, authOf(request), request.params.id, request.body.loting_params)),
    );

    app.get(
      '/api/v1/briefcases/:id/portfolio.xlsx',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request, reply) => {
        const briefcase = await requireManagedBriefcase(ctx, authOf(request), request.params.id, {
          editable: false,
        });
        if (!briefcase.hasRegistry) throw new AppError(409, 'conflict', M.noRegistry);
        xlsxAttachment(reply, `Портфель ТП №${briefcase.id}.xlsx`);
        const stream = new PassThrough();
        writeLottedPortfolio(ctx, briefcase, stream).catch((error: unknown) =>
          stream.destroy(error as Error),
        );
        return reply.send(stream);
      },
    );

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
