/**
 * Profile operations (spec 3 §7.2; docs/decisions/0031-profile.md): edit the personal data and avatar, change
 * the e-mail (confirmed by a mailed link), the phone (confirmed by an SMS code) and the password, delete the
 * profile. Each takes the signed-in user and changes nothing but their own row.
 */

import type { profileUpdateFields } from '@etp/contracts';
import { HOUR_MS, IMAGE_FORMATS, normalizeEmail } from '@etp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { revokeUserSessions, uniqueViolation } from '../auth/accounts.queries.ts';
import { findUserByEmail } from '../auth/auth.queries.ts';
import { countCodesSince } from '../auth/codes.queries.ts';
import { sendSmsCode, verifySmsCode } from '../auth/codes.service.ts';
import { MAILS_PER_ADDRESS_PER_HOUR, sendEmailConfirmation } from '../auth/confirmations.service.ts';
import { hashPassword } from '../auth/credentials/passwords.ts';
import type { AccountDeps } from '../auth/deps/accountDeps.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { dropFiles, formatOf, newFileKey, withStoredFiles } from '../files/files.service.ts';
import { PROFILE_MESSAGES as M } from './profile.messages.ts';
import { notificationSettingsOf } from './profile.presenter.ts';
import {
  ownedCompaniesWithOthers,
  type ProfileChanges,
  phoneHeldByOther,
  revokeOtherSessions,
  softDeleteUser,
  updateProfileRow,
} from './profile.queries.ts';

type ProfileFields = z.output<typeof profileUpdateFields>;

/** PUT /api/v1/profile: the given fields change; a new avatar replaces the old one, whose file is then removed. */
export async function updateProfile(
  ctx: AppContext,
  auth: AuthContext,
  fields: ProfileFields,
  avatar: UploadedFile | undefined,
): Promise<void> {
  const { user } = auth;
  const changes: ProfileChanges = {};
  if (fields.first_name !== undefined) changes.firstName = fields.first_name;
  if (fields.last_name !== undefined) changes.lastName = fields.last_name;
  if (fields.auth_strategy !== undefined) changes.authStrategy = fields.auth_strategy;
  if (fields.notifications_settings) {
    const current = notificationSettingsOf(user.notificationSettings);
    const given = fields.notifications_settings;
    changes.notificationSettings = {
      lot_mailer: { ...current.lot_mailer, ...defined(given.lot_mailer) },
      autobid_mailer: { ...current.autobid_mailer, ...defined(given.autobid_mailer) },
      invitation_mailer: { ...current.invitation_mailer, ...defined(given.invitation_mailer) },
      deal_mailer: { ...current.deal_mailer, ...defined(given.deal_mailer) },
    };
  }
  const files: { key: string; bytes: Buffer }[] = [];
  if (avatar) {
    const key = newFileKey('avatars', user.id, formatOf(avatar, IMAGE_FORMATS, M.avatarFormat));
    files.push({ key, bytes: avatar.bytes });
    changes.avatarKey = key;
  } else if (fields.remove_avatar) {
    changes.avatarKey = null;
  }
  const storage = storageOf(ctx);
  await withStoredFiles(storage, files, () => updateProfileRow(ctx.db, user.id, changes, ctx.now()));
  if (changes.avatarKey !== undefined) await dropFiles(storage, [user.avatarKey]);
}

