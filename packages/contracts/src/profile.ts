/** The personal profile (spec 3 §7.2): GET/PUT/PATCH/DELETE /api/v1/profile, phone change, password change. */
import { z } from 'zod';
import { emailField, nameField, phoneField, resetPasswordField, smsCodeField } from './accountFields.ts';
import { AUTH_STRATEGIES, userSchema } from './auth.ts';
import { formFlag } from './formFields.ts';

/** Which e-mails the user gets (spec 3 §3 Notification settings). */
const notificationsSettingsSchema = z.object({
  lot_mailer: z.object({
    won: z.boolean(),
    lost: z.boolean(),
    ousted: z.boolean(),
    started: z.boolean(),
    finished: z.boolean(),
    daily_summary: z.boolean(),
  }),
  autobid_mailer: z.object({ maxed_out: z.boolean() }),
  invitation_mailer: z.object({ invited: z.boolean() }),
  /**
   * A deal's steps on the user's lots (decisions/0261): the other side's signature, payment and its confirmation,
   * the registry's hand-over. A deal that fails, is cancelled or is offered to the second bidder is always mailed.
   */
  deal_mailer: z.object({ steps: z.boolean() }),
});
export type NotificationsSettings = z.infer<typeof notificationsSettingsSchema>;

/** GET /api/v1/profile: the user plus the notification settings. */
export const profileSchema = userSchema.extend({ notifications_settings: notificationsSettingsSchema });
export type Profile = z.infer<typeof profileSchema>;

const flags = <K extends string>(keys: readonly K[]) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, formFlag.optional()])) as Record<
      K,
      z.ZodOptional<typeof formFlag>
    >,
  );

/**
 * PUT /api/v1/profile (multipart, or JSON without the avatar): every field optional, only the given ones
 * change. The avatar is the file part `avatar`; `remove_avatar` drops the current one. `confirmation` is sent
 * by the spec's form and not used (docs/decisions/0031-profile.md).
 */
export const profileUpdateFields = z.object({
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  auth_strategy: z.enum(AUTH_STRATEGIES).optional(),
  notifications_settings: z
    .object({
      lot_mailer: flags([
        'won',
        'lost',
        'ousted',
        'started',
        'finished',
        'daily_summary',
      ] as const).optional(),
      autobid_mailer: flags(['maxed_out'] as const).optional(),
      invitation_mailer: flags(['invited'] as const).optional(),
      deal_mailer: flags(['steps'] as const).optional(),
    })
    .optional(),
  remove_avatar: formFlag.optional(),
  confirmation: z.string().max(200).optional(),
});

/** PATCH /api/v1/profile: a new e-mail; it waits in unconfirmed_email until the mailed link is opened. */
export const profileEmailBody = z.object({ email: emailField });

/** POST /api/v1/profile/sms. */
export const profilePhoneBody = z.object({ phone: phoneField });

/** POST /api/v1/profile/confirm_phone. */
export const confirmPhoneBody = z.object({ phone: phoneField, code: smsCodeField });

/**
 * PUT /api/v1/user/update_password: at least 6 characters (the password-change screen). An account that has a
 * password must give it as current_password.
 */
export const changePasswordBody = z.object({
  password: resetPasswordField,
  current_password: z.string().max(256).optional().nullable(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
