/**
 * E-mail confirmation (docs/decisions/0024-password-and-confirmation.md): a single-use link valid 3 days,
 * `${PUBLIC_URL}/api/v2/confirmations?confirmation_token=…`, that confirms the address it was sent to.
 */
import { DAY_MS, HOUR_MS, normalizeEmail } from '@etp/domain';
import type { Delivery } from '../../notify/notifier.ts';
import { findUserById, findUserByUnconfirmedEmail, uniqueViolation, updateUser } from './accounts.queries.ts';
import { MAIL_TEXTS } from './auth.messages.ts';
import { findUserByEmail } from './auth.queries.ts';
import { countCodesSince } from './codes.queries.ts';
import { consumeToken, issueToken } from './codes.service.ts';
import type { AccountDeps } from './deps/accountDeps.ts';

const CONFIRMATION_TTL_MS = 3 * DAY_MS;
/** Mails of one kind to one address in an hour; more are silently not sent (no mail-bombing). */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;

/** Mails the confirmation link for `address` (the user's e-mail or the one awaiting confirmation). */
export async function sendEmailConfirmation(
  deps: AccountDeps,
  userId: number,
  address: string,
): Promise<Delivery> {
  const token = await issueToken(deps, {
    purpose: 'email_confirmation',
    target: normalizeEmail(address),
    userId,
    ttlMs: CONFIRMATION_TTL_MS,
  });
  const link = `${deps.publicUrl}/api/v2/confirmations?confirmation_token=${encodeURIComponent(token)}`;
  return deps.notifier.email(address, MAIL_TEXTS.confirmSubject, MAIL_TEXTS.confirm(link));
}

/**
 * POST /api/v2/confirmations/send_instructions: sends a new link when the address belongs to an account and
 * is not confirmed yet. The answer is the same in every case, so the call tells nobody who is registered.
 */
export async function resendConfirmation(deps: AccountDeps, email: string): Promise<void> {
  const address = normalizeEmail(email);
  const owner = await findUserByEmail(deps.db, address);
  const user = owner && !owner.confirmedEmail ? owner : await findUserByUnconfirmedEmail(deps.db, address);
  if (!user) return;
  const since = new Date(deps.now().getTime() - HOUR_MS);
  if ((await countCodesSince(deps.db, address, 'email_confirmation', since)) >= MAILS_PER_ADDRESS_PER_HOUR)
    return;
  await sendEmailConfirmation(deps, user.id, address);
}

/**
 * GET /api/v2/confirmations: spends the token and confirms the address it was sent to. When that address is
 * the one awaiting confirmation (a changed e-mail), it becomes the account's e-mail. False when the link is
 * unknown, spent, expired, or the address is no longer the account's.
 */
export async function confirmEmail(deps: AccountDeps, token: string): Promise<boolean> {
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await consumeToken(tx, deps, 'email_confirmation', token);
      if (!row?.userId) return false;
      const user = await findUserById(tx, row.userId);
      if (!user) return false;
      const now = deps.now();
      if (user.unconfirmedEmail && normalizeEmail(user.unconfirmedEmail) === row.target) {
        await updateUser(
          tx,
          user.id,
          { email: user.unconfirmedEmail, unconfirmedEmail: null, confirmedEmail: true },
          now,
        );
        return true;
      }
      if (user.email && normalizeEmail(user.email) === row.target) {
        await updateUser(tx, user.id, { confirmedEmail: true }, now);
        return true;
      }
      return false;
    });
  } catch (error) {
    // The new address was taken by someone else meanwhile.
    if (uniqueViolation(error) !== null) return false;
    throw error;
  }
}
