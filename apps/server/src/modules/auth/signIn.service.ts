/**
 * The sms stage of sign-in (spec 3 §4.1, docs/decisions/0022-sign-in-stages.md): e-mail and password send a
 * code to the account's phone, and the code with the password signs in. Also the phone lookup of the noEmail
 * stage and the "not my number" report.
 */
import type { AuthResult, FilledFlags, SignInSmsResult } from '@etp/contracts';
import { maskPhone } from '@etp/domain';
import { AppError } from '../../http/errors.ts';
import { filledFlags } from '../user/user.presenter.ts';
import type { UserRow } from '../user/user.queries.ts';
import { findUserByPhone } from './accounts.queries.ts';
import { AUTH_MESSAGES, MAIL_TEXTS } from './auth.messages.ts';
import { checkCredentials, wrongPassword } from './auth.service.ts';
import { killLiveCodes } from './codes.queries.ts';
import { sendSmsCode, verifySmsCode } from './codes.service.ts';
import type { AccountDeps } from './deps/accountDeps.ts';
import { signInResult } from './session/sessions.ts';

const flagsOf = (user: UserRow): FilledFlags =>
  filledFlags({ user, memberships: [], company: null, owner: false });

export const phoneNotFound = () =>
  new AppError(404, 'user_not_found', AUTH_MESSAGES.phoneNotFound, { phone: [AUTH_MESSAGES.phoneNotFound] });

export const phoneMissing = () =>
  new AppError(422, 'validation_failed', AUTH_MESSAGES.phoneMissing, { phone: [AUTH_MESSAGES.phoneMissing] });

/**
 * POST /api/v2/auth/sms. Without a phone the phone stage follows, without a first or last name fillName;
 * otherwise the sign-in code goes to the account's phone.
 */
export async function sendSignInCode(
  deps: AccountDeps,
  email: string,
  password: string,
): Promise<SignInSmsResult> {
  const user = await checkCredentials(deps, email, password);
  const filled = flagsOf(user);
  if (!user.phone) return { sent: false, phone: null, resend_in: null, filled };
  if (!user.firstName || !user.lastName) {
    return { sent: false, phone: maskPhone(user.phone), resend_in: null, filled };
  }
  const sent = await sendSmsCode(deps, { purpose: 'sign_in', phone: user.phone, userId: user.id });
  return { sent: true, ...sent, filled };
}

/** The account of a phone with its password checked: a wrong password answers on the password field. */
async function userByPhoneAndPassword(deps: AccountDeps, phone: string, password: string) {
  const account = `phone:${phone}` as const;
  await deps.signIn.assertOpen(account);
  const user = await findUserByPhone(deps.db, phone);
  const right = await deps.signIn.check(account, user?.passwordHash ?? null, password);
  if (!user) throw phoneNotFound();
  if (!right) throw wrongPassword();
  return user;
}

/** POST /api/v2/auth/authorize: the account by e-mail (else by phone), its password and the code sent to it. */
export async function authorizeWithCode(
  deps: AccountDeps,
  body: { email?: string | null; phone?: string | null; code: string; password: string },
): Promise<AuthResult> {
  let user: UserRow;
  if (body.email?.trim()) user = await checkCredentials(deps, body.email, body.password);
  else if (body.phone) user = await userByPhoneAndPassword(deps, body.phone, body.password);
  else {
    throw new AppError(422, 'email_required', AUTH_MESSAGES.emailRequired, {
      email: [AUTH_MESSAGES.emailRequired],
    });
  }
  if (!user.phone) throw phoneMissing();
  await verifySmsCode(deps, {
    purpose: 'sign_in',
    phone: user.phone,
    code: body.code,
    mode: 'consume',
    userId: user.id,
  });
  return signInResult(deps, user.id);
}

/** POST /api/v2/auth/info_by_phone: which items the account of this phone has; nothing else about it. */
export async function infoByPhone(deps: AccountDeps, phone: string): Promise<FilledFlags> {
  const user = await findUserByPhone(deps.db, phone);
  if (!user) throw phoneNotFound();
  return flagsOf(user);
}

/**
 * POST /api/v2/auth/not_my_number: the person at the sms stage says the masked number is not theirs. With the
 * e-mail stage's credentials, the live sign-in codes to that number are cancelled and support is told; the
 * account itself is not changed (a password thief must not be able to drop the second factor). The answer is
 * the same in every case.
 */
export async function reportNotMyNumber(
  deps: AccountDeps,
  body: { email?: string | null; password?: string | null },
): Promise<void> {
  if (!body.email || !body.password) return;
  const user = await checkCredentials(deps, body.email, body.password).catch(() => null);
  if (!user?.phone) return;
  const phone = user.phone;
  await deps.db.transaction((tx) => killLiveCodes(tx, 'sign_in', phone, deps.now()));
  await deps.notifier.email(
    deps.supportEmail,
    MAIL_TEXTS.notMyNumberSubject,
    MAIL_TEXTS.notMyNumber(user.id, user.email, phone),
  );
}
