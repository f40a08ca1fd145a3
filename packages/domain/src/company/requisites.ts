/**
 * Russian company requisites: INN, KPP, BIK, settlement and correspondent accounts, OKVED. Each validator
 * returns the error text or null. The check digits follow the published algorithms: the Federal Tax Service's
 * weights for the INN and the Bank of Russia's 7-1-3 key for accounts (the demo seed builds its companies with
 * the same functions, so they pass the same checks real ones do).
 */
import { INN_LENGTH_ORGANISATION, INN_LENGTH_PERSON } from '../constants.ts';
import { type CompanyKind, innLengthFor } from '../dictionaries.ts';
import { COMPANY_MESSAGES as M } from './messages.ts';

const digitsOf = (s: string) => [...s].map(Number);
const weightedSum = (values: readonly number[], weights: readonly number[]) =>
  weights.reduce((sum, w, i) => sum + w * (values[i] ?? 0), 0);

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const innDigit = (head: string, weights: number[]) =>
  String((weightedSum(digitsOf(head), weights) % 11) % 10);

/** An organisation's 10-digit INN from its first nine digits. */
export function innOrganisation(first9: string): string {
  if (!/^\d{9}$/.test(first9)) throw new Error(`innOrganisation: nine digits expected, got ${first9}`);
  return first9 + innDigit(first9, INN10);
}

/** A person's (or sole trader's) 12-digit INN from its first ten digits. */
export function innPerson(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new Error(`innPerson: ten digits expected, got ${first10}`);
  const first11 = first10 + innDigit(first10, INN11);
  return first11 + innDigit(first11, INN12);
}

/** Whether the check digits of a 10- or 12-digit INN are right. */
export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return innOrganisation(inn.slice(0, 9)) === inn;
  if (/^\d{12}$/.test(inn)) return innPerson(inn.slice(0, 10)) === inn;
  return false;
}

/** The INN for a company of `kind`, or of either length when the kind is not known. */
export function validateInn(value: string | null | undefined, kind?: CompanyKind): string | null {
  const inn = (value ?? '').trim();
  if (inn === '') return M.innRequired;
  if (!/^\d+$/.test(inn)) return M.innDigitsOnly;
  const expected = kind
    ? innLengthFor(kind)
    : inn.length === INN_LENGTH_PERSON
      ? INN_LENGTH_PERSON
      : INN_LENGTH_ORGANISATION;
  if (inn.length !== expected) return M.innLength(expected);
  return isValidInn(inn) ? null : M.innChecksum;
}

/** KPP: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits (number). */
export function validateKpp(value: string): string | null {
  const kpp = value.trim();
  if (kpp.length !== 9) return M.kppLength;
  return /^\d{4}[0-9A-Z]{2}\d{3}$/.test(kpp) ? null : M.kppFormat;
}

/** BIK of a Russian bank: nine digits starting with 04 (the country code). */
export function validateBik(value: string): string | null {
  const bik = value.trim();
  if (!/^\d{9}$/.test(bik)) return M.bikLength;
  return bik.startsWith('04') ? null : M.bikPrefix;
}

const ACCOUNT_WEIGHTS = Array.from({ length: 23 }, (_, i) => [7, 1, 3][i % 3] as number);

/** The Bank of Russia key: weights 7-1-3 over the 3-digit prefix and the 20-digit account, sum ≡ 0 (mod 10). */
function keyed(prefix: string, account: string): string {
  const zeroed = `${account.slice(0, 8)}0${account.slice(9)}`;
  const key = ((weightedSum(digitsOf(prefix + zeroed), ACCOUNT_WEIGHTS) % 10) * 3) % 10;
  return `${account.slice(0, 8)}${key}${account.slice(9)}`;
}

const keyHolds = (prefix: string, account: string) =>
  /^\d{20}$/.test(account) && weightedSum(digitsOf(prefix + account), ACCOUNT_WEIGHTS) % 10 === 0;

/** A settlement account's prefix is the BIK's last three digits (a credit institution's BIK). */
const settlementPrefix = (bik: string) => bik.slice(6, 9);
/** A correspondent account's prefix is '0' and the BIK's 5th and 6th digits (its settlement centre). */
const correspondentPrefix = (bik: string) => `0${bik.slice(4, 6)}`;

/** A settlement account (20 digits, the 9th a placeholder) with its key for the given BIK. */
export function settlementAccount(bik: string, account: string): string {
  return keyed(settlementPrefix(bik), account);
}

/** The correspondent account 30101810K + BIK digits 3–6 + 0000 + BIK's last three, keyed (as 044525974 has). */
export function correspondentAccount(bik: string): string {
  return keyed(correspondentPrefix(bik), `301018100${bik.slice(2, 6)}0000${bik.slice(6, 9)}`);
}

export function isValidSettlementAccount(bik: string, account: string): boolean {
  return keyHolds(settlementPrefix(bik), account);
}

export function isValidCorrespondentAccount(bik: string, account: string): boolean {
  return keyHolds(correspondentPrefix(bik), account);
}

/** A settlement account checked against the bank's BIK (the key is only checked when the BIK is valid). */
export function validateSettlementAccount(value: string, bik: string | null | undefined): string | null {
  const account = value.trim();
  if (!/^\d{20}$/.test(account)) return M.accountLength;
  if (!bik || validateBik(bik) !== null) return null;
  return isValidSettlementAccount(bik.trim(), account) ? null : M.accountChecksum;
}

/** A correspondent account: 30101…, ends with the BIK's last three digits, and its key holds for the BIK. */
export function validateCorrespondentAccount(value: string, bik: string | null | undefined): string | null {
  const account = value.trim();
  if (!/^\d{20}$/.test(account)) return M.correspondentLength;
  if (!account.startsWith('30101')) return M.correspondentPrefix;
  if (!bik || validateBik(bik) !== null) return null;
  if (account.slice(17) !== bik.trim().slice(6)) return M.correspondentBik;
  return isValidCorrespondentAccount(bik.trim(), account) ? null : M.correspondentChecksum;
}

/** An OKVED 2 code: XX, XX.X, XX.XX, XX.XX.X or XX.XX.XX. */
export function validateOkved(value: string): string | null {
  return /^\d{2}(\.\d|\.\d{2}(\.\d{1,2})?)?$/.test(value.trim()) ? null : M.okvedFormat;
}

/** A Russian passport: series of 4 digits and number of 6, spaces allowed ('45 10 123456'). */
export function validatePassport(value: string): string | null {
  return /^\d{10}$/.test(value.replace(/\s/g, '')) ? null : M.passportFormat;
}
