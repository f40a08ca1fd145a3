/**
 * Password reset (docs/decisions/0024-password-and-confirmation.md): an e-mailed single-use link valid 2 hours,
 * `${PUBLIC_URL}/users/password/edit?reset_password_token=…`; setting the new password closes every session.
 */
import { HOUR_MS, normalizeEmail } from '@etp/domain';
import { AppError } from '../../http/errors.ts';
import { revokeUserSessions, updateUser } from './accounts.queries.ts';
import { AUTH_MESSAGES, MAIL_TEXTS } from './auth.messages.ts';
import { findUserByEmail } from './auth.queries.ts';
import { countCodesSince, killUserCodes } from './codes.queries.ts';
import { consumeToken, issueToken } from './codes.service.ts';
import { MAILS_PER_ADDRESS_PER_HOUR } from './confirmations.service.ts';
import { hashPassword } from './credentials/passwords.ts';
import type { AccountDeps } from './deps/accountDeps.ts';

const RESET_TOKEN_TTL_MS = 2 * HOUR_MS;

/** Same answer whether or not the address has an account: the caller learns nothing about who is registered. */
export async function sendResetInstructions(deps: AccountDeps, email: string): Promise<void> {
  const address = normalizeEmail(email);
  const user = await findUserByEmail(deps.db, address);
  if (!user?.email) return;
  const since = new Date(deps.now().getTime() - HOUR_MS);
  if ((await countCodesSince(deps.db, address, 'password_reset', since)) >= MAILS_PER_ADDRESS_PER_HOUR)
    return;
  const token = await issueToken(deps, {
    purpose: 'password_reset',
    target: address,
    userId: user.id,
    ttlMs: RESET_TOKEN_TTL_MS,
  });
  const link = `${deps.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
  await deps.notifier.email(user.email, MAIL_TEXTS.resetSubject, MAIL_TEXTS.reset(link));
}

/** PUT /api/v2/password: spends the token, sets the password, ends every session and every other reset link. */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    const row = await consumeToken(tx, deps, 'password_reset', token);
    if (!row?.userId) return null;
    const now = deps.now();
    await updateUser(tx, row.userId, { passwordHash }, now);
    await killUserCodes(tx, 'password_reset', row.userId, now);
    await revokeUserSessions(tx, row.userId, now);
    return row.userId;
  });
  if (userId !== null) await deps.access?.changed({ users: [userId] });
  if (userId === null) {
    throw new AppError(422, 'token_invalid', AUTH_MESSAGES.resetTokenInvalid, {
      reset_password_token: [AUTH_MESSAGES.resetTokenInvalid],
    });
  }
}
