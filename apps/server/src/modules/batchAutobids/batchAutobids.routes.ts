/** Batch autobids (spec 2 §7): the xlsx template, the upload and the removal of the company's autobids. */
import { type BatchAutobidsReply, batchAutobidTemplateParams, idParams } from '@etp/contracts';
import {
  AUTOBID_MESSAGES,
  BATCH_AUTOBID_MAX_BYTES,
  batchAutobidsClosed,
  FILE_CONTENT_TYPES,
} from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { readForm } from '../../http/form.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { BATCH_TEXTS as T } from './batchAutobids.messages.ts';
import { findTemplateLots } from './batchAutobids.queries.ts';
import { destroyAutobids, uploadBatchAutobids } from './batchAutobids.service.ts';
import { buildTemplate } from './file/sheet.ts';

export function batchAutobidsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/templates/briefcases/:briefcaseId/autobids',
      { preHandler: ctx.guards.goodStanding, schema: { params: batchAutobidTemplateParams } },
      async (request, reply) => {
        const id = request.params.briefcaseId;
        const access = await requireOpenBriefcase(ctx.db, authOf(request), id);
        if (batchAutobidsClosed(access.row.briefcase) === 'classic_only') {
          throw new AppError(422, 'validation_failed', AUTOBID_MESSAGES.classicOnly);
        }
        const bytes = await buildTemplate(await findTemplateLots(ctx.db, id));
        return reply
          .type(FILE_CONTENT_TYPES.xlsx)
          .header('content-disposition', `attachment; filename="autobids_${id}.xlsx"`)
          .send(bytes);
      },
    );

    app.post(
      '/api/v1/briefcases/:id/autobids_massive_create',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const form = await readForm(request, {
          files: { file: { maxBytes: BATCH_AUTOBID_MAX_BYTES, message: T.tooLarge } },
          maxFiles: 1,
        });
        const file = form.files.find((f) => f.path[0] === 'file');
        const result = await uploadBatchAutobids(ctx, authOf(request), request.params.id, file);
        return ok<BatchAutobidsReply>(
          { has_enabled_autobids: true, count: result.count },
          T.uploaded(result.count),
        );
      },
    );

    app.delete(
      '/api/v1/briefcases/:id/destroy_autobids',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const result = await destroyAutobids(ctx, authOf(request), request.params.id);
        return ok<BatchAutobidsReply>({ has_enabled_autobids: false, count: result.count }, T.destroyed);
      },
    );
  };
}
