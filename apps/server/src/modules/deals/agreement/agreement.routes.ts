/** The deal's agreement PDF, signing by scan and the signed scans (decisions/0263); the operations are in contracts. */
import { dealScanParams, idParams } from '@etp/contracts';
import { DOCUMENT_UPLOAD_MESSAGES, PROCEDURE_DOCUMENT_LIMITS as LIMITS } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../appContext.ts';
import { ok } from '../../../http/envelope.ts';
import { readForm } from '../../../http/form.ts';
import { authOf } from '../../auth/guards/routeGuards.ts';
import { attachmentHeaders } from '../../documents/documents.routes.ts';
import { signDealByScan } from '../deals.service.ts';
import { AGREEMENT_TEXTS as T } from './agreement.messages.ts';
import { openDealAgreement, openDealScan } from './dealFiles.service.ts';

export function dealAgreementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/deals/:id/agreement',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request, reply) => {
        const { file, name } = await openDealAgreement(ctx, authOf(request), request.params.id, request.log);
        attachmentHeaders(reply, name, 'pdf');
        reply.header('content-length', file.size);
        return reply.send(file.stream);
      },
    );

    app.post(
      '/api/v1/deals/:id/sign_scan',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        // A scan is a document: the wizard's 30 MB per file, recognised by its content (a PDF).
        const form = await readForm(request, {
          files: {
            file: { maxBytes: LIMITS.maxBytes, message: DOCUMENT_UPLOAD_MESSAGES.tooLarge(LIMITS.maxMb) },
          },
          maxFiles: 1,
        });
        const file = form.files.find((f) => f.path[0] === 'file');
        return ok(
          await signDealByScan(ctx, authOf(request), request.params.id, file, request.log),
          T.signedByScan,
        );
      },
    );

    app.get(
      '/api/v1/deals/:id/scans/:side',
      { preHandler: ctx.guards.user, schema: { params: dealScanParams } },
      async (request, reply) => {
        const { id, side } = request.params;
        const { file, name } = await openDealScan(ctx, authOf(request), id, side);
        attachmentHeaders(reply, name, 'pdf');
        reply.header('content-length', file.size);
        return reply.send(file.stream);
      },
    );
  };
}
