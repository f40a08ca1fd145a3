/**
 * Registry calls of the wizard's step 2 (spec 1 §7): replacing a procedure's registry (POST
 * /api/v1/briefcases/{id}/source), matching, the check report, the template, the personal-data flow and upload
 * progress. Creating a procedure with its registry is in briefcases.routes.ts, its lots and reloting in
 * lotings.routes.ts (decisions/0260).
 */
import {
  helpRequestBody,
  idParams,
  mapRegistryBody,
  personalDataEmailBody,
  reportIdParams,
  uploadIdParams,
} from '@etp/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { registryTemplate } from './downloads/workbooks.ts';
import { findReport } from './ingest/checkReport.queries.ts';
import { progressBoardOf } from './ingest/progress.ts';
import { mapBriefcaseRegistry } from './matching.service.ts';
import { ingestDespitePersonalData, requestHelp, sendPersonalDataLog } from './personalData.service.ts';
import { REGISTRY_MESSAGES as M } from './registries.messages.ts';
import { isAdministrator, isOwner } from './registries.policy.ts';
import { replaceRegistry, requireManagedBriefcase } from './registries.service.ts';
import { sendUploadAnswer as send, uploadAnswer, withUpload } from './upload/answer.ts';

/** The template's static download path (spec 1 §7 "Static download: {token}.xlsx"; decisions/0047). */
const TEMPLATE_PATH = '/api/v1/registry_template/etp_rd.xlsx';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function attachment(reply: FastifyReply, name: string) {
  reply.header('content-type', XLSX);
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('cache-control', 'private, no-store');
}

export function registriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/briefcases/:id/source',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request, reply) => {
        const auth = authOf(request);
        await requireManagedBriefcase(ctx, auth, request.params.id);
        return withUpload(request, reply, (upload) => {
          const uploadId =
            upload.fields.upload_id && /^[0-9a-f-]{36}$/.test(upload.fields.upload_id)
              ? upload.fields.upload_id
              : null;
          return replaceRegistry(ctx, auth, request.params.id, {
            filePath: upload.path,
            fileName: upload.fileName,
            uploadId,
          });
        });
      },
    );

    app.get(
      '/api/v1/registry_uploads/:upload_id',
      { preHandler: ctx.guards.user, schema: { params: uploadIdParams } },
      async (request) => {
        const progress = progressBoardOf(ctx).get(request.params.upload_id, authOf(request).user.id);
        if (!progress) throw notFound(M.uploadUnknown);
        return ok({
          phase: progress.phase,
          percent: progress.percent,
          ...(progress.queue ? { queue: progress.queue } : {}),
        });
      },
    );

    app.put(
      '/api/v1/briefcases/:id/map_registry',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: mapRegistryBody } },
      async (request, reply) =>
        send(
          reply,
          await uploadAnswer(() =>
            mapBriefcaseRegistry(
              ctx,
              authOf(request),
              request.params.id,
              request.body.source_map,
              request.body.upload_id ?? null,
            ),
          ),
        ),
    );

    app.get(
      '/api/v1/briefcases/:id/remaped_registry',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        const briefcase = await requireManagedBriefcase(ctx, authOf(request), request.params.id, {
          editable: false,
        });
        return ok({
          excel_custom: briefcase.excelCustom,
          source_map: briefcase.sourceMap ?? {},
          preview: briefcase.registryPreview,
          pending: Boolean(briefcase.registryKey && briefcase.registryPreview),
        });
      },
    );

    for (const path of ['skip_validation', 'custom_skip_validation'] as const) {
      app.post(
        `/api/v1/briefcases/:id/${path}`,
        { preHandler: ctx.guards.user, schema: { params: idParams } },
        async (request, reply) => {
          const auth = authOf(request);
          if (!isAdministrator(auth)) throw forbidden(M.adminOnly);
          const briefcase = await requireManagedBriefcase(ctx, auth, request.params.id);
          return send(
            reply,
            await uploadAnswer(() => ingestDespitePersonalData(ctx, auth, briefcase, 'personalDataSkipped')),
          );
        },
      );
    }

    app.patch(
      '/api/v1/briefcases/:id/personal_data_agree',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request, reply) => {
        const auth = authOf(request);
        const briefcase = await requireManagedBriefcase(ctx, auth, request.params.id);
        if (!isOwner(auth, briefcase)) throw forbidden(M.ownerOnly);
        return send(
          reply,
          await uploadAnswer(() => ingestDespitePersonalData(ctx, auth, briefcase, 'personalDataAgreement')),
        );
      },
    );

    app.post(
      '/api/v1/briefcases/:id/validate_personal_data',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: personalDataEmailBody } },
      async (request) => {
        const briefcase = await requireManagedBriefcase(ctx, authOf(request), request.params.id, {
          editable: false,
        });
        await sendPersonalDataLog(ctx, briefcase, request.body.email);
        return ok(null, M.logSent);
      },
    );

    app.post(
      '/api/v1/briefcases/:id/help_request',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: helpRequestBody } },
      async (request) => {
        const auth = authOf(request);
        const briefcase = await requireManagedBriefcase(ctx, auth, request.params.id, { editable: false });
        const help = await requestHelp(ctx, auth, briefcase, request.body.contact);
        return ok({ id: help.id }, M.helpRequested);
      },
    );

    app.get(
      '/api/v1/source_errors/:id/report.json',
      { preHandler: ctx.guards.user, schema: { params: reportIdParams } },
      async (request, reply) => {
        const auth = authOf(request);
        const report = await findReport(ctx.db, request.params.id);
        const member =
          report?.companyId !== null && auth.memberships.some((m) => m.company.id === report?.companyId);
        if (!report || !(member || isAdministrator(auth))) throw notFound(M.reportNotFound);
        // Streamed: a report of millions of errors is never held whole (decisions/0052).
        const file = await storageOf(ctx).open(report.storageKey);
        if (!file) throw notFound(M.reportNotFound);
        attachment(reply, `Проверка реестра ${report.id}.xlsx`);
        reply.header('content-length', file.size);
        return reply.send(file.stream);
      },
    );

    app.get(TEMPLATE_PATH, async (_request, reply) => {
      reply.header('content-type', XLSX);
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent('Шаблон ЭТП РД.xlsx')}`,
      );
      reply.header('cache-control', 'public, max-age=3600');
      return reply.send(await registryTemplate());
    });
  };
}
