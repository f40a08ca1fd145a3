/**
 * Procedures (briefcases): the feed, a procedure's card and its documents and downloads, the wizard (create, save,
 * send, moderate), the registry (upload, map, validate) and lotting.
 */
import { z } from 'zod';
import { userSchema } from '../auth.ts';
import {
  briefcaseCardSchema,
  briefcaseCountsSchema,
  briefcaseListQuery,
  briefcaseListSchema,
  favoriteToggleSchema,
} from '../briefcases.ts';
import { companySearchDataSchema, companySearchQuery } from '../calendar.ts';
import { changeCompanyBody } from '../company.ts';
import {
  briefcaseDocumentsSchema,
  downloadLinkRequestSchema,
  downloadLinkSchema,
  procedureDocumentParams,
  type SpecDownload,
} from '../documents.ts';
import { idParams } from '../ids.ts';
import { moderationReplySchema, rejectBriefcaseBody } from '../moderation.ts';
import { operation } from '../operation.ts';
import {
  lotingDraftSchema,
  lotingRelotingInfoSchema,
  mapRegistryBody,
  personalDataEmailBody,
  registryFromLotingBody,
  registryRefusalSchema,
  registryUploadDataSchema,
  registryUploadReplySchema,
  relotingBody,
  relotingInfoSchema,
  relotingReplySchema,
  remapedRegistrySchema,
  reportIdParams,
  uploadIdParams,
  uploadProgressSchema,
  wizardLotsSchema,
} from '../registries.ts';
import {
  briefcaseSaveRequest,
  companyListParams,
  historyCompaniesSchema,
  removeFromListBody,
  wizardDocumentSchema,
  wizardDraftSchema,
} from '../wizard.ts';

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
      // Reports only once the procedure is approved, the protocol and main report only once trading is over.
      errors: [409],
    }),
  ]);
  return Object.fromEntries(entries) as Record<SpecDownload, ReturnType<typeof operation>>;
}

const api = downloads('/api/v1');

/**
 * A registry upload or check (spec 1 §7): the upload's data in the envelope with report_id and personal_data_found
 * beside it; a refusal for the file's content keeps that data (registryRefusalSchema).
 */
function registryUpload<const P extends string, const M extends 'POST' | 'PUT' | 'PATCH'>(
  method: M,
  path: P,
  summary: string,
  multipart: boolean,
) {
  return {
    method,
    path,
    summary,
    tag: 'registries',
    reply: registryUploadDataSchema,
    envelope: { ok: registryUploadReplySchema, error: registryRefusalSchema },
    // A multipart upload: 413 for a file over the limit, 400 for a form that cannot be read.
    ...(multipart ? { errors: [400, 413] as const } : {}),
  } as const;
}
/** The same files at the spec's own paths (decisions/0250): a Bearer token or a signed link. */
const spec = downloads('');

