/** Classifiers of a portfolio offered in the wizard and shown on cards (spec 3 §3 Dictionaries). */
import type { DictionaryItem, DictionaryKey } from '@etp/contracts';

type Entry = [value: string, text: string, except?: string[]];

const NOT_B2B = ['bank_to_bank'];

const RAW: Record<DictionaryKey, Entry[]> = {
  activities: [
    ['banking', 'Банковская деятельность'],
    ['microfinance', 'Микрофинансовая деятельность'],
    ['collection', 'Профессиональная коллекторская деятельность', NOT_B2B],
    ['housing', 'Жилищно-коммунальные услуги', NOT_B2B],
    ['telecom', 'Услуги связи', NOT_B2B],
    ['energy', 'Энерго- и газоснабжение', NOT_B2B],
    ['leasing', 'Лизинг'],
    ['retail', 'Торговля и услуги', NOT_B2B],
    ['other', 'Прочая деятельность'],
  ],
  source_kinds: [
    ['overdue_loans', 'Просроченная задолженность', NOT_B2B],
    ['active_loan', 'Непросроченная задолженность'],
    ['court_decisions', 'Задолженность с решением суда', NOT_B2B],
    ['enforcement', 'Задолженность на исполнительном производстве', NOT_B2B],
    ['written_off', 'Списанная задолженность', NOT_B2B],
    ['bankruptcy', 'Задолженность должников-банкротов', NOT_B2B],
  ],
  source_debtor_types: [
    ['individuals', 'Физические лица'],
    ['individual_entrepreneurs', 'Индивидуальные предприниматели'],
    ['legal_entities', 'Юридические лица'],
    ['mixed', 'Смешанный портфель'],
  ],
};

export const DICTIONARIES: Record<DictionaryKey, DictionaryItem[]> = Object.fromEntries(
  Object.entries(RAW).map(([key, entries]) => [
    key,
    entries.map(([value, text, except], index) => ({ index, value, text, except: except ?? [] })),
  ]),
) as Record<DictionaryKey, DictionaryItem[]>;

/** The Russian text of a dictionary value, or null when the value is unknown or empty. */
export function dictionaryText(key: DictionaryKey, value: string | null | undefined): string | null {
  if (!value) return null;
  return DICTIONARIES[key].find((item) => item.value === value)?.text ?? null;
}
