/**
 * The procedure's documents and downloads (spec 2 §2 documents dropdown, §7 GET links; docs/decisions/0121). Each
 * call: signed in → may open the card (404 / 403 as the card) → the document's own rule → counted → streamed.
 */
import { idParams, procedureDocumentParams } from '@etp/contracts';
import {
  type BriefcaseStatus,
  canDownloadMainReport,
  canDownloadProtocol,
  PROCEDURE_DOCUMENT_CONTENT_TYPES,
  RESULT_STATUSES,
  statusIn,
} from '@etp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { DOCUMENT_REFUSALS } from './documents.messages.ts';
import { findProcedureDocument, findProcedureDocuments, recordDownload } from './documents.queries.ts';
import { describeDocuments, fileNameOf, mayDownload } from './documents.service.ts';
import { mountDownload } from './downloadLinks.service.ts';
import { ensureProtocol } from './protocols.service.ts';

const CONTENT_TYPES: Record<string, string> = {
  ...PROCEDURE_DOCUMENT_CONTENT_TYPES,
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** The headers of a file download: its type, its name (Cyrillic, RFC 5987) and no caching anywhere. */
export function attachmentHeaders(reply: FastifyReply, fileName: string, extension: string): void {
  reply.header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  reply.header('cache-control', 'private, no-store');
}

/** The card's access for the caller: `master` (the seller's users, administrators) and the status. */
export async function openProcedure(ctx: AppContext, request: FastifyRequest, id: number) {
  const auth = authOf(request);
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const status = access.row.briefcase.status as BriefcaseStatus;
  // After trading the protocol and the main report are made now if the leader has not made them yet.
  if (statusIn(status, RESULT_STATUSES)) await ensureProtocol(ctx, id);
  return { auth, master: access.master, status };
}

export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = storageOf(ctx);

  /** Streams a stored document after counting the download. */
  async function sendStored(
    request: FastifyRequest,
    reply: FastifyReply,
    briefcaseId: number,
    document: { storageKey: string; name: string; extension: string },
  ) {
    const file = await storage.open(document.storageKey);
    if (!file) throw notFound(DOCUMENT_REFUSALS.missing);
    const name = fileNameOf(document);
    await recordDownload(ctx.db, { briefcaseId, userId: authOf(request).user.id, what: name, at: ctx.now() });
    attachmentHeaders(reply, name, document.extension);
    reply.header('content-length', file.size);
    return reply.send(file.stream);
  }

  return async (app) => {
    app.get(
      '/api/v1/briefcases/:id/documents',
      { onRequest: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        const { id } = request.params;
        const { master, status } = await openProcedure(ctx, request, id);
        return ok(await describeDocuments(ctx.db, id, status, master));
      },
    );

    app.get(
      '/api/v1/briefcases/:id/documents/:documentId',
      { onRequest: ctx.guards.user, schema: { params: procedureDocumentParams } },
      async (request, reply) => {
        const { id, documentId } = request.params;
        const { master, status } = await openProcedure(ctx, request, id);
        const document = await findProcedureDocument(ctx.db, id, documentId);
        if (!document) throw notFound(DOCUMENT_REFUSALS.missing);
        if (!mayDownload(document, status, master)) {
          // A participant learns nothing about the seller's files; the seller is told why the protocol is not there.
          if (document.kind === 'protocol' && master)
            throw new AppError(409, 'conflict', DOCUMENT_REFUSALS.protocolAfterEnd);
          throw notFound(DOCUMENT_REFUSALS.missing);
        }
        return sendStored(request, reply, id, document);
      },
    );

    app.get(
      '/api/v1/briefcases/:id/protocol',
      { onRequest: ctx.guards.user, schema: { params: idParams } },
      async (request, reply) => {
        const { id } = request.params;
        const { master, status } = await openProcedure(ctx, request, id);
        // A participant learns nothing of it (spec 2 §6); the seller is told when it comes.
        if (!master) throw notFound(DOCUMENT_REFUSALS.missing);
        if (!canDownloadProtocol(status, master))
          throw new AppError(409, 'conflict', DOCUMENT_REFUSALS.protocolAfterEnd);
        const protocol = (await findProcedureDocuments(ctx.db, id)).find((d) => d.kind === 'protocol');
        if (!protocol) throw new AppError(409, 'conflict', DOCUMENT_REFUSALS.notReadyYet);
        return sendStored(request, reply, id, protocol);
      },
    );

    mountDownload(ctx, app, 'main_report', async (id, request, reply) => {
      const { status } = await openProcedure(ctx, request, id);
      if (!canDownloadMainReport(status))
        throw new AppError(409, 'conflict', DOCUMENT_REFUSALS.mainReportAfterEnd);
      const report = (await findProcedureDocuments(ctx.db, id)).find((d) => d.kind === 'main_report');
      if (!report) throw new AppError(409, 'conflict', DOCUMENT_REFUSALS.notReadyYet);
      return sendStored(request, reply, id, report);
    });
  };
}
