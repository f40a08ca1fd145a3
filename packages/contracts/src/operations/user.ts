/**
 * The signed-in user and their profile (spec 3 §7.2), the switch to another of their companies, and files (avatars,
 * logos, company documents).
 */
import { z } from 'zod';
import { codeSentSchema, userSchema } from '../auth.ts';
import { organiserQuery, organiserSearchSchema } from '../calendar.ts';
import { changeCompanyBody } from '../company.ts';
import { companyIdParams, documentIdParams, userIdParams } from '../ids.ts';
import { operation } from '../operation.ts';
import {
  changePasswordBody,
  confirmPhoneBody,
  profileEmailBody,
  profilePhoneBody,
  profileSchema,
  profileUpdateFields,
} from '../profile.ts';
import { ID_NET } from './idNet.ts';

export const userOperations = {
  // --- The user and their profile (spec 3 §7.2) ---
  getUser: operation({
    method: 'GET',
    path: '/api/v1/user',
    summary: 'The signed-in user',
    tag: 'user',
    errors: ID_NET,
    reply: userSchema,
  }),
  changePassword: operation({
    method: 'PUT',
    path: '/api/v1/user/update_password',
    summary: 'Change the password (the current one when the account has one)',
    tag: 'user',
    body: changePasswordBody,
    reply: z.null(),
  }),
  searchOrganisers: operation({
    method: 'GET',
    path: '/api/v1/users',
    summary: 'Companies by name for the administrator’s organiser picker of the wizard',
    tag: 'user',
    query: organiserQuery,
    reply: organiserSearchSchema,
  }),
  getProfile: operation({
    method: 'GET',
    path: '/api/v1/profile',
    summary: 'The signed-in user’s profile',
    tag: 'profile',
    errors: ID_NET,
    reply: profileSchema,
  }),
  updateProfile: operation({
    method: 'PUT',
    path: '/api/v1/profile',
    summary: 'Change the name, the sign-in method, the notifications or the avatar (multipart or JSON)',
    tag: 'profile',
    body: profileUpdateFields,
    errors: [400, 413],
    reply: profileSchema,
  }),
  changeProfileEmail: operation({
    method: 'PATCH',
    path: '/api/v1/profile',
    summary: 'Change the e-mail: the new one waits unconfirmed until its mailed link is opened',
    tag: 'profile',
    body: profileEmailBody,
    reply: profileSchema,
  }),
  sendProfilePhoneCode: operation({
    method: 'POST',
    path: '/api/v1/profile/sms',
    summary: 'Send a code to the new phone of the profile',
    tag: 'profile',
    body: profilePhoneBody,
    reply: codeSentSchema,
  }),
  confirmProfilePhone: operation({
    method: 'POST',
    path: '/api/v1/profile/confirm_phone',
    summary: 'Confirm the new phone with its code',
    tag: 'profile',
    body: confirmPhoneBody,
    reply: profileSchema,
  }),
  deleteProfile: operation({
    method: 'DELETE',
    path: '/api/v1/profile',
    summary: 'Delete the account',
    tag: 'profile',
    reply: z.null(),
  }),

  // --- Files ---
  getAvatar: operation({
    method: 'GET',
    path: '/api/v1/files/avatars/:userId',
    summary: 'A user’s avatar (for the user, colleagues and administrators)',
    tag: 'files',
    params: userIdParams,
    reply: { file: 'image/*' },
  }),
  getCompanyLogo: operation({
    method: 'GET',
    path: '/api/v1/files/company_logos/:companyId',
    summary: 'A company’s logo (public: the landing page shows it)',
    tag: 'files',
    public: true,
    params: companyIdParams,
    reply: { file: 'image/*' },
  }),
  getCompanyDocument: operation({
    method: 'GET',
    path: '/api/v1/files/company_documents/:documentId',
    summary: 'A company’s accreditation document (for its users and administrators)',
    tag: 'files',
    params: documentIdParams,
    reply: { file: 'application/octet-stream' },
  }),
} as const;

/** Listed after the registry's calls in OPERATIONS, where scripts/routeTable.ts has always written it. */
export const companySwitchOperations = {
  changeCompany: operation({
    method: 'POST',
    path: '/api/v1/allowed_companies/change',
    summary: 'Switches the user to another of their companies; the user as now seen',
    tag: 'user',
    body: changeCompanyBody,
    reply: userSchema,
  }),
} as const;
