/**
 * Registration (spec 3 §4.2, docs/decisions/0023-registration.md): phone → SMS code → e-mail, password and
 * both agreements. The new user has role user, a confirmed phone and an e-mail awaiting confirmation.
 */
import type { AuthResult, RegistrationBody } from '@etp/contracts';
import { validationFailed } from '../../http/errors.ts';
import { insertUser, isEmailTaken, isPhoneTaken, uniqueViolation } from './accounts.queries.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { sendSmsCode, verifySmsCode } from './codes.service.ts';
import { sendEmailConfirmation } from './confirmations.service.ts';
import { hashPassword } from './credentials/passwords.ts';
import type { AccountDeps } from './deps/accountDeps.ts';
import { phoneTaken } from './fillData.service.ts';
import { signInResult } from './session/sessions.ts';

/** The registration body after its contract: phone normalised, e-mail lower-cased, agreements true. */
type Registration = Required<Pick<RegistrationBody, 'phone' | 'code' | 'email' | 'password'>>;

const emailTaken = () => validationFailed({ email: [AUTH_MESSAGES.emailTaken] }, AUTH_MESSAGES.emailTaken);

/** POST /api/v2/registrations/sms: user_exists when the phone already has an account. */
export async function sendRegistrationCode(deps: AccountDeps, phone: string) {
  if (await isPhoneTaken(deps.db, phone)) throw phoneTaken();
  return sendSmsCode(deps, { purpose: 'registration', phone, userId: null });
}

/** POST /api/v2/registrations/check_sms: a right code stays good while the rest of the form is filled. */
export async function checkRegistrationCode(deps: AccountDeps, phone: string, code: string): Promise<void> {
  await verifySmsCode(deps, { purpose: 'registration', phone, code, mode: 'extend' });
}

/** POST /api/v2/registrations: creates the account and signs it in. */
export async function register(deps: AccountDeps, body: Registration): Promise<AuthResult> {
  if (await isPhoneTaken(deps.db, body.phone)) throw phoneTaken();
  if (await isEmailTaken(deps.db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  await verifySmsCode(deps, { purpose: 'registration', phone: body.phone, code: body.code, mode: 'consume' });
  const now = deps.now();
  let userId: number;
  try {
    userId = await insertUser(deps.db, {
      phone: body.phone,
      confirmedPhone: true,
      email: body.email,
      confirmedEmail: false,
      passwordHash,
      role: 'user',
      policyAgreementAt: now,
      persDataAgreementAt: now,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === 'users_phone_key') throw phoneTaken();
    if (index !== null) throw emailTaken();
    throw error;
  }
  await sendEmailConfirmation(deps, userId, body.email);
  return signInResult(deps, userId);
}
