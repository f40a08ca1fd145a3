/**
 * The company save rule (spec 3 §5): the agreement is accepted, the INN has 12 digits for physical and self and
 * 10 for the other kinds, and every kind except physical has a current address. On top of it every requisite
 * that is given must be well formed (KPP, OKVED, bank account with its check digits against the BIK). Returns
 * one text per field path ('inn', 'bank_account.bik'); an empty object means the form may be saved.
 */
import { COMPANY_KINDS, type CompanyKind } from '../dictionaries.ts';
import { validateEmail } from '../validation/email.ts';
import { validatePhone } from '../validation/phone.ts';
import { COMPANY_MESSAGES as M } from './messages.ts';
import {
  validateBik,
  validateCorrespondentAccount,
  validateInn,
  validateKpp,
  validateOkved,
  validatePassport,
  validateSettlementAccount,
} from './requisites.ts';

interface CompanyBankAccountInput {
  account?: string | null;
  bank?: string | null;
  bik?: string | null;
  bank_inn?: string | null;
  correspondent_account?: string | null;
}

export interface CompanyFormInput {
  kind: CompanyKind | string;
  name?: string | null;
  inn?: string | null;
  kpp?: string | null;
  okved?: string | null;
  current_address?: string | null;
  agreement?: boolean | null;
  phone?: string | null;
  email?: string | null;
  passport?: string | null;
  bank_account?: CompanyBankAccountInput | null;
}

export type CompanyFormErrors = Record<string, string>;

const given = (value: string | null | undefined): value is string => (value ?? '').trim() !== '';

/** Kinds that are organisations and must be named; an individual's or sole trader's name is their own. */
export function isOrganisationKind(kind: CompanyKind): boolean {
  return kind === 'legal' || kind === 'bank' || kind === 'mfo';
}

export function validateCompanyForm(input: CompanyFormInput): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  const put = (field: string, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  if (!(COMPANY_KINDS as readonly string[]).includes(input.kind)) {
    put('kind', M.kindInvalid);
    return errors;
  }
  const kind = input.kind as CompanyKind;
  if (input.agreement !== true) put('agreement', M.agreementRequired);
  put('inn', validateInn(input.inn, kind));
  if (kind !== 'physical' && !given(input.current_address)) put('current_address', M.currentAddressRequired);
  if (isOrganisationKind(kind) && !given(input.name)) put('name', M.nameRequired);
  if (given(input.kpp)) put('kpp', validateKpp(input.kpp));
  if (given(input.okved)) put('okved', validateOkved(input.okved));
  if (given(input.phone)) put('phone', validatePhone(input.phone));
  if (given(input.email)) put('email', validateEmail(input.email));
  if (given(input.passport)) put('passport', validatePassport(input.passport));

  const bank = input.bank_account ?? {};
  const bikGiven = given(bank.bik);
  if (bikGiven) put('bank_account.bik', validateBik(bank.bik as string));
  else if (given(bank.account) || given(bank.correspondent_account)) put('bank_account.bik', M.bikRequired);
  if (given(bank.account)) put('bank_account.account', validateSettlementAccount(bank.account, bank.bik));
  if (given(bank.correspondent_account)) {
    put(
      'bank_account.correspondent_account',
      validateCorrespondentAccount(bank.correspondent_account, bank.bik),
    );
  }
  if (given(bank.bank_inn)) {
    const message = validateInn(bank.bank_inn, 'bank');
    put('bank_account.bank_inn', message === M.innLength(10) ? M.bankInnLength : message);
  }
  return errors;
}
