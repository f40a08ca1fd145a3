/**
 * The company, its accreditation and its employees (spec 3 §3, §4.3, §4.5, §7.2), and the administrator's
 * accreditation queue.
 */
import { COMPANY_KINDS, validateCompanyForm } from '@etp/domain';
import { z } from 'zod';
import { emailField } from './accountFields.ts';
import { formFlag, formId, formText, pageQuery } from './formFields.ts';

const ACCREDITATION_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export const accreditationStatusSchema = z.enum(ACCREDITATION_STATUSES);
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];

const bankAccountSchema = z.object({
  account: z.string().nullable(),
  bank: z.string().nullable(),
  bik: z.string().nullable(),
  bank_inn: z.string().nullable(),
  correspondent_account: z.string().nullable(),
});

const companyDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  bytes_size: z.number().int(),
  url: z.string(),
  created_at: z.string(),
});
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;

/** GET /api/v1/company (null when the user has none). `owner` says whether the viewer owns it. */
export const companySchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMPANY_KINDS),
  name: z.string(),
  full_name: z.string(),
  address: z.string().nullable(),
  current_address: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  okved: z.string().nullable(),
  management_name: z.string().nullable(),
  management_post: z.string().nullable(),
  logo_url: z.string().nullable(),
  buyer: z.boolean(),
  seller: z.boolean(),
  agreement: z.boolean(),
  owner: z.boolean(),
  good_standing: z.boolean(),
  fssp: z.boolean(),
  need_attention: z.boolean(),
  accreditation_status: accreditationStatusSchema,
  accreditation_note: z.string().nullable(),
  accreditation_requested_at: z.string().nullable(),
  accredited_at: z.string().nullable(),
  documents: z.array(companyDocumentSchema),
  bank_account: bankAccountSchema,
  signer_name: z.string().nullable(),
  signer_position_and_fio: z.string().nullable(),
  passport: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/**
 * POST or PUT /api/v1/company, multipart (or JSON without files). Files: `logo`, and
 * `documents_attributes[i][file]` for a new document. `documents_attributes[i][id]` with `[_destroy]=true`
 * removes a document. The fields are checked by the domain's company save rule (validateCompanyForm).
 */
export const companyFormFields = z
  .object({
    kind: z.string().trim(),
    name: formText(300),
    full_name: formText(500),
    address: formText(500),
    current_address: formText(500),
    inn: formText(20),
    kpp: formText(20),
    okved: formText(20),
    management_name: formText(300),
    management_post: formText(300),
    signer_name: formText(300),
    signer_position_and_fio: formText(500),
    passport: formText(40),
    phone: formText(40),
    email: formText(254),
    buyer: formFlag.optional(),
    seller: formFlag.optional(),
    agreement: formFlag.optional(),
    remove_logo: formFlag.optional(),
    bank_account: z
      .object({
        account: formText(40),
        bank: formText(300),
        bik: formText(20),
        bank_inn: formText(20),
        correspondent_account: formText(40),
      })
      .partial()
      .nullish(),
    documents_attributes: z
      .array(z.object({ id: formId.optional(), _destroy: formFlag.optional() }).nullish())
      .max(100)
      .optional(),
  })
  .superRefine((form, ctx) => {
    for (const [path, message] of Object.entries(validateCompanyForm(form))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  });

/** An employee of the current company (GET /api/v1/company/users). */
export const employeeSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  owner: z.boolean(),
  joined_at: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** A pending invitation (GET /api/v1/company/users/invited). */
export const invitedSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  invited_at: z.string(),
  invited_by: z.string().nullable(),
});
export type Invited = z.infer<typeof invitedSchema>;

/** GET /api/v1/company/user/invite_company_info: the newest pending invitation to the user's e-mail, or null. */
export const inviteCompanyInfoSchema = z.object({
  invitation_id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_kind: z.enum(COMPANY_KINDS),
  invited_by: z.string().nullable(),
  invited_at: z.string(),
});
export type InviteCompanyInfo = z.infer<typeof inviteCompanyInfoSchema>;

export const employeeEmailBody = z.object({ email: emailField });
export const inviteUsersBody = z.object({ emails: z.array(emailField).min(1).max(20) });
/** accept_invite / decline_invite: a given invitation, else the newest pending one. */
export const inviteAnswerBody = z
  .object({ invitation_id: formId.optional() })
  .nullish()
  .transform((v) => v ?? {});
export const changeCompanyBody = z.object({ company_id: formId });

/** GET /api/v1/admin/companies: the accreditation queue (pending by default). */
export const adminCompaniesQuery = pageQuery.extend({
  status: z.enum([...ACCREDITATION_STATUSES, 'all']).default('pending'),
});

export const adminCompanyItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMPANY_KINDS),
  name: z.string(),
  inn: z.string().nullable(),
  accreditation_status: accreditationStatusSchema,
  accreditation_requested_at: z.string().nullable(),
  good_standing: z.boolean(),
  documents_count: z.number().int(),
});

/** GET /api/v1/admin/companies/:id: the company, its documents and its people. */
export const adminCompanySchema = companySchema.extend({ employees: z.array(employeeSchema) });

/** POST /api/v1/admin/companies/:id/approve: the registry flags the administrator checked, optionally. */
export const approveCompanyBody = z
  .object({ fssp: z.boolean().optional(), need_attention: z.boolean().optional() })
  .nullish()
  .transform((v) => v ?? {});

export const rejectCompanyBody = z.object({
  reason: z.string().trim().min(1, 'Укажите причину отказа').max(2000, 'Не более 2000 символов'),
});
