/**
 * The registry attributes dictionary (spec 1 §3 "Registry attribute": value, text, required, analytics) and the
 * platform template "ЭТП РД": one column per attribute, in this order (decisions/0042).
 */
import { type Cell, type FeatureKey, FLAG_COLUMNS } from './types.ts';

export type AttributeKind =
  | 'text'
  | 'money'
  | 'integer'
  | 'date'
  | 'region'
  | 'sex'
  | 'flag'
  | 'lot_number'
  | 'issuence_form';

export interface RegistryAttribute {
  /** snake_case key, also the key of `source_map`. */
  value: AttributeValue;
  /** The Russian column header of the template. */
  text: string;
  required: boolean;
  /** Used by the Analytics tab or the lots (the 'Аналитика' badge; recommended when not required). */
  analytics: boolean;
  kind: AttributeKind;
  /** A Russian sentence for the template's second sheet, with the accepted formats. */
  hint: string;
  /** Text attributes: the longest text taken (longer is a row error). */
  maxLength?: number;
}

/** The longest contract number taken (issue 21): a number, not a note. */
const CONTRACT_ID_MAX_LENGTH = 100;
/** The longest text of the other text attributes (a product type, a creditor's name...). */
const TEXT_ATTRIBUTE_MAX_LENGTH = 500;

const FLAG_FORMATS = 'Да/нет, 1/0, +/-, true/false; пустая ячейка — нет.';
const MONEY_FORMATS =
  'Рубли с копейками: число или текст «1 234,56», не больше двух знаков после запятой, не меньше 0.';
const DATE_FORMATS = 'Дата Excel, текст ДД.ММ.ГГГГ или ГГГГ-ММ-ДД.';

function flag(value: FeatureKey & AttributeValue, text: string, what: string): RegistryAttribute {
  return { value, text, required: false, analytics: true, kind: 'flag', hint: `${what} ${FLAG_FORMATS}` };
}

export const ATTRIBUTE_VALUES = [
  'contract_id',
  'lot_number',
  'region_code',
  'amount_total',
  'amount_bottomline',
  'principal',
  'dpd',
  'dplp',
  'issue_date',
  'last_payment_date',
  'last_payment_amount',
  'paid_amount',
  'amount_for_360_days',
  'product_type',
  'loan_kind',
  'stage',
  'first_creditor',
  'birth_date',
  'sex',
  'enforcement_order_placement',
  'issuence_form',
  ...FLAG_COLUMNS,
] as const;
export type AttributeValue = (typeof ATTRIBUTE_VALUES)[number];

