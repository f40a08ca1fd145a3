/**
 * The fixed dictionaries of the spec: value lists the API sends as codes, each with the Russian text the UI shows.
 * Every list is a const tuple (the codes, in display order), its type, and a labels record.
 */
import { INN_LENGTH_ORGANISATION, INN_LENGTH_PERSON } from './constants.ts';

/** How a sealed procedure ends: ransom picks a winner among the offers; convert leads to a classic second round. */
export const END_MODES = ['ransom', 'convert'] as const;
export type EndMode = (typeof END_MODES)[number];
export const END_MODE_LABELS: Readonly<Record<EndMode, string>> = {
  ransom: 'Выбор победителя из предложений',
  convert: 'Второй тур: классический аукцион',
};

/** Who pays the platform's commission: the procedure's `kind`. */
export const PAYMENT_KINDS = ['agent', 'standard'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Readonly<Record<PaymentKind, string>> = {
  agent: 'За счёт покупателя',
  standard: 'За счёт продавца',
};

/** The basis prices are shown against: ОД (principal) or ОСЗ (total debt). */
export const PERCENT_MODES = ['amount_total_debt', 'amount_bottomline_debt'] as const;
export type PercentMode = (typeof PERCENT_MODES)[number];
export const PERCENT_MODE_LABELS: Readonly<Record<PercentMode, string>> = {
  amount_total_debt: 'ОД',
  amount_bottomline_debt: 'ОСЗ',
};
export const PERCENT_MODE_FULL_LABELS: Readonly<Record<PercentMode, string>> = {
  amount_total_debt: 'Основной долг',
  amount_bottomline_debt: 'Общая сумма задолженности',
};

/** Who a user is: a market participant, or an administrator of the platform (spec 3 §3). */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Kinds of company (spec 3 §3); `self` is a sole trader. */
export const COMPANY_KINDS = ['legal', 'bank', 'mfo', 'self', 'physical'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];
export const COMPANY_KIND_LABELS: Readonly<Record<CompanyKind, string>> = {
  legal: 'Юридическое лицо',
  bank: 'Банк',
  mfo: 'МФО',
  self: 'Индивидуальный предприниматель',
  physical: 'Физическое лицо',
};

/** An INN has 12 digits for individuals and sole traders, 10 for organisations (spec 3 §5). */
export function innLengthFor(kind: CompanyKind): number {
  return kind === 'physical' || kind === 'self' ? INN_LENGTH_PERSON : INN_LENGTH_ORGANISATION;
}

/** Collateral of a portfolio. */
export const LIABILITIES = ['secured', 'unsecured', 'partially_secured'] as const;
export type Liability = (typeof LIABILITIES)[number];
export const LIABILITY_LABELS: Readonly<Record<Liability, string>> = {
  secured: 'Залоговое',
  unsecured: 'Беззалоговое',
  partially_secured: 'Частичное',
};

/** Where a bid in the log came from. */
export const SOURCE_TYPES = ['hand', 'auto'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const SOURCE_TYPE_LABELS: Readonly<Record<SourceType, string>> = {
  hand: 'Ставка',
  auto: 'Автоставка',
};

/** How the wizard splits a registry into lots; manual_splitting is the default. */
export const LOTTING_TYPES = [
  'manual_splitting',
  'equal_lots',
  'federal_districts',
  'product_type',
  'stage_of_collection',
] as const;
export type LottingType = (typeof LOTTING_TYPES)[number];
export const DEFAULT_LOTTING_TYPE: LottingType = 'manual_splitting';
export const LOTTING_TYPE_LABELS: Readonly<Record<LottingType, string>> = {
  manual_splitting: 'Ручное лотирование',
  equal_lots: 'Равные лоты',
  federal_districts: 'По федеральным округам',
  product_type: 'По типу продукта',
  stage_of_collection: 'По стадии взыскания',
};
/** Lotting types whose price limit is sent and the sort select shown (spec 1 §2). */
export const PRICED_LOTTING_TYPES = [
  'equal_lots',
  'federal_districts',
  'product_type',
] as const satisfies readonly LottingType[];

export const LOTTING_SORT_TYPES = ['uniform_distribution'] as const;
export type LottingSortType = (typeof LOTTING_SORT_TYPES)[number];
export const LOTTING_SORT_TYPE_LABELS: Readonly<Record<LottingSortType, string>> = {
  uniform_distribution: 'Равномерное распределение',
};

/** Kinds of procedure document. */
export const DOCUMENT_KINDS = [
  'template',
  'documentation',
  'cession_agreement_template',
  'check_list',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  template: 'Регламент',
  documentation: 'Конкурсная документация',
  cession_agreement_template: 'Договор уступки',
  check_list: 'Чек-лист',
  other: 'Другой документ',
};

/** Participant permission flags of a procedure (spec 1 §3): the company kinds plus their narrowing flags. */
export const ALLOWED_PARTICIPANT_KINDS = [
  'legal',
  'fssp_only',
  'okved_82_91_only',
  'bank',
  'fssp_bank_only',
  'physical',
  'self',
  'mfo',
  'fssp_mfo_only',
] as const;

/** Each narrowing flag and the kind it forces on (spec 1 §5: "each fssp-only flag forces its parent kind on"). */
export const PARTICIPANT_RESTRICTION_PARENT = {
  fssp_only: 'legal',
  okved_82_91_only: 'legal',
  fssp_bank_only: 'bank',
  fssp_mfo_only: 'mfo',
} as const satisfies Record<string, CompanyKind>;
export type ParticipantRestriction = keyof typeof PARTICIPANT_RESTRICTION_PARENT;

/** The notes the portfolio tab shows for each narrowing flag (spec 2 §2). */
export const PARTICIPANT_RESTRICTION_NOTES: Readonly<Record<ParticipantRestriction, string>> = {
  fssp_only: 'Только для юридических лиц из реестра ФССП',
  okved_82_91_only: 'Только с ОКВЭД 82.91',
  fssp_bank_only: 'Только для банков из реестра ФССП',
  fssp_mfo_only: 'Только для МФО из реестра ФССП',
};
