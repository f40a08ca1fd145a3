/**
 * Sign-in of accounts that lack something (spec 3 §4.1): a phone (the phone stage, then phoneSMS) or an e-mail,
 * a password or a name (noEmail → fillEmail / fillPassword / fillName → fillSMS). The code proves the phone;
 * the password stays the second factor: an account that has one must give it (docs/decisions/0022).
 */
import type { AuthResult, FieldErrors } from '@etp/contracts';
import {
  normalizeEmail,
  VALIDATION_MESSAGES,
  validateEmail,
  validateName,
  validatePassword,
} from '@etp/domain';
import { AppError, conflict, validationFailed } from '../../http/errors.ts';
import type { UserRow } from '../user/user.queries.ts';
import {
  findUserByPhone,
  isEmailTaken,
  isPhoneTaken,
  type UserChanges,
  uniqueViolation,
  updateUser,
} from './accounts.queries.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { checkCredentials, wrongPassword } from './auth.service.ts';
import { sendSmsCode, verifySmsCode } from './codes.service.ts';
import { sendEmailConfirmation } from './confirmations.service.ts';
import { hashPassword } from './credentials/passwords.ts';
import type { AccountDeps } from './deps/accountDeps.ts';
import { signInResult } from './session/sessions.ts';
import { phoneMissing, phoneNotFound } from './signIn.service.ts';

interface AccountLookup {
  phone?: string | null;
  email?: string | null;
  password?: string | null;
}

/** The account by phone (noEmail stage), else by e-mail and password (fillName after the e-mail stage). */
async function findAccount(
  deps: AccountDeps,
  body: AccountLookup,
): Promise<{ user: UserRow; passwordChecked: boolean }> {
  if (body.phone) {
    const user = await findUserByPhone(deps.db, body.phone);
    if (!user) throw phoneNotFound();
    return { user, passwordChecked: false };
  }
  if (body.email?.trim()) {
    return { user: await checkCredentials(deps, body.email, body.password ?? ''), passwordChecked: true };
  }
  throw validationFailed({ phone: [VALIDATION_MESSAGES.phoneRequired] });
}

const lacks = (user: UserRow) => ({
  email: !user.email,
  password: !user.passwordHash,
  firstName: !user.firstName,
  lastName: !user.lastName,
});

function accountWithGaps(user: UserRow): asserts user is UserRow & { phone: string } {
  if (!user.phone) throw phoneMissing();
  if (!Object.values(lacks(user)).some(Boolean)) throw conflict(AUTH_MESSAGES.nothingToFill);
}

/** POST /api/v2/auth/sms_data_not_filled: a sign-in code to the phone of an account that lacks something. */
export async function sendDataCode(deps: AccountDeps, body: AccountLookup) {
  const { user } = await findAccount(deps, body);
  accountWithGaps(user);
  return sendSmsCode(deps, { purpose: 'sign_in', phone: user.phone, userId: user.id });
}

/** POST /api/v2/auth/authorize_data_not_filled: fills what the account lacks, then signs in. */
export async function authorizeDataNotFilled(
  deps: AccountDeps,
  body: AccountLookup & { code: string; first_name?: string | null; last_name?: string | null },
): Promise<AuthResult> {
  const { user, passwordChecked } = await findAccount(deps, body);
  accountWithGaps(user);
  const gaps = lacks(user);
  const errors: FieldErrors = {};
  const changes: UserChanges = {};
  const rule = (field: string, message: string | null) => {
    if (message) errors[field] = [message];
    return !message;
  };
  if (gaps.email && rule('email', validateEmail(body.email, { detailed: true }))) {
    const email = normalizeEmail(body.email!);
    if (await isEmailTaken(deps.db, email)) errors.email = [AUTH_MESSAGES.emailTaken];
    else Object.assign(changes, { email, confirmedEmail: false });
  }
  if (gaps.firstName && rule('first_name', validateName(body.first_name)))
    changes.firstName = body.first_name!.trim();
  if (gaps.lastName && rule('last_name', validateName(body.last_name)))
    changes.lastName = body.last_name!.trim();
  if (gaps.password && rule('password', validatePassword(body.password))) {
    changes.passwordHash = await hashPassword(body.password!);
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (
    !gaps.password &&
    !passwordChecked &&
    !(await deps.signIn.check(`phone:${user.phone}`, user.passwordHash, body.password ?? ''))
  ) {
    throw wrongPassword();
  }
  await verifySmsCode(deps, {
    purpose: 'sign_in',
    phone: user.phone,
    code: body.code,
    mode: 'consume',
    userId: user.id,
  });
  try {
    await updateUser(deps.db, user.id, changes, deps.now());
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw validationFailed({ email: [AUTH_MESSAGES.emailTaken] });
  }
  if (changes.email) await sendEmailConfirmation(deps, user.id, changes.email);
  return signInResult(deps, user.id);
}

export const phoneTaken = () =>
  new AppError(409, 'user_exists', AUTH_MESSAGES.phoneTaken, { phone: [AUTH_MESSAGES.phoneTaken] });

async function accountWithoutPhone(
  deps: AccountDeps,
  body: { email: string; password: string; phone: string },
) {
  const user = await checkCredentials(deps, body.email, body.password);
  if (user.phone) throw conflict(AUTH_MESSAGES.phoneAlreadySet);
  if (await isPhoneTaken(deps.db, body.phone)) throw phoneTaken();
  return user;
}

/** POST /api/v2/auth/sms_phone_not_filled: a code to the phone an account without one is adding. */
export async function sendPhoneCode(
  deps: AccountDeps,
  body: { email: string; password: string; phone: string },
) {
  const user = await accountWithoutPhone(deps, body);
  return sendSmsCode(deps, { purpose: 'phone_confirmation', phone: body.phone, userId: user.id });
}

/** POST /api/v2/auth/authorize_phone_not_filled: the code confirms the new phone, which joins the account. */
export async function authorizePhoneNotFilled(
  deps: AccountDeps,
  body: { email: string; password: string; phone: string; code: string },
): Promise<AuthResult> {
  const user = await accountWithoutPhone(deps, body);
  await verifySmsCode(deps, {
    purpose: 'phone_confirmation',
    phone: body.phone,
    code: body.code,
    mode: 'consume',
    userId: user.id,
  });
  try {
    await updateUser(deps.db, user.id, { phone: body.phone, confirmedPhone: true }, deps.now());
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw phoneTaken();
  }
  return signInResult(deps, user.id);
}
