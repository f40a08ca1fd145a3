/**
 * Column-match suggestion for custom templates: each column's header words and a sample of its values give a score
 * per attribute; the best pairs are taken greedily, so no attribute is suggested twice (decisions/0042).
 */
import { type AttributeValue, normalizeHeader, REGISTRY_ATTRIBUTES } from './attributes.ts';
import { Invalid, parseDate, parseFlag, parseMoney, parseRegion, parseSex } from './normalize.ts';
import type { Cell } from './types.ts';

/** Header words (normalised) that name an attribute; a header equal to one scores highest, containing one less. */
const SYNONYMS: Readonly<Partial<Record<AttributeValue, readonly string[]>>> = {
  contract_id: [
    'номер договора',
    'договор',
    'кд',
    'номер кд',
    'id договора',
    'contract',
    'contract id',
    'ид договора',
  ],
  lot_number: ['номер лота', 'лот'],
  region_code: ['код региона', 'регион', 'код субъекта', 'субъект рф', 'region'],
  amount_total: ['од', 'основной долг', 'сумма основного долга', 'сумма од', 'остаток од', 'principal debt'],
  amount_bottomline: [
    'осз',
    'остаток задолженности',
    'общая сумма задолженности',
    'сумма долга',
    'задолженность',
    'долг',
    'общий долг',
  ],
  principal: ['сумма кредита', 'сумма выдачи', 'сумма займа', 'выдано'],
  dpd: ['dpd', 'дней просрочки', 'просрочка', 'срок просрочки', 'количество дней просрочки'],
  dplp: ['dplp', 'дней с последнего платежа', 'дней без платежей'],
  issue_date: ['дата выдачи', 'дата договора', 'дата заключения'],
  last_payment_date: ['дата последнего платежа', 'последний платеж дата'],
  last_payment_amount: ['сумма последнего платежа', 'последний платеж'],
  paid_amount: ['сумма платежей', 'оплачено', 'всего оплачено', 'сумма погашений'],
  amount_for_360_days: [
    'платежи за 360 дней',
    'платежи за год',
    'платежи за последний год',
    'сумма платежей за 360 дней',
  ],
  product_type: ['тип продукта', 'продукт', 'тип кредита'],
  loan_kind: ['вид кредита', 'вид займа', 'цель кредита'],
  stage: ['стадия', 'стадия взыскания', 'этап взыскания'],
  first_creditor: ['первоначальный кредитор', 'первичный кредитор', 'кредитор', 'банк кредитор'],
  birth_date: ['дата рождения', 'др', 'дата рождения должника', 'birth date'],
  sex: ['пол', 'пол должника', 'sex', 'gender'],
  enforcement_order_placement: [
    'местонахождение ид',
    'исполнительный документ',
    'местонахождение исполнительного документа',
  ],
  issuence_form: ['форма выдачи', 'способ выдачи'],
  dead: ['умер', 'смерть', 'умерший', 'должник умер'],
  bankruptcy: ['банкрот', 'банкротство'],
  court_order: ['судебный приказ', 'решение суда', 'судебный акт'],
  enforcement_proceedings: ['исполнительное производство', 'ип'],
  fraud: ['мошенничество', 'фрод'],
  disability: ['инвалидность', 'инвалид'],
  mls: ['млс', 'места лишения свободы'],
  military_service: ['военная служба', 'сво', 'мобилизован'],
  interact_refusal: ['отказ от взаимодействия', '230 фз'],
  impossibility_act: ['акт о невозможности взыскания', 'акт о невозможности'],
  secured_liability: ['залог', 'обеспечение', 'обеспеченный'],
  presence_participants: ['поручитель', 'поручители', 'созаемщик', 'созаемщики'],
};

type ValueShape = 'date' | 'birth' | 'region' | 'money' | 'small_int' | 'flag' | 'sex' | 'text' | 'empty';

