/** The company form used across the company tests: valid requisites of a legal entity, and calls to save it. */
import { settlementAccount } from '@etp/domain';
import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { bearer, signIn } from './http.ts';
import { type FormEntry, multipart } from './multipart.ts';

export const BIK = '044525225';
export const LEGAL_FORM = {
  kind: 'legal',
  name: 'ООО «ПКО Взыскание»',
  full_name: 'Общество с ограниченной ответственностью «ПКО Взыскание»',
  inn: '7707083893',
  kpp: '773601001',
  okved: '82.91',
  address: 'Москва, ул. Вавилова, 19',
  current_address: 'Москва, ул. Вавилова, 19',
  agreement: true,
  bank_account: {
    bank: 'ПАО Сбербанк',
    bik: BIK,
    account: settlementAccount(BIK, '40702810000000054321'),
    correspondent_account: '30101810400000000225',
  },
};

/** Calls of the company tests over the app that `app()` returns (it is built in beforeAll). */
export function companyCalls(app: () => TestApp) {
  const tokenOf = async (user: { email: string | null }) => (await signIn(app().app, user.email!)).jwt.token;
  const save = (token: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    app().app.inject({ method, url: '/api/v1/company', headers: bearer(token), payload });
  const saveForm = (token: string, entries: FormEntry[]) => {
    const form = multipart(entries);
    return app().app.inject({
      method: 'PUT',
      url: '/api/v1/company',
      ...form,
      headers: { ...form.headers, ...bearer(token) },
    });
  };
  const companyOf = async (id: number) =>
    (await app().ctx.db.select().from(companies).where(eq(companies.id, id)))[0]!;
  return { tokenOf, save, saveForm, companyOf };
}

/** The legal form as multipart text fields. */
export function columnsOfForm(): Record<string, string> {
  const { bank_account, agreement, ...rest } = LEGAL_FORM;
  return {
    ...rest,
    agreement: String(agreement),
    'bank_account[bank]': bank_account.bank,
    'bank_account[bik]': bank_account.bik,
    'bank_account[account]': bank_account.account,
    'bank_account[correspondent_account]': bank_account.correspondent_account,
  };
}

export function columnsOf(form: typeof LEGAL_FORM) {
  return {
    kind: 'legal' as const,
    name: form.name,
    fullName: form.full_name,
    inn: form.inn,
    kpp: form.kpp,
    okved: form.okved,
    address: form.address,
    currentAddress: form.current_address,
    agreement: true,
    bankName: form.bank_account.bank,
    bik: form.bank_account.bik,
    bankAccount: form.bank_account.account,
    correspondentAccount: form.bank_account.correspondent_account,
  };
}
