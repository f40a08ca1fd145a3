/**
 * Companies and their people, accreditation, administrators' pages, moderation, audit, the public area, FAQ and
 * questions, surveys, feedback, the calendar, dictionaries, events and monitoring.
 */

import { z } from 'zod';
import {
  adminCompaniesPageSchema,
  employeesListSchema,
  invitedListSchema,
  inviteUsersResultSchema,
} from '../accounts.ts';
import { adminUserSchema } from '../adminUsers.ts';
import { auditVerifyQuery, auditVerifySchema } from '../audit.ts';
import { userSchema } from '../auth.ts';
import {
  calendarDataSchema,
  calendarQuery,
  companyTypeaheadDataSchema,
  companyTypeaheadQuery,
} from '../calendar.ts';
import {
  adminCompaniesQuery,
  adminCompanySchema,
  approveCompanyBody,
  companyFormFields,
  companySchema,
  employeeEmailBody,
  inviteAnswerBody,
  inviteCompanyInfoSchema,
  inviteUsersBody,
  rejectCompanyBody,
} from '../company.ts';
import { dictionariesQuery, dictionariesSchema } from '../dictionaries.ts';
import {
  csiRatingBody,
  csiTriggerQuery,
  eventsPageSchema,
  eventsQuery,
  readEventsBody,
  readEventsResultSchema,
  surveyAnswerBody,
  surveySchema,
  surveyTriggerQuery,
} from '../engagement.ts';
import { idParams } from '../ids.ts';
import { monitoringPageSchema, monitoringQuery } from '../monitoring.ts';
import { operation } from '../operation.ts';
import { feedbackPhoneBody, publicScheduleSchema } from '../public.ts';
import {
  questionCreateFields,
  questionCreateQuery,
  questionParams,
  questionSchema,
  questionsPageSchema,
  questionsQuery,
  questionUpdateFields,
} from '../questions.ts';
import { helpRequestBody, helpRequestResultSchema } from '../registries.ts';

/** POST and PUT /api/v1/company are one handler: the form saved for accreditation, with a logo and documents. */
const saveCompany = (method: 'POST' | 'PUT', summary: string) =>
  operation({
    method,
    path: '/api/v1/company',
    summary,
    tag: 'company',
    body: companyFormFields,
    reply: companySchema,
    errors: [413],
  });

/** The card page says the user is on it (online) or has left it open in the background (away). */
const presence = <const S extends 'online' | 'away'>(status: S, summary: string) =>
  operation({
    method: 'POST',
    path: `/api/v1/briefcases/:id/user/${status}`,
    summary,
    tag: 'monitoring',
    params: idParams,
    reply: z.null(),
  });

/** Answers the newest pending invitation (or the one named; 404 when none) and replies with the user as they are now. */
const answerInvite = <const P extends 'accept_invite' | 'decline_invite'>(path: P, summary: string) =>
  operation({
    method: 'POST',
    path: `/api/v1/company/user/${path}`,
    summary,
    tag: 'company',
    body: inviteAnswerBody,
    reply: userSchema,
    errors: [404],
  });

/** The wizard's participant typeahead at the API path and at the spec's default typeahead path. */
const typeahead = <const P extends string>(path: P, summary: string) =>
  operation({
    method: 'GET',
    path,
    summary,
    tag: 'companies',
    query: companyTypeaheadQuery,
    reply: companyTypeaheadDataSchema,
  });

/*
 * A GET without parameters still declares 422: the id-bounds hook (apps/server/src/http/idBounds.ts) refuses an id
 * beyond the database's integer in any query, whatever the route.
 */