function defined<T extends Record<string, boolean | undefined>>(
  flags: T | undefined,
): Partial<Record<keyof T, boolean>> {
  return Object.fromEntries(Object.entries(flags ?? {}).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof T, boolean>
  >;
}

/** PATCH /api/v1/profile: the address waits in unconfirmed_email until the mailed link is opened (0024). */
export async function changeEmail(deps: AccountDeps, auth: AuthContext, email: string): Promise<string> {
  const address = normalizeEmail(email);
  if (auth.user.email && normalizeEmail(auth.user.email) === address) {
    throw validationFailed({ email: [M.emailSame] });
  }
  const holder = await findUserByEmail(deps.db, address);
  if (holder && holder.id !== auth.user.id) throw validationFailed({ email: [M.emailTaken] });
  const since = new Date(deps.now().getTime() - HOUR_MS);
  if ((await countCodesSince(deps.db, address, 'email_confirmation', since)) >= MAILS_PER_ADDRESS_PER_HOUR) {
    throw new AppError(429, 'rate_limited', M.tooManyMails);
  }
  await updateProfileRow(deps.db, auth.user.id, { unconfirmedEmail: address }, deps.now());
  const delivery = await sendEmailConfirmation(deps, auth.user.id, address);
  if (!delivery.delivered) throw new AppError(503, 'delivery_failed', M.mailFailed);
  return M.emailSent(address);
}

/** POST /api/v1/profile/sms: a phone_confirmation code to the new number, bound to this user (0021). */
export async function sendPhoneCode(deps: AccountDeps, auth: AuthContext, phone: string) {
  if (auth.user.phone === phone && auth.user.confirmedPhone) throw validationFailed({ phone: [M.phoneSame] });
  if (await phoneHeldByOther(deps.db, phone, auth.user.id)) {
    throw new AppError(409, 'user_exists', M.phoneTaken, { phone: [M.phoneTaken] });
  }
  return sendSmsCode(deps, { purpose: 'phone_confirmation', phone, userId: auth.user.id });
}

/** POST /api/v1/profile/confirm_phone: the right code makes the number the account's confirmed phone. */
export async function confirmPhone(deps: AccountDeps, auth: AuthContext, phone: string, code: string) {
  await verifySmsCode(deps, {
    purpose: 'phone_confirmation',
    phone,
    code,
    mode: 'consume',
    userId: auth.user.id,
  });
  try {
    await updateProfileRow(deps.db, auth.user.id, { phone, confirmedPhone: true }, deps.now());
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw new AppError(409, 'user_exists', M.phoneTaken, { phone: [M.phoneTaken] });
  }
}

/**
 * PUT /api/v1/user/update_password: an account that has a password proves it first; the other sessions end,
 * the one that made the change stays.
 */
export async function changePassword(
  deps: AccountDeps,
  auth: AuthContext,
  password: string,
  currentPassword: string | null | undefined,
): Promise<void> {
  if (auth.user.passwordHash) {
    if (!currentPassword) throw validationFailed({ current_password: [M.currentPasswordRequired] });
    // The same per-account guard as signing in: a stolen session cannot guess the password it would need to
    // keep the account, faster than a sign-in could (docs/security.md).
    const account = auth.user.email
      ? (`email:${normalizeEmail(auth.user.email)}` as const)
      : (`phone:${auth.user.phone ?? ''}` as const);
    const right = await deps.signIn
      .check(account, auth.user.passwordHash, currentPassword)
      .catch((error: unknown) => {
        if (error instanceof AppError)
          throw new AppError(error.statusCode, error.code, error.message, {
            current_password: [error.message],
          });
        throw error;
      });
    if (!right) {
      throw validationFailed({ current_password: [M.currentPasswordWrong] }, M.currentPasswordWrong);
    }
  }
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await updateProfileRow(tx, auth.user.id, { passwordHash }, now);
    await revokeOtherSessions(tx, auth.user.id, auth.sessionId, now);
  });
  await deps.access?.changed({ users: [auth.user.id] });
}

/**
 * DELETE /api/v1/profile: soft deletion. The owner of a company with other users hands it over first; then the
 * account leaves its companies, loses its avatar, and every session ends.
 */
export async function deleteProfile(ctx: AppContext, auth: AuthContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const blocking = await ownedCompaniesWithOthers(tx, auth.user.id);
    if (blocking.length > 0) throw new AppError(409, 'conflict', M.ownerMustHandOver(blocking.join(', ')));
    const now = ctx.now();
    await softDeleteUser(tx, auth.user.id, now);
    await revokeUserSessions(tx, auth.user.id, now);
  });
  await ctx.access.changed({ users: [auth.user.id] });
  await dropFiles(storageOf(ctx), [auth.user.avatarKey]);
}