export const REGISTRY_ATTRIBUTES: readonly RegistryAttribute[] = [
  {
    value: 'contract_id',
    text: 'Номер договора',
    required: true,
    analytics: false,
    kind: 'text',
    maxLength: CONTRACT_ID_MAX_LENGTH,
    hint: 'Номер кредитного договора, уникальный в реестре (текст или число), без ФИО и паспортных данных.',
  },
  {
    value: 'lot_number',
    text: 'Номер лота',
    required: false,
    analytics: false,
    kind: 'lot_number',
    hint: 'Целое число больше 0; нужен только для ручного лотирования — долги с одинаковым номером попадут в один лот.',
  },
  {
    value: 'region_code',
    text: 'Код региона',
    required: true,
    analytics: true,
    kind: 'region',
    hint: 'Код субъекта РФ от 01 до 95 по месту жительства должника (число или текст, «7» и «07» равны).',
  },
  {
    value: 'amount_total',
    text: 'Сумма основного долга (ОД), руб.',
    required: true,
    analytics: true,
    kind: 'money',
    hint: `Непогашенная сумма основного долга. ${MONEY_FORMATS}`,
  },
  {
    value: 'amount_bottomline',
    text: 'Остаток задолженности (ОСЗ), руб.',
    required: true,
    analytics: true,
    kind: 'money',
    hint: `Общая сумма задолженности: основной долг, проценты, штрафы. ${MONEY_FORMATS}`,
  },
  {
    value: 'principal',
    text: 'Сумма кредита при выдаче, руб.',
    required: false,
    analytics: false,
    kind: 'money',
    hint: `Сумма, выданная по договору. ${MONEY_FORMATS}`,
  },
  {
    value: 'dpd',
    text: 'Дней просрочки (DPD)',
    required: false,
    analytics: true,
    kind: 'integer',
    hint: 'Число дней просрочки на дату реестра: целое число от 0.',
  },
  {
    value: 'dplp',
    text: 'Дней с последнего платежа (DPLP)',
    required: false,
    analytics: true,
    kind: 'integer',
    hint: 'Число дней с последнего платежа на дату реестра: целое число от 0.',
  },
  {
    value: 'issue_date',
    text: 'Дата выдачи кредита',
    required: false,
    analytics: false,
    kind: 'date',
    hint: `Дата заключения договора. ${DATE_FORMATS}`,
  },
  {
    value: 'last_payment_date',
    text: 'Дата последнего платежа',
    required: false,
    analytics: false,
    kind: 'date',
    hint: `Пусто, если платежей не было. ${DATE_FORMATS}`,
  },
  {
    value: 'last_payment_amount',
    text: 'Сумма последнего платежа, руб.',
    required: false,
    analytics: true,
    kind: 'money',
    hint: `Пусто, если платежей не было. ${MONEY_FORMATS}`,
  },
  {
    value: 'paid_amount',
    text: 'Сумма платежей с даты выдачи, руб.',
    required: false,
    analytics: true,
    kind: 'money',
    hint: `Всё, что должник заплатил по договору. ${MONEY_FORMATS}`,
  },
  {
    value: 'amount_for_360_days',
    text: 'Сумма платежей за последние 360 дней, руб.',
    required: false,
    analytics: true,
    kind: 'money',
    hint: `Платежи за 360 дней до даты реестра. ${MONEY_FORMATS}`,
  },
  {
    value: 'product_type',
    text: 'Тип продукта',
    required: false,
    analytics: true,
    kind: 'text',
    maxLength: TEXT_ATTRIBUTE_MAX_LENGTH,
    hint: 'Например: Потребительский кредит, Кредитная карта, Микрозайм, Автокредит, Ипотека.',
  },
  {
    value: 'loan_kind',
    text: 'Вид кредита',
    required: false,
    analytics: true,
    kind: 'text',
    maxLength: TEXT_ATTRIBUTE_MAX_LENGTH,
    hint: 'Например: Нецелевой, Целевой (POS), Рефинансирование, Револьверный.',
  },
  {
    value: 'stage',
    text: 'Стадия взыскания',
    required: false,
    analytics: true,
    kind: 'text',
    maxLength: TEXT_ATTRIBUTE_MAX_LENGTH,
    hint: 'Досудебная, Судебная или Исполнительное производство.',
  },
  {
    value: 'first_creditor',
    text: 'Первоначальный кредитор',
    required: false,
    analytics: true,
    kind: 'text',
    maxLength: TEXT_ATTRIBUTE_MAX_LENGTH,
    hint: 'Название организации, выдавшей кредит.',
  },
  {
    value: 'birth_date',
    text: 'Дата рождения должника',
    required: false,
    analytics: true,
    kind: 'date',
    hint: `Только для диаграммы возрастов; ФИО и документы не указывайте. ${DATE_FORMATS}`,
  },
  {
    value: 'sex',
    text: 'Пол должника',
    required: false,
    analytics: true,
    kind: 'sex',
    hint: 'М или Ж (также «муж», «жен», male, female); пусто — нет данных.',
  },
  {
    value: 'enforcement_order_placement',
    text: 'Местонахождение исполнительного документа',
    required: false,
    analytics: true,
    kind: 'text',
    maxLength: TEXT_ATTRIBUTE_MAX_LENGTH,
    hint: 'Например: ФССП, банк, не предъявлялся.',
  },
  {
    value: 'issuence_form',
    text: 'Форма выдачи кредита',
    required: false,
    analytics: true,
    kind: 'issuence_form',
    hint: 'Электронная (онлайн) или бумажная; пусто — нет данных.',
  },
  flag('dead', 'Должник умер', 'Есть сведения о смерти должника.'),
  flag('bankruptcy', 'Банкротство должника', 'Должник признан банкротом или идёт процедура банкротства.'),
  flag('court_order', 'Судебный акт получен', 'Есть судебный приказ или решение суда.'),
  flag('enforcement_proceedings', 'Исполнительное производство', 'Возбуждено исполнительное производство.'),
  flag(
    'enforcement_proceedings_3_years',
    'Исполнительное производство за 3 года',
    'Исполнительное производство возбуждалось в последние 3 года.',
  ),
  flag('fraud', 'Мошенничество', 'Есть признаки мошенничества.'),
  flag('disability', 'Инвалидность должника', 'Должник — инвалид.'),
  flag('mls', 'Места лишения свободы', 'Должник находится в местах лишения свободы.'),
  flag('military_service', 'Военная служба', 'Должник проходит военную службу.'),
  flag('interact_refusal', 'Отказ от взаимодействия', 'Должник заявил об отказе от взаимодействия (230-ФЗ).'),
  flag('impossibility_act', 'Акт о невозможности взыскания', 'Есть акт о невозможности взыскания.'),
  flag('secured_liability', 'Обеспеченный кредит (залог)', 'Кредит обеспечен залогом.'),
  flag('presence_participants', 'Поручители или созаемщики', 'Есть поручители или созаемщики.'),
  flag('phones', 'Телефон должника известен', 'У кредитора есть телефон должника (сам номер не указывайте).'),
];