export const procedureOperations = {
  listBriefcases: operation({
    method: 'GET',
    path: '/api/v1/briefcases',
    summary: 'The feed of procedures, filtered and a page at a time',
    tag: 'briefcases',
    query: briefcaseListQuery,
    reply: briefcaseListSchema,
  }),
  countBriefcases: operation({
    method: 'GET',
    path: '/api/v1/briefcases/counts',
    summary: 'How many procedures each tab of the feed holds',
    tag: 'briefcases',
    reply: briefcaseCountsSchema,
    // 422: the id-bounds net (apps/server/src/http/idBounds.ts) refuses an id-named query field on every route.
    errors: [422],
  }),
  getBriefcase: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id',
    summary: 'A procedure’s card',
    tag: 'briefcases',
    params: idParams,
    reply: briefcaseCardSchema,
  }),
  searchFeedCompanies: operation({
    method: 'GET',
    path: '/api/v1/briefcases/company_search.json',
    summary: 'Organisations for the feed’s organisation filter, the chosen ones first',
    tag: 'briefcases',
    query: companySearchQuery,
    reply: companySearchDataSchema,
  }),
  toggleFavoriteBriefcase: operation({
    method: 'PUT',
    path: '/api/v1/briefcases/:id/toggle_favorite',
    summary: 'Adds the procedure to the user’s favourites or removes it',
    tag: 'briefcases',
    params: idParams,
    reply: favoriteToggleSchema,
  }),
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
  getBriefcaseDraft: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/edit',
    summary: 'The procedure as the wizard edits it: its fields, lots, company lists and documents',
    tag: 'wizard',
    params: idParams,
    reply: wizardDraftSchema,
  }),
  saveBriefcaseDraft: operation({
    method: 'PUT',
    path: '/api/v1/briefcases/:id',
    summary: 'Saves the wizard’s fields of the procedure (any subset); the draft as saved',
    tag: 'wizard',
    params: idParams,
    body: briefcaseSaveRequest,
    reply: wizardDraftSchema,
  }),
  applyBriefcase: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/apply',
    summary: 'Sends the procedure for the organiser’s approval',
    tag: 'wizard',
    params: idParams,
    reply: wizardDraftSchema,
  }),
  confirmBriefcase: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/confirm',
    summary: 'The organiser approves the procedure (it becomes ready)',
    tag: 'moderation',
    params: idParams,
    reply: moderationReplySchema,
  }),
  rejectBriefcase: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/reject',
    summary: 'The organiser rejects the procedure with a note',
    tag: 'moderation',
    params: idParams,
    body: rejectBriefcaseBody,
    reply: moderationReplySchema,
  }),
  deleteBriefcase: operation({
    method: 'DELETE',
    path: '/api/v1/briefcases/:id',
    summary: 'Deletes a draft procedure with its registry',
    tag: 'wizard',
    params: idParams,
    reply: z.null(),
  }),
  uploadWizardDocument: operation({
    method: 'POST',
    path: '/api/v1/documents.json',
    summary: 'Uploads a document of the procedure (multipart: file, briefcase_id, kind)',
    tag: 'wizard',
    reply: wizardDocumentSchema,
    // 404: the procedure named by briefcase_id is not the caller's.
    errors: [400, 404, 413],
  }),
  deleteWizardDocument: operation({
    method: 'DELETE',
    path: '/api/v1/documents/:id',
    summary: 'Deletes a document uploaded in the wizard',
    tag: 'wizard',
    params: idParams,
    reply: z.null(),
  }),
  listCompanyHistory: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/company/:list',
    summary: 'Companies the seller invited or excluded before (whitelist or blacklist)',
    tag: 'wizard',
    params: companyListParams,
    reply: historyCompaniesSchema,
  }),
  removeFromWhitelistHistory: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/company/remove_from_whitelist',
    summary: 'Removes a company from the seller’s invited history; the history left',
    tag: 'wizard',
    params: idParams,
    body: removeFromListBody,
    reply: historyCompaniesSchema,
  }),
  removeFromBlacklistHistory: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/company/remove_from_blacklist',
    summary: 'Removes a company from the seller’s excluded history; the history left',
    tag: 'wizard',
    params: idParams,
    body: removeFromListBody,
    reply: historyCompaniesSchema,
  }),
  createBriefcase: operation({
    ...registryUpload(
      'POST',
      '/api/v1/briefcases',
      'Creates a procedure from a registry (multipart: source, company_id, auction_type, upload_id) or from the custom-template draft (JSON with from_loting)',
      true,
    ),
    body: registryFromLotingBody,
  }),
  replaceRegistry: operation({
    ...registryUpload(
      'POST',
      '/api/v1/briefcases/:id/source',
      'Replaces the procedure’s registry (multipart: source, upload_id)',
      true,
    ),
    params: idParams,
  }),
  getUploadProgress: operation({
    method: 'GET',
    path: '/api/v1/registry_uploads/:upload_id',
    summary: 'How far the server is with an upload or a check',
    tag: 'registries',
    params: uploadIdParams,
    reply: uploadProgressSchema,
  }),
  mapRegistry: operation({
    ...registryUpload(
      'PUT',
      '/api/v1/briefcases/:id/map_registry',
      'Checks and stores the procedure’s custom registry with the seller’s column matching',
      false,
    ),
    params: idParams,
    body: mapRegistryBody,
  }),
  getRemapedRegistry: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/remaped_registry',
    summary: 'The stored column matching of the procedure’s custom registry and its preview',
    tag: 'registries',
    params: idParams,
    reply: remapedRegistrySchema,
  }),
  skipValidation: operation({
    ...registryUpload(
      'POST',
      '/api/v1/briefcases/:id/skip_validation',
      'An administrator stores the registry despite personal data (its columns dropped)',
      false,
    ),
    params: idParams,
  }),
  customSkipValidation: operation({
    ...registryUpload(
      'POST',
      '/api/v1/briefcases/:id/custom_skip_validation',
      'An administrator stores the custom registry despite personal data (its columns dropped)',
      false,
    ),
    params: idParams,
  }),
  agreePersonalData: operation({
    ...registryUpload(
      'PATCH',
      '/api/v1/briefcases/:id/personal_data_agree',
      'The seller agrees to process the personal data found; the registry is stored without those columns',
      false,
    ),
    params: idParams,
  }),
  sendPersonalDataLog: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/validate_personal_data',
    summary: 'Mails the log of the personal data found in the registry',
    tag: 'registries',
    params: idParams,
    body: personalDataEmailBody,
    reply: z.null(),
  }),
  downloadSourceErrors: operation({
    method: 'GET',
    path: '/api/v1/source_errors/:id/report.json',
    summary: 'The registry check’s error report (xlsx, despite the .json of the spec’s path)',
    tag: 'registries',
    params: reportIdParams,
    reply: { file: XLSX },
  }),
  downloadRegistryTemplate: operation({
    method: 'GET',
    path: '/api/v1/registry_template/etp_rd.xlsx',
    summary: 'The platform’s registry template (xlsx)',
    tag: 'registries',
    public: true,
    reply: { file: XLSX },
    // 422: the id-bounds net (apps/server/src/http/idBounds.ts) refuses an id-named query field on every route.
    errors: [422],
  }),
  downloadPortfolio: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/portfolio.xlsx',
    summary: 'The lotted portfolio without personal data (xlsx)',
    tag: 'registries',
    params: idParams,
    reply: { file: XLSX },
    errors: [409],
  }),
  listWizardLots: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/lots.json',
    summary: 'The lots of the procedure’s registry (the wizard’s lots table)',
    tag: 'lotting',
    params: idParams,
    reply: wizardLotsSchema,
  }),
  getRelotingInfo: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/reloting_info',
    summary: 'What lotting offers for the procedure’s registry: its lotting, price limits, counts',
    tag: 'lotting',
    params: idParams,
    reply: relotingInfoSchema,
    errors: [409],
  }),
  relotBriefcase: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/reloting',
    summary: 'Lots the procedure’s registry again; its new lots and totals',
    tag: 'lotting',
    params: idParams,
    body: relotingBody,
    reply: relotingReplySchema,
  }),
  createCustomLoting: operation(
    registryUpload(
      'POST',
      '/api/v1/lotings/create_custom',
      'Starts a custom-template draft from a registry of the seller’s own layout (multipart: source, company_id)',
      true,
    ),
  ),
  mapLoting: operation({
    ...registryUpload(
      'PUT',
      '/api/v1/lotings/map_registry',
      'Checks the custom-template draft’s registry with the seller’s column matching and lots it',
      false,
    ),
    body: mapRegistryBody,
    errors: [404],
  }),
  remapLoting: operation({
    ...registryUpload(
      'PUT',
      '/api/v1/lotings/remaped_registry',
      'Checks the custom-template draft’s registry again with a changed matching and lots it',
      false,
    ),
    body: mapRegistryBody,
    errors: [404],
  }),
  getLoting: operation({
    method: 'GET',
    path: '/api/v1/lotings',
    summary: 'The user’s custom-template draft: its preview, matching, lots and totals',
    tag: 'lotting',
    reply: lotingDraftSchema,
    // 422: the id-bounds net (apps/server/src/http/idBounds.ts) refuses an id-named query field on every route.
    errors: [404, 422],
  }),
  getLotingRelotingInfo: operation({
    method: 'GET',
    path: '/api/v1/lotings/reloting_info',
    summary: 'What lotting offers for the custom-template draft: its lotting and price limits',
    tag: 'lotting',
    reply: lotingRelotingInfoSchema,
    // 422: the id-bounds net (apps/server/src/http/idBounds.ts) refuses an id-named query field on every route.
    errors: [404, 409, 422],
  }),
  relotLoting: operation({
    method: 'POST',
    path: '/api/v1/lotings/reloting',
    summary: 'Lots the custom-template draft again; the draft',
    tag: 'lotting',
    body: relotingBody,
    reply: lotingDraftSchema,
    errors: [404],
  }),
  clearLoting: operation({
    method: 'DELETE',
    path: '/api/v1/lotings/clear',
    summary: 'Discards the user’s custom-template draft',
    tag: 'lotting',
    reply: z.null(),
  }),
  changeCompany: operation({
    method: 'POST',
    path: '/api/v1/allowed_companies/change',
    summary: 'Switches the user to another of their companies; the user as now seen',
    tag: 'user',
    body: changeCompanyBody,
    reply: userSchema,
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