export const accountOperations = {
  getCompany: operation({
    method: 'GET',
    path: '/api/v1/company',
    summary: 'The user’s current company, or null when they have none',
    tag: 'company',
    reply: companySchema.nullable(),
    errors: [422],
  }),
  createCompany: saveCompany('POST', 'Save the user’s company and send it for accreditation (multipart)'),
  updateCompany: saveCompany(
    'PUT',
    'Save the user’s company and send it for accreditation again (multipart)',
  ),
  // The owner's calls answer 404 to a user without a company, and to an e-mail that is no employee's.
  listCompanyUsers: operation({
    method: 'GET',
    path: '/api/v1/company/users',
    summary: 'The people of the owner’s company',
    tag: 'company',
    reply: employeesListSchema,
    errors: [404, 422],
  }),
  listInvitedUsers: operation({
    method: 'GET',
    path: '/api/v1/company/users/invited',
    summary: 'The pending invitations of the owner’s company',
    tag: 'company',
    reply: invitedListSchema,
    errors: [404, 422],
  }),
  inviteCompanyUsers: operation({
    method: 'POST',
    path: '/api/v1/company/users/invite_users',
    summary: 'Invite people to the owner’s company by e-mail',
    tag: 'company',
    body: inviteUsersBody,
    reply: inviteUsersResultSchema,
    errors: [404],
  }),
  removeCompanyUser: operation({
    method: 'POST',
    path: '/api/v1/company/users/remove_user',
    summary: 'Remove a person from the owner’s company',
    tag: 'company',
    body: employeeEmailBody,
    reply: z.null(),
    errors: [404],
  }),
  switchCompanyOwner: operation({
    method: 'POST',
    path: '/api/v1/company/users/switch_owner',
    summary: 'Hand the ownership of the company to one of its people; the user as they are now',
    tag: 'company',
    body: employeeEmailBody,
    reply: userSchema,
    errors: [404],
  }),
  getInviteCompanyInfo: operation({
    method: 'GET',
    path: '/api/v1/company/user/invite_company_info',
    summary: 'The newest pending invitation to the user’s e-mail, or null',
    tag: 'company',
    reply: inviteCompanyInfoSchema.nullable(),
    errors: [422],
  }),
  acceptInvite: answerInvite('accept_invite', 'Accept an invitation to a company'),
  declineInvite: answerInvite('decline_invite', 'Decline an invitation to a company'),

  listAdminCompanies: operation({
    method: 'GET',
    path: '/api/v1/admin/companies',
    summary: 'The accreditation queue, a page at a time (administrators)',
    tag: 'accreditation',
    query: adminCompaniesQuery,
    reply: adminCompaniesPageSchema,
  }),
  getAdminCompany: operation({
    method: 'GET',
    path: '/api/v1/admin/companies/:id',
    summary: 'A company with its documents and its people (administrators)',
    tag: 'accreditation',
    params: idParams,
    reply: adminCompanySchema,
  }),
  approveCompany: operation({
    method: 'POST',
    path: '/api/v1/admin/companies/:id/approve',
    summary: 'Accredit a company (administrators)',
    tag: 'accreditation',
    params: idParams,
    body: approveCompanyBody,
    reply: adminCompanySchema,
  }),
  rejectCompany: operation({
    method: 'POST',
    path: '/api/v1/admin/companies/:id/reject',
    summary: 'Refuse a company’s accreditation with a reason (administrators)',
    tag: 'accreditation',
    params: idParams,
    body: rejectCompanyBody,
    reply: adminCompanySchema,
  }),
  getAdminUser: operation({
    method: 'GET',
    path: '/api/v1/admin/users/:id',
    summary: 'A user’s page: companies, sessions, visits and actions (administrators)',
    tag: 'admin',
    params: idParams,
    reply: adminUserSchema,
  }),
  verifyAudit: operation({
    method: 'GET',
    path: '/api/v1/admin/audit/verify',
    summary: 'Check the tamper-evident audit log, of one procedure or all (administrators)',
    tag: 'audit',
    query: auditVerifyQuery,
    reply: auditVerifySchema,
  }),

  listPublicBriefcases: operation({
    method: 'GET',
    path: '/api/v1/public_briefcases',
    summary: 'The landing page’s schedule of procedures',
    tag: 'public',
    public: true,
    reply: publicScheduleSchema,
    errors: [422],
  }),
  requestCallback: operation({
    method: 'POST',
    path: '/api/v1/feedback/phone',
    summary:
      'Ask to be called back (the fields in the query, as the spec sends them; a JSON body is taken too)',
    tag: 'public',
    public: true,
    query: feedbackPhoneBody,
    reply: z.null(),
  }),

  listQuestions: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/questions',
    summary: 'A page of the procedure’s FAQ as the viewer may see it',
    tag: 'questions',
    params: idParams,
    query: questionsQuery,
    reply: questionsPageSchema,
  }),
  createQuestion: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/questions',
    summary:
      'Ask a question (participants) or add one with its answer and a document (administrators, multipart)',
    tag: 'questions',
    params: idParams,
    query: questionCreateQuery,
    body: questionCreateFields,
    reply: questionSchema,
    errors: [413],
  }),
  updateQuestion: operation({
    method: 'PUT',
    path: '/api/v1/briefcases/:id/questions/:qid',
    summary: 'Edit, answer or publish a question (administrators, multipart)',
    tag: 'questions',
    params: questionParams,
    body: questionUpdateFields,
    reply: questionSchema,
    errors: [413],
  }),
  deleteQuestion: operation({
    method: 'DELETE',
    path: '/api/v1/briefcases/:id/questions/:qid',
    summary: 'Delete a question',
    tag: 'questions',
    params: questionParams,
    reply: z.null(),
  }),
  downloadQuestionDocument: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/questions/:qid/attached_document',
    summary: 'The document attached to a question’s answer (its content type follows its format)',
    tag: 'questions',
    params: questionParams,
    reply: { file: 'application/octet-stream' },
  }),

  getCsiTrigger: operation({
    method: 'GET',
    path: '/api/v1/csi/trigger',
    summary: 'The satisfaction survey to show on a page, or null',
    tag: 'surveys',
    query: csiTriggerQuery,
    reply: surveySchema.nullable(),
  }),
  rateCsi: operation({
    method: 'POST',
    path: '/api/v1/csi/rating',
    summary: 'Answer the satisfaction survey of a page',
    tag: 'surveys',
    body: csiRatingBody,
    reply: z.null(),
    errors: [404],
  }),
  getSurveyTrigger: operation({
    method: 'GET',
    path: '/api/v1/surveys/trigger',
    summary: 'A named survey, or null once the user has answered it',
    tag: 'surveys',
    query: surveyTriggerQuery,
    reply: surveySchema.nullable(),
    errors: [404],
  }),
  answerSurvey: operation({
    method: 'POST',
    path: '/api/v1/surveys/answer',
    summary: 'Answer a named survey',
    tag: 'surveys',
    body: surveyAnswerBody,
    reply: z.null(),
    errors: [404],
  }),

  getCalendar: operation({
    method: 'GET',
    path: '/api/v1/calendar',
    summary: 'The feed’s calendar: procedures by Moscow day over one or three months',
    tag: 'briefcases',
    query: calendarQuery,
    reply: calendarDataSchema,
  }),
  getDictionaries: operation({
    method: 'GET',
    path: '/api/v1/dictionaries',
    summary: 'The classifiers of a portfolio (all, or those named in `keys`)',
    tag: 'system',
    public: true,
    query: dictionariesQuery,
    reply: dictionariesSchema,
  }),
  listEvents: operation({
    method: 'GET',
    path: '/api/v1/events',
    summary: 'The user’s events (notifications), newest first',
    tag: 'events',
    query: eventsQuery,
    reply: eventsPageSchema,
  }),
  markEventsRead: operation({
    method: 'POST',
    path: '/api/v1/events/read',
    summary: 'Mark the given events (or all of the user’s) read',
    tag: 'events',
    body: readEventsBody,
    reply: readEventsResultSchema,
  }),

  reportPresenceOnline: presence('online', 'Say the user is on the procedure’s card page'),
  reportPresenceAway: presence('away', 'Say the user has left the procedure’s card page in the background'),
  listMonitoredUsers: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id/users',
    summary: 'Who is and was on the procedure’s card page, a page at a time (administrators)',
    tag: 'monitoring',
    params: idParams,
    query: monitoringQuery,
    reply: monitoringPageSchema,
  }),
  requestRegistryHelp: operation({
    method: 'POST',
    path: '/api/v1/briefcases/:id/help_request',
    summary: 'Ask the support team for help with the procedure’s registry',
    tag: 'registries',
    params: idParams,
    body: helpRequestBody,
    reply: helpRequestResultSchema,
  }),

  searchCompanies: typeahead(
    '/api/v1/companies/search',
    'Companies that may take part, by name (the wizard)',
  ),
  companyTypeahead: typeahead(
    '/companies/typeahead.json',
    'Companies that may take part, by name, at the spec’s typeahead path',
  ),
} as const;
