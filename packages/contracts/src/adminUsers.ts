/** The administrator's user page (spec 2 §2, /admin/users/{user_id}, linked from the monitoring rows). */
import { COMPANY_KINDS, USER_ROLES } from '@etp/domain';
import { z } from 'zod';
import { accreditationStatusSchema } from './company.ts';

const adminUserCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  inn: z.string().nullable(),
  kind: z.enum(COMPANY_KINDS),
  accreditation_status: accreditationStatusSchema,
  good_standing: z.boolean(),
  /** The user owns the company (its administrator), rather than works in it. */
  owner: z.boolean(),
  /** The company the user acts for now. */
  current: z.boolean(),
});

/** A sign-in: one family of refresh tokens (decisions/0004). */
const adminUserSessionSchema = z.object({
  id: z.string(),
  started_at: z.string(),
  /** The last refresh of its tokens. */
  last_active_at: z.string(),
  expires_at: z.string(),
  /** Not signed out, not revoked and not expired. */
  active: z.boolean(),
});

/** A visit of a procedure's card page (the monitoring's rows of this user). */
const adminUserVisitSchema = z.object({
  briefcase_id: z.number().int(),
  started_at: z.string(),
  last_seen_at: z.string(),
});

/** An entry of the audit log the user made (docs/decisions/0111). */
const adminUserActionSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  briefcase_id: z.number().int().nullable(),
  lot_id: z.number().int().nullable(),
  /** The bid's amount, or the autobid's maximum, in kopecks. */
  amount: z.number().int().nullable(),
  created_at: z.string(),
});

/** GET /api/v1/admin/users/{id}. */
export const adminUserSchema = z.object({
  user: z.object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string().nullable(),
    confirmed_email: z.boolean(),
    phone: z.string().nullable(),
    confirmed_phone: z.boolean(),
    role: z.enum(USER_ROLES),
    created_at: z.string(),
    deleted: z.boolean(),
  }),
  companies: z.array(adminUserCompanySchema),
  sessions: z.array(adminUserSessionSchema),
  visits: z.array(adminUserVisitSchema),
  actions: z.array(adminUserActionSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
