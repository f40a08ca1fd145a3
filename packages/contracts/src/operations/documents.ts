/**
 * A procedure's documents and downloads: its documents and protocol, the signed download link, and the files of
 * spec 2 §7 at the API's paths and at the spec's own.
 */
import {
  briefcaseDocumentsSchema,
  downloadLinkRequestSchema,
  downloadLinkSchema,
  procedureDocumentParams,
  type SpecDownload,
} from '../documents.ts';
import { idParams } from '../ids.ts';
import { operation } from '../operation.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The content type of each download of spec 2 §7. */
const DOWNLOAD_TYPES: Record<SpecDownload, string> = {
  zip_documents: 'application/zip',
  main_report: 'application/pdf',
  downloads_info: XLSX,
  report: XLSX,
  companies_info: 'text/csv',
  lots_report: XLSX,
};

const DOWNLOAD_SUMMARIES: Record<SpecDownload, string> = {
  zip_documents: 'All of a procedure’s documents as one ZIP',
  main_report: 'The procedure’s report (PDF)',
  downloads_info: 'Who downloaded the procedure’s files (xlsx)',
  report: 'The procedure’s trading report (xlsx)',
  companies_info: 'The participating companies (CSV)',
  lots_report: 'The lots and their results (xlsx)',
};

function downloads<const P extends string>(prefix: P) {
  const entries = (Object.keys(DOWNLOAD_TYPES) as SpecDownload[]).map((what) => [
    what,
    operation({
      method: 'GET',
      path: `${prefix}/briefcases/:id/${what}`,
      summary: DOWNLOAD_SUMMARIES[what],
      tag: 'downloads',
      params: idParams,
      reply: { file: DOWNLOAD_TYPES[what] },
      // Reports only once the procedure is approved, the protocol and main report only once trading is over.
      errors: [409],
    }),
  ]);
  return Object.fromEntries(entries) as Record<SpecDownload, ReturnType<typeof operation>>;
}

const api = downloads('/api/v1');

/** The same files at the spec's own paths (decisions/0250): a Bearer token or a signed link. */
const spec = downloads('');

export const documentOperations = {
  listBriefcaseDocuments: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/documents',
    summary: 'A procedure’s documents',
    tag: 'documents',
    params: idParams,
    reply: briefcaseDocumentsSchema,
  }),
  downloadBriefcaseDocument: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/documents/:documentId',
    summary: 'One of the procedure’s documents (its own content type)',
    tag: 'documents',
    params: procedureDocumentParams,
    reply: { file: 'application/octet-stream' },
    errors: [409],
  }),
  downloadProtocol: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/protocol',
    summary: 'The procedure’s results protocol (PDF), for the seller once trading is over',
    tag: 'documents',
    params: idParams,
    reply: { file: 'application/pdf' },
    errors: [409],
  }),
  createDownloadLink: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/download_link',
    summary: 'A short-lived signed link to one of the procedure’s downloads',
    tag: 'downloads',
    params: idParams,
    body: downloadLinkRequestSchema,
    reply: downloadLinkSchema,
  }),
} as const;

/** The files of spec 2 §7: listed last in OPERATIONS, where scripts/routeTable.ts has always written them. */
export const downloadOperations = {
  downloadZipDocuments: api.zip_documents,
  downloadMainReport: api.main_report,
  downloadDownloadsInfo: api.downloads_info,
  downloadReport: api.report,
  downloadCompaniesInfo: api.companies_info,
  downloadLotsReport: api.lots_report,
  specDownloadZipDocuments: spec.zip_documents,
  specDownloadMainReport: spec.main_report,
  specDownloadDownloadsInfo: spec.downloads_info,
  specDownloadReport: spec.report,
  specDownloadCompaniesInfo: spec.companies_info,
  specDownloadLotsReport: spec.lots_report,
} as const;
