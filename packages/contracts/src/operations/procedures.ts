/**
 * Procedures (briefcases): the feed, a procedure's card and its documents and downloads, the wizard (create, save,
 * send, moderate), the registry (upload, map, validate) and lotting.
 */
import {
  briefcaseCardSchema,
  briefcaseCountsSchema,
  briefcaseListSchema,
} from '../briefcases.ts';
import {
  briefcaseDocumentsSchema,
  downloadLinkRequestSchema,
  downloadLinkSchema,
  type SpecDownload,
} from '../documents.ts';
import { idParams } from '../ids.ts';
import { operation } from '../operation.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
    }),
  ]);
  return Object.fromEntries(entries) as Record<SpecDownload, ReturnType<typeof operation>>;
}

const api = downloads('/api/v1');
/** The same files at the spec's own paths (decisions/0250): a Bearer token or a signed link. */
const spec = downloads('');

export const procedureOperations = {
  listBriefcases: operation({
    method: 'GET',
    path: '/api/v1/briefcases',
    summary: 'The feed of procedures, filtered and a page at a time',
    tag: 'briefcases',
    reply: briefcaseListSchema,
  }),
  countBriefcases: operation({
    method: 'GET',
    path: '/api/v1/briefcases/counts',
    summary: 'How many procedures each tab of the feed holds',
    tag: 'briefcases',
    reply: briefcaseCountsSchema,
  }),
  getBriefcase: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id',
    summary: 'A procedure’s card',
    tag: 'briefcases',
    params: idParams,
    reply: briefcaseCardSchema,
  }),
  listBriefcaseDocuments: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/documents',
    summary: 'A procedure’s documents',
    tag: 'documents',
    params: idParams,
    reply: briefcaseDocumentsSchema,
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