/** What most non-empty sample values of a column look like. */
function shapeOf(values: readonly Cell[]): ValueShape {
  const present = values.filter((v) => v !== null && v !== '' && v !== undefined);
  if (present.length === 0) return 'empty';
  const all = (test: (v: Cell) => boolean) => present.every(test);
  if (all((v) => typeof v !== 'number' && !(parseSex(v) instanceof Invalid))) return 'sex';
  if (all((v) => typeof v === 'string' && !(parseDate(v) instanceof Invalid) && /[.-]/.test(v))) {
    const years = present.map((v) => Number(String(parseDate(v)).slice(0, 4)));
    return years.every((y) => y >= 1920 && y <= 2010) ? 'birth' : 'date';
  }
  if (all((v) => !(parseFlag(v) instanceof Invalid))) return 'flag';
  if (all((v) => typeof v === 'number' && Number.isInteger(v) && !(parseRegion(v) instanceof Invalid)))
    return 'region';
  if (all((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 20_000)) return 'small_int';
  if (all((v) => !(parseMoney(v) instanceof Invalid))) return 'money';
  return 'text';
}

const KIND_FITS: Readonly<Record<ValueShape, readonly string[]>> = {
  date: ['date'],
  birth: ['date'],
  region: ['region', 'integer', 'money', 'lot_number'],
  small_int: ['integer', 'money', 'lot_number'],
  money: ['money'],
  flag: ['flag'],
  sex: ['sex'],
  text: ['text', 'issuence_form'],
  empty: [],
};

/** A word's stem for matching Russian word forms: its first five letters ('задолженность' ~ 'задолженности'). */
const stem = (word: string) => word.slice(0, 5);

/** Every word of `synonym` starts a word of `header`, in order (stems for long words, whole short words). */
function containsWords(header: readonly string[], synonym: readonly string[]): boolean {
  let from = 0;
  for (const word of synonym) {
    const at = header.findIndex(
      (h, i) =>
        i >= from &&
        (word.length > 5 ? h.startsWith(stem(word)) : h === word || (word.length >= 4 && h.startsWith(word))),
    );
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

function headerScore(header: string, value: AttributeValue, text: string): number {
  if (header === '') return 0;
  if (header === normalizeHeader(text)) return 100;
  const words = header.split(' ');
  let best = 0;
  for (const synonym of SYNONYMS[value] ?? []) {
    if (header === synonym) best = Math.max(best, 90);
    else if (containsWords(words, synonym.split(' '))) best = Math.max(best, 40 + synonym.length);
  }
  return best;
}

/**
 * Suggests an attribute for each column of a custom registry from its header and up to a few sample rows;
 * null where nothing fits well. Never suggests one attribute for two columns.
 */
export function suggestColumnMatch(
  headers: readonly Cell[],
  sampleRows: readonly (readonly Cell[])[],
): (AttributeValue | null)[] {
  const pairs: { column: number; value: AttributeValue; score: number }[] = [];
  headers.forEach((h, column) => {
    const header = normalizeHeader(h);
    const isTemplateHeader = REGISTRY_ATTRIBUTES.some((a) => normalizeHeader(a.text) === header);
    if (
      !isTemplateHeader &&
      /(^| )(фио|фамилия|имя|отчество|паспорт|снилс|телефон|адрес|email|e mail|почта)( |$)/.test(header)
    )
      return;
    const shape = shapeOf(sampleRows.map((r) => r[column] ?? null));
    for (const attr of REGISTRY_ATTRIBUTES) {
      let score = headerScore(header, attr.value, attr.text);
      const fits = KIND_FITS[shape].includes(attr.kind);
      if (score > 0 && shape !== 'empty' && !fits) score -= 50;
      if (fits) {
        score += 10;
        // Shapes that name their attribute even under a meaningless header.
        if (shape === 'birth' && attr.value === 'birth_date') score += 40;
        if (shape === 'sex' && attr.value === 'sex') score += 40;
        if (shape === 'region' && attr.value === 'region_code') score += 5;
      }
      if (score >= 45) pairs.push({ column, value: attr.value, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const out: (AttributeValue | null)[] = headers.map(() => null);
  const used = new Set<AttributeValue>();
  for (const p of pairs) {
    if (out[p.column] !== null || used.has(p.value)) continue;
    out[p.column] = p.value;
    used.add(p.value);
  }
  return out;
}
