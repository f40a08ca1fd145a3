/**
 * The procedure's GET download links beyond single documents (spec 2 §7; docs/decisions/0121, 0122):
 * zip_documents for whoever may open the card, and the seller's report, lots_report, companies_info and
 * downloads_info. Every file is streamed into the response as it is made, and every download is counted.
 */
import { PassThrough } from 'node:stream';
import { type AuctionType, canDownloadSellerReports } from '@etp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { DOCUMENT_REFUSALS, DOCUMENT_TEXTS as T } from './documents.messages.ts';
import { findDownloads, recordDownload } from './documents.queries.ts';
import { attachmentHeaders, openProcedure } from './documents.routes.ts';
import { visibleDocuments } from './documents.service.ts';
import { mountDownload } from './downloadLinks.service.ts';
import {
  companiesCsv,
  type ReportProcedure,
  writeDownloadsInfo,
  writeLotsReport,
  writeOwnerReport,
} from './formats/reportFiles.ts';
import { streamZip } from './formats/zip.ts';
import { findCompaniesInfo, findReportLots, findReportProcedure, procedureBids } from './reports.queries.ts';

export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = storageOf(ctx);

  /** The caller may open the card and is the seller's or an administrator; the procedure is past approval. */
  async function sellerOnly(request: FastifyRequest, id: number) {
    const access = await openProcedure(ctx, request, id);
    if (!access.master) throw forbidden(DOCUMENT_REFUSALS.sellerOnly);
    if (!canDownloadSellerReports(access.status, true))
      throw new AppError(409, 'conflict', DOCUMENT_REFUSALS.reportsAfterApproval);
    return access;
  }

  const count = (request: FastifyRequest, briefcaseId: number, what: string) =>
    recordDownload(ctx.db, { briefcaseId, userId: authOf(request).user.id, what, at: ctx.now() });

  /** Sends what `write` writes into a stream; an error midway ends the response (the client sees a cut file). */
  function streamed(reply: FastifyReply, write: (out: PassThrough) => Promise<void>) {
    const out = new PassThrough();
    write(out).catch((error: unknown) => out.destroy(error as Error));
    return reply.send(out);
  }

  async function procedureOf(id: number): Promise<ReportProcedure> {
    const row = await findReportProcedure(ctx.db, id);
    return {
      ...row!,
      status: row!.status as ReportProcedure['status'],
      auctionType: row!.auctionType as AuctionType,
    };
  }

  return async (app) => {
    mountDownload(ctx, app, 'zip_documents', async (id, request, reply) => {
      const { master, status } = await openProcedure(ctx, request, id);
      const files = await visibleDocuments(ctx.db, id, status, master);
      if (files.length === 0) throw new AppError(404, 'not_found', DOCUMENT_REFUSALS.nothingToArchive);
      const name = `${T.archiveName(id)}.zip`;
      await count(request, id, name);
      attachmentHeaders(reply, name, 'zip');
      return reply.send(streamZip(storage, files, request.log));
    });

    mountDownload(ctx, app, 'report', async (id, request, reply) => {
      await sellerOnly(request, id);
      const [procedure, lots] = await Promise.all([procedureOf(id), findReportLots(ctx.db, id)]);
      const name = `${T.ownerReportName(id)}.xlsx`;
      await count(request, id, name);
      attachmentHeaders(reply, name, 'xlsx');
      return streamed(reply, (out) => writeOwnerReport(out, procedure, lots, procedureBids(ctx.db, id)));
    });

    mountDownload(ctx, app, 'lots_report', async (id, request, reply) => {
      await sellerOnly(request, id);
      const lots = await findReportLots(ctx.db, id);
      const name = `${T.lotsReportName(id)}.xlsx`;
      await count(request, id, name);
      attachmentHeaders(reply, name, 'xlsx');
      return streamed(reply, (out) => writeLotsReport(out, lots));
    });

    mountDownload(ctx, app, 'companies_info', async (id, request, reply) => {
      await sellerOnly(request, id);
      const csv = companiesCsv(await findCompaniesInfo(ctx.db, id));
      const name = `${T.companiesName(id)}.csv`;
      await count(request, id, name);
      attachmentHeaders(reply, name, 'csv');
      return reply.send(csv);
    });

    mountDownload(ctx, app, 'downloads_info', async (id, request, reply) => {
      await sellerOnly(request, id);
      const name = `${T.downloadsName(id)}.xlsx`;
      // This download is in the history it hands out.
      await count(request, id, name);
      const rows = await findDownloads(ctx.db, id);
      attachmentHeaders(reply, name, 'xlsx');
      return streamed(reply, (out) => writeDownloadsInfo(out, rows));
    });
  };
}
