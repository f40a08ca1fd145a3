/**
 * The procedure wizard: the draft's read, save, sending for approval and deletion, the organiser's approval or
 * rejection, the wizard's documents and the seller's company-list history.
 */
import { z } from 'zod';
import { idParams } from '../ids.ts';
import { moderationReplySchema, rejectBriefcaseBody } from '../moderation.ts';
import { operation } from '../operation.ts';
import {
  briefcaseSaveRequest,
  companyListParams,
  historyCompaniesSchema,
  removeFromListBody,
  wizardDocumentSchema,
  wizardDraftSchema,
} from '../wizard.ts';

export const wizardOperations = {
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
} as const;
