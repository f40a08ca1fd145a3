/**
 * A procedure's registry (upload, column matching, personal data, check reports, the template, the lotted
 * portfolio) and lotting (of a procedure's registry, and of the custom-template draft without a procedure).
 */
import { z } from 'zod';
import { idParams } from '../ids.ts';
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
import { XLSX } from './documents.ts';

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

export const registryOperations = {
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
} as const;
