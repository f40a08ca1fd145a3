/** The demo's keys and shapes: companies and people, one password for everybody. */
import type { CompanyKind } from '../db/schema/index.ts';

export const DEMO_PASSWORD = 'Demo-2026!';

export type CompanyKey =
  | 'operator'
  | 'sellerBank'
  | 'sellerMfo'
  | 'buyerBank'
  | 'buyerMfo'
  | 'buyerLegal'
  | 'buyerSelf'
  | 'buyerPhysical'
  | 'newbie';

export const BUYER_KEYS = ['buyerBank', 'buyerMfo', 'buyerLegal', 'buyerSelf', 'buyerPhysical'] as const;
export type BuyerKey = (typeof BUYER_KEYS)[number];

export interface CompanySeed {
  key: CompanyKey;
  kind: CompanyKind;
  name: string;
  fullName: string;
  inn: string;
  kpp: string | null;
  okved: string;
  address: string;
  currentAddress: string;
  managementName: string | null;
  managementPost: string | null;
  signerName: string;
  signerPositionAndFio: string;
  passport: string | null;
  phone: string;
  email: string;
  buyer: boolean;
  seller: boolean;
  fssp: boolean;
  accredited: boolean;
  /** Days before now the company registered. */
  age: number;
  bankName: string;
  bik: string;
  bankInn: string;
  correspondentAccount: string;
  bankAccount: string;
}

export type UserKey =
  | 'admin'
  | 'sellerBank'
  | 'employeeBank'
  | 'sellerMfo'
  | 'buyerBank'
  | 'buyerMfo'
  | 'buyerLegal'
  | 'buyerSelf'
  | 'buyerPhysical'
  | 'newbie';

export interface UserSeed {
  key: UserKey;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  company: CompanyKey;
  owner: boolean;
  admin: boolean;
  /** The Russian role label of the accounts list. */
  label: string;
  description: string;
}
