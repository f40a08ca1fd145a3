/** The demo's companies and people: invented names, valid-looking requisites, one password for everybody. */
import type { CompanyKind } from '../db/schema/index.ts';
import { correspondentAccount, innOrganisation, innPerson, settlementAccount } from './checksums.ts';

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

interface ServicingBank {
  name: string;
  bik: string;
  inn: string;
}

const BANK_SS: ServicingBank = {
  name: 'АО «Банк Северная Столица»',
  bik: '044030781',
  inn: innOrganisation('783501296'),
};
const COLLECT: ServicingBank = {
  name: 'АО «Коллект Банк»',
  bik: '044525613',
  inn: innOrganisation('770402561'),
};

function requisites(bank: ServicingBank, account: string) {
  return {
    bankName: bank.name,
    bik: bank.bik,
    bankInn: bank.inn,
    correspondentAccount: correspondentAccount(bank.bik),
    bankAccount: settlementAccount(bank.bik, account),
  };
}

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

const org = (
  fields: Omit<CompanySeed, 'bankName' | 'bik' | 'bankInn' | 'correspondentAccount' | 'bankAccount'>,
) => fields;

export const COMPANIES: readonly CompanySeed[] = [
  {
    ...org({
      key: 'operator',
      kind: 'legal',
      name: 'ООО «ЭТП РД»',
      fullName: 'Общество с ограниченной ответственностью «Электронная торговая площадка реализации долгов»',
      inn: innOrganisation('770312458'),
      kpp: '770301001',
      okved: '63.11',
      address: '123112, г. Москва, Пресненская наб., д. 12, офис 41',
      currentAddress: '123112, г. Москва, Пресненская наб., д. 12, офис 41',
      managementName: 'Орлов Константин Игоревич',
      managementPost: 'Генеральный директор',
      signerName: 'Орлов К. И.',
      signerPositionAndFio: 'Генеральный директор Орлов Константин Игоревич',
      passport: null,
      phone: '74951234500',
      email: 'info@etp-rd.ru',
      buyer: false,
      seller: false,
      fssp: false,
      accredited: true,
      age: 400,
    }),
    ...requisites(BANK_SS, '40702810000000004100'),
  },
  {
    ...org({
      key: 'sellerBank',
      kind: 'bank',
      name: 'АО «Банк Северная Столица»',
      fullName: 'Акционерное общество «Банк Северная Столица»',
      inn: BANK_SS.inn,
      kpp: '783501001',
      okved: '64.19',
      address: '191186, г. Санкт-Петербург, Невский пр-т, д. 38, лит. А',
      currentAddress: '191186, г. Санкт-Петербург, Невский пр-т, д. 38, лит. А',
      managementName: 'Лебедев Андрей Викторович',
      managementPost: 'Председатель Правления',
      signerName: 'Лебедев А. В.',
      signerPositionAndFio: 'Председатель Правления Лебедев Андрей Викторович',
      passport: null,
      phone: '78123350000',
      email: 'cession@bss-bank.ru',
      buyer: false,
      seller: true,
      fssp: false,
      accredited: true,
      age: 380,
    }),
    ...requisites(COLLECT, '30110810000000000781'),
  },
  {
    ...org({
      key: 'sellerMfo',
      kind: 'mfo',
      name: 'ООО МФК «Быстроденьги Плюс»',
      fullName: 'Общество с ограниченной ответственностью Микрофинансовая компания «Быстроденьги Плюс»',
      inn: innOrganisation('540612873'),
      kpp: '540601001',
      okved: '64.92',
      address: '630099, г. Новосибирск, ул. Советская, д. 18, офис 305',
      currentAddress: '630099, г. Новосибирск, ул. Советская, д. 18, офис 305',
      managementName: 'Гусева Марина Олеговна',
      managementPost: 'Генеральный директор',
      signerName: 'Гусева М. О.',
      signerPositionAndFio: 'Генеральный директор Гусева Марина Олеговна',
      passport: null,
      phone: '73832110000',
      email: 'sale@bdplus.ru',
      buyer: false,
      seller: true,
      fssp: false,
      accredited: true,
      age: 300,
    }),
    ...requisites(BANK_SS, '40701810000000012873'),
  },
  {
    ...org({
      key: 'buyerBank',
      kind: 'bank',
      name: COLLECT.name,
      fullName: 'Акционерное общество «Коллект Банк»',
      inn: COLLECT.inn,
      kpp: '770401001',
      okved: '64.19',
      address: '119034, г. Москва, ул. Пречистенка, д. 10, стр. 2',
      currentAddress: '119034, г. Москва, ул. Пречистенка, д. 10, стр. 2',
      managementName: 'Зайцев Павел Николаевич',
      managementPost: 'Председатель Правления',
      signerName: 'Зайцев П. Н.',
      signerPositionAndFio: 'Председатель Правления Зайцев Павел Николаевич',
      passport: null,
      phone: '74959870000',
      email: 'portfolio@collect-bank.ru',
      buyer: true,
      seller: false,
      fssp: false,
      accredited: true,
      age: 250,
    }),
    ...requisites(BANK_SS, '30110810000000000613'),
  },
  {
    ...org({
      key: 'buyerMfo',
      kind: 'mfo',
      name: 'ООО МКК «Займ Экспресс»',
      fullName: 'Общество с ограниченной ответственностью Микрокредитная компания «Займ Экспресс»',
      inn: innOrganisation('165548217'),
      kpp: '165501001',
      okved: '64.92',
      address: '420111, г. Казань, ул. Баумана, д. 44, офис 12',
      currentAddress: '420111, г. Казань, ул. Баумана, д. 44, офис 12',
      managementName: 'Хабибуллин Рустам Ильдарович',
      managementPost: 'Директор',
      signerName: 'Хабибуллин Р. И.',
      signerPositionAndFio: 'Директор Хабибуллин Рустам Ильдарович',
      passport: null,
      phone: '78432920000',
      email: 'deals@zaimexpress.ru',
      buyer: true,
      seller: false,
      fssp: false,
      accredited: true,
      age: 200,
    }),
    ...requisites(BANK_SS, '40701810000000048217'),
  },
  {
    ...org({
      key: 'buyerLegal',
      kind: 'legal',
      name: 'ООО «ПКО Долговой центр»',
      fullName:
        'Общество с ограниченной ответственностью «Профессиональная коллекторская организация Долговой центр»',
      inn: innOrganisation('661703495'),
      kpp: '667001001',
      okved: '82.91',
      address: '620014, г. Екатеринбург, ул. Малышева, д. 51, офис 1402',
      currentAddress: '620014, г. Екатеринбург, ул. Малышева, д. 51, офис 1402',
      managementName: 'Соколов Илья Андреевич',
      managementPost: 'Генеральный директор',
      signerName: 'Соколов И. А.',
      signerPositionAndFio: 'Генеральный директор Соколов Илья Андреевич',
      passport: null,
      phone: '73432880000',
      email: 'buy@dolg-center.ru',
      buyer: true,
      seller: false,
      fssp: true,
      accredited: true,
      age: 180,
    }),
    ...requisites(COLLECT, '40702810000000003495'),
  },
  {
    ...org({
      key: 'buyerSelf',
      kind: 'self',
      name: 'ИП Кравцов Дмитрий Олегович',
      fullName: 'Индивидуальный предприниматель Кравцов Дмитрий Олегович',
      inn: innPerson('2310457812'),
      kpp: null,
      okved: '82.91',
      address: '350000, г. Краснодар, ул. Красная, д. 122, кв. 17',
      currentAddress: '350000, г. Краснодар, ул. Красная, д. 122, офис 3',
      managementName: null,
      managementPost: null,
      signerName: 'Кравцов Д. О.',
      signerPositionAndFio: 'Индивидуальный предприниматель Кравцов Дмитрий Олегович',
      passport: null,
      phone: '79184561230',
      email: 'kravtsov.ip@etp-rd.ru',
      buyer: true,
      seller: false,
      fssp: false,
      accredited: true,
      age: 150,
    }),
    ...requisites(BANK_SS, '40802810000000057812'),
  },
  {
    ...org({
      key: 'buyerPhysical',
      kind: 'physical',
      name: 'Белова Анна Сергеевна',
      fullName: 'Белова Анна Сергеевна',
      inn: innPerson('6312098765'),
      kpp: null,
      okved: '',
      address: '443010, г. Самара, ул. Куйбышева, д. 90, кв. 5',
      currentAddress: '443010, г. Самара, ул. Куйбышева, д. 90, кв. 5',
      managementName: null,
      managementPost: null,
      signerName: 'Белова А. С.',
      signerPositionAndFio: 'Белова Анна Сергеевна',
      passport: '3612 481516',
      phone: '79276543210',
      email: 'belova.as@etp-rd.ru',
      buyer: true,
      seller: false,
      fssp: false,
      accredited: true,
      age: 90,
    }),
    ...requisites(BANK_SS, '40817810000000098765'),
  },
  {
    ...org({
      key: 'newbie',
      kind: 'legal',
      name: 'ООО «Новый Кредитор»',
      fullName: 'Общество с ограниченной ответственностью «Новый Кредитор»',
      inn: innOrganisation('772914630'),
      kpp: '772901001',
      okved: '82.91',
      address: '119361, г. Москва, ул. Озёрная, д. 42, офис 7',
      currentAddress: '119361, г. Москва, ул. Озёрная, д. 42, офис 7',
      managementName: 'Романов Егор Викторович',
      managementPost: 'Генеральный директор',
      signerName: 'Романов Е. В.',
      signerPositionAndFio: 'Генеральный директор Романов Егор Викторович',
      passport: null,
      phone: '74956620000',
      email: 'office@new-creditor.ru',
      buyer: true,
      seller: false,
      fssp: false,
      accredited: false,
      age: 2,
    }),
    ...requisites(COLLECT, '40702810000000014630'),
  },
];

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