/** The header row of the "ЭТП РД" template, one attribute per column, in dictionary order. */
export const TEMPLATE_HEADERS: readonly string[] = REGISTRY_ATTRIBUTES.map((a) => a.text);

export const ATTRIBUTE_BY_VALUE: ReadonlyMap<AttributeValue, RegistryAttribute> = new Map(
  REGISTRY_ATTRIBUTES.map((a) => [a.value, a]),
);

/**
 * The attributes the matching side menu counts as "recommended": used by the analytics but not required
 * (spec 1 step 2: it counts the remaining required and recommended fields).
 */
export const RECOMMENDED_ATTRIBUTES: readonly AttributeValue[] = REGISTRY_ATTRIBUTES.filter(
  (a) => a.analytics && !a.required,
).map((a) => a.value);

export const REQUIRED_ATTRIBUTES: readonly AttributeValue[] = REGISTRY_ATTRIBUTES.filter(
  (a) => a.required,
).map((a) => a.value);

/** A header for comparison: lower case, ё as е, no punctuation, single spaces. */
export function normalizeHeader(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .trim();
}

const BY_HEADER: ReadonlyMap<string, AttributeValue> = new Map(
  REGISTRY_ATTRIBUTES.map((a) => [normalizeHeader(a.text), a.value]),
);

export interface TemplateMatch {
  /** Attribute of each column (null: a column we do not know, left out). */
  map: (AttributeValue | null)[];
  /**
   * The row is not the template's header row: a required column is missing or a template header is repeated.
   * Columns beyond the template (`extra`) do not make a mismatch: they are not read (decisions/0243).
   */
  mismatch: boolean;
  missingRequired: AttributeValue[];
  /** Non-empty headers that are not the template's: columns of the seller's own, left out. */
  extra: number[];
  /** Columns whose header repeats a template header found earlier in the row. */
  repeated: number[];
  /** How many of the template's attributes the row names. */
  recognised: number;
}

/**
 * Matches a header row against the template by header text (case, ё and punctuation ignored); column order does
 * not matter. Empty trailing headers are ignored.
 */
export function matchTemplateHeaders(headerRow: readonly Cell[]): TemplateMatch {
  const map: (AttributeValue | null)[] = [];
  const seen = new Set<AttributeValue>();
  const extra: number[] = [];
  const repeated: number[] = [];
  for (const cell of headerRow) {
    const header = normalizeHeader(cell);
    const value = header === '' ? undefined : BY_HEADER.get(header);
    if (value === undefined || seen.has(value)) {
      if (header !== '') (value === undefined ? extra : repeated).push(map.length);
      map.push(null);
      continue;
    }
    seen.add(value);
    map.push(value);
  }
  while (map.length > 0 && map[map.length - 1] === null && normalizeHeader(headerRow[map.length - 1]) === '')
    map.pop();
  const missingRequired = REQUIRED_ATTRIBUTES.filter((v) => !seen.has(v));
  const mismatch = missingRequired.length > 0 || repeated.length > 0;
  return { map, mismatch, missingRequired, extra, repeated, recognised: seen.size };
}

/**
 * A header row that is the template's with something wrong (a required column missing, a header repeated) rather
 * than a registry of the seller's own layout: at least two of its headers, and at least half of them, are the
 * template's. Such a file is refused naming what is wrong; a file of another layout goes to the column matching.
 */
export function looksLikeTemplate(match: TemplateMatch): boolean {
  const named = match.recognised + match.extra.length + match.repeated.length;
  return match.recognised >= 2 && match.recognised * 2 >= named;
}
