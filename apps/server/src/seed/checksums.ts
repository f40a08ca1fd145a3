/** Check digits of Russian requisites, so demo companies pass the same validation real ones do. */

const digits = (s: string) => [...s].map(Number);

function weightedSum(values: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, w, i) => sum + w * (values[i] ?? 0), 0);
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** A 10-digit organisation INN from its first nine digits. */
export function innOrganisation(first9: string): string {
  if (!/^\d{9}$/.test(first9)) throw new Error(`innOrganisation: nine digits expected, got ${first9}`);
  return first9 + String((weightedSum(digits(first9), INN10) % 11) % 10);
}

/** A 12-digit personal INN from its first ten digits. */
export function innPerson(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new Error(`innPerson: ten digits expected, got ${first10}`);
  const d11 = (weightedSum(digits(first10), INN11) % 11) % 10;
  const first11 = first10 + String(d11);
  return first11 + String((weightedSum(digits(first11), INN12) % 11) % 10);
}

export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return innOrganisation(inn.slice(0, 9)) === inn;
  if (/^\d{12}$/.test(inn)) return innPerson(inn.slice(0, 10)) === inn;
  return false;
}

const ACCOUNT_WEIGHTS = Array.from({ length: 23 }, (_, i) => [7, 1, 3][i % 3] as number);

/** The Bank of Russia key: weights 7-1-3 over the 3-digit prefix and the 20-digit account, sum ≡ 0 (mod 10). */
function keyed(prefix: string, account: string): string {
  const zeroed = `${account.slice(0, 8)}0${account.slice(9)}`;
  const sum = weightedSum(digits(prefix + zeroed), ACCOUNT_WEIGHTS);
  const key = ((sum % 10) * 3) % 10;
  return `${account.slice(0, 8)}${key}${account.slice(9)}`;
}

function checks(prefix: string, account: string): boolean {
  return /^\d{20}$/.test(account) && weightedSum(digits(prefix + account), ACCOUNT_WEIGHTS) % 10 === 0;
}

/** A settlement account (20 digits, the 9th a placeholder) with its key for the given BIK. */
export function settlementAccount(bik: string, account: string): string {
  return keyed(bik.slice(6, 9), account);
}

/** The correspondent account 30101810K + BIK digits 3–6 + 0000 + BIK's last three, keyed (as 044525974 has). */
export function correspondentAccount(bik: string): string {
  return keyed(`0${bik.slice(4, 6)}`, `301018100${bik.slice(2, 6)}0000${bik.slice(6, 9)}`);
}

export function isValidSettlementAccount(bik: string, account: string): boolean {
  return checks(bik.slice(6, 9), account);
}

export function isValidCorrespondentAccount(bik: string, account: string): boolean {
  return checks(`0${bik.slice(4, 6)}`, account);
}
