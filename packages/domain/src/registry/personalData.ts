/**
 * Personal-data detection (decisions/0043): full names, passports, SNILS, phones, e-mails and street addresses in
 * any column, counted per column with the first row numbers (never the values). A one-pass character census of
 * each text cell decides which (if any) pattern is worth trying, so clean cells cost a few nanoseconds.
 */
import { normalizeHeader, TEMPLATE_HEADERS } from './attributes.ts';
import type { Cell } from './types.ts';
import { columnLetter } from './types.ts';

export type PersonalDataKind = 'full_name' | 'passport' | 'snils' | 'phone' | 'email' | 'address';

export const PERSONAL_DATA_LABELS: Readonly<Record<PersonalDataKind, string>> = {
  full_name: 'ФИО',
  passport: 'Паспортные данные',
  snils: 'СНИЛС',
  phone: 'Номер телефона',
  email: 'Адрес электронной почты',
  address: 'Адрес',
};

interface PersonalDataFinding {
  column: string;
  columnIndex: number;
  header: string;
  kind: PersonalDataKind;
  count: number;
  /** The first rows (up to PERSONAL_DATA_SAMPLE_ROWS) where it was found. */
  rows: number[];
  /** Found because the header names personal data rather than by the values. */
  byHeader: boolean;
}

const PERSONAL_DATA_SAMPLE_ROWS = 5;
/** Clean texts remembered per column (a power of two). */
const CLEAN_SLOTS = 16;

export interface PersonalDataScanner {
  scan(cells: readonly Cell[], rowNumber: number): void;
  findings(): PersonalDataFinding[];
  readonly found: boolean;
}

const PATRONYMIC = '(?:вич|вна|чна|ична|инична|оглы|кызы|улы|уулу)';
const CAP = '[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?';
const FULL_NAME = new RegExp(
  `(?:^|[^А-Яа-яЁё])(?:${CAP}\\s+${CAP}\\s+[А-ЯЁ][а-яё]*${PATRONYMIC}(?![а-яё])|${CAP}\\s+[А-ЯЁ][а-яё]*${PATRONYMIC}\\s+${CAP}(?![а-яё])|${CAP}\\s+${CAP}\\s+${CAP}\\s+(?:оглы|кызы|улы|уулу)(?![а-яё]))`,
  'u',
);
const INITIALS =
  /(?:^|[^А-Яа-яЁё])(?:[А-ЯЁ][а-яё]{1,}(?:-[А-ЯЁ][а-яё]+)?\s+[А-ЯЁ]\.\s?[А-ЯЁ]\.|[А-ЯЁ]\.\s?[А-ЯЁ]\.\s?[А-ЯЁ][а-яё]{2,})/u;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const PHONE = /(?:^|[^\d])(?:\+7|8|7)[\s\-(]*\d{3}[\s\-)]*\d{3}[\s-]?\d{2}[\s-]?\d{2}(?!\d)/;
const PASSPORT = /(?:^|[^\d/-])(\d{2})\s?(\d{2})\s*(?:№\s*)?(\d{6})(?![\d/-])/;
const PASSPORT_WORD = /паспорт|серия/i;
const SNILS = /(?:^|[^\d])(\d{3})[- ](\d{3})[- ](\d{3})[- ](\d{2})(?!\d)/;
const STREET =
  /(?:^|[\s,.])(?:ул\.|улица|пр-т|пр-кт|проспект|пер\.|переулок|ш\.|шоссе|б-р|бульвар|наб\.|набережная|пл\.|площадь|мкр\.?|микрорайон)\s*[А-ЯЁA-Z0-9]/iu;
const STREET_AFTER =
  /[А-ЯЁ][а-яё]+\s+(?:улица|ул\.|проспект|пр-т|переулок|пер\.|шоссе|бульвар|набережная|площадь)(?![а-яё])/u;
const HOUSE = /(?:^|[\s,.])(?:д\.|дом|кв\.|квартира|корп\.|стр\.)\s*\d/iu;
const CITY = /(?:^|[\s,])(?:г\.|город|пос\.|с\.|дер\.)\s*[А-ЯЁ]/u;

const HEADER_KINDS: readonly (readonly [RegExp, PersonalDataKind])[] = [
  [/(^|[^а-я])(фио|ф\s?и\s?о|фамилия|имя|отчество)([^а-я]|$)/, 'full_name'],
  [/паспорт/, 'passport'],
  [/снилс/, 'snils'],
  [/(^|[^а-я])(телефон|тел|мобильный)([^а-я]|$)/, 'phone'],
  [/e-?mail|эл(ектронн\S*)? почт|^почта/, 'email'],
  [/(^|[^а-я])адрес/, 'address'],
];

/** A valid SNILS checksum (numbers up to 001-001-998 carry no checksum and are not accepted). */
export function snilsChecksumOk(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const body = digits.slice(0, 9);
  if (Number(body) <= 1001998) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (9 - i);
  let check = sum % 101;
  if (check === 100) check = 0;
  return check === Number(digits.slice(9));
}

/** What a text cell looks like, from one pass over its characters. */
function classify(text: string): PersonalDataKind | null {
  let digits = 0;
  let upperCyr = 0;
  /** Capitalised Cyrillic words: a capital after a non-letter, followed by a small letter ('Иванов', not 'ООО'). */
  let capWords = 0;
  let prevLetter = false;
  let pendingCap = false;
  let lowerCyr = 0;
  let spaces = 0;
  let dots = 0;
  let at = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x410 && c <= 0x42f) || c === 0x401) {
      upperCyr++;
      pendingCap = !prevLetter;
      prevLetter = true;
      continue;
    }
    if ((c >= 0x430 && c <= 0x44f) || c === 0x451) {
      lowerCyr++;
      if (pendingCap) capWords++;
      pendingCap = false;
      prevLetter = true;
      continue;
    }
    pendingCap = false;
    prevLetter = c === 45 ? prevLetter : false;
    if (c >= 48 && c <= 57) digits++;
    else if (c === 32 || c === 0xa0) spaces++;
    else if (c === 46) dots++;
    else if (c === 64) at = true;
  }
  if (at && EMAIL.test(text)) return 'email';
  if (digits >= 10) {
    if (digits <= 13 && PHONE.test(text)) return 'phone';
    if (digits <= 13 && SNILS.test(text)) {
      const m = SNILS.exec(text)!;
      if (snilsChecksumOk(`${m[1]}${m[2]}${m[3]}${m[4]}`)) return 'snils';
    }
    if (
      PASSPORT.test(text) &&
      (PASSPORT_WORD.test(text) || /^\s*\d{2}\s?\d{2}\s*№?\s*\d{6}\s*$/.test(text))
    ) {
      const m = PASSPORT.exec(text)!;
      // A 4+6 layout with a space or a № (a bare ten-digit run is too often a contract or account number).
      if (/\s|№/.test(text.trim()) && m[1] !== '00') return 'passport';
    }
  }
  if (capWords >= 1 && upperCyr >= 2 && lowerCyr >= 4 && (spaces >= 1 || dots >= 2)) {
    if (capWords >= 3 && spaces >= 2 && FULL_NAME.test(text)) return 'full_name';
    if (dots >= 2 && INITIALS.test(text)) return 'full_name';
  }
  if (digits >= 1 && lowerCyr >= 3 && (dots >= 1 || spaces >= 2)) {
    if ((STREET.test(text) || STREET_AFTER.test(text)) && (HOUSE.test(text) || CITY.test(text)))
      return 'address';
    if (CITY.test(text) && HOUSE.test(text)) return 'address';
  }
  return null;
}

/** An 11-digit number stored as a number: a mobile phone (7/8 then 9) or a SNILS with its checksum. */
function classifyNumber(n: number): PersonalDataKind | null {
  if (n < 10_000_000_000 || n > 99_999_999_999 || !Number.isInteger(n)) return null;
  const s = String(n);
  if ((s[0] === '7' || s[0] === '8') && s[1] === '9') return 'phone';
  return null;
}

const FLAG_LIKE = /^(|да|нет|1|0|true|false|\+|-|истина|ложь|есть)$/i;
/** The template's own headers (e.g. 'Телефон должника известен', a yes/no flag) never count as personal data. */
const TEMPLATE_HEADER_SET = new Set(TEMPLATE_HEADERS.map((h) => normalizeHeader(h)));

/** @param headers the file's header row, for columns whose header names personal data. */
export function createPersonalDataScanner(headers: readonly Cell[] = []): PersonalDataScanner {
  const byHeader: (PersonalDataKind | null)[] = headers.map((h) => {
    if (TEMPLATE_HEADER_SET.has(normalizeHeader(h))) return null;
    const t = h === null ? '' : String(h).toLowerCase().replace(/ё/g, 'е');
    for (const [re, kind] of HEADER_KINDS) if (re.test(t)) return kind;
    return null;
  });
  // Findings keyed by column * 8 + kind index.
  const KINDS: PersonalDataKind[] = ['full_name', 'passport', 'snils', 'phone', 'email', 'address'];
  const found = new Map<number, PersonalDataFinding>();
  const record = (column: number, kind: PersonalDataKind, row: number, header: boolean) => {
    const key = column * 8 + KINDS.indexOf(kind);
    let f = found.get(key);
    if (!f) {
      f = {
        column: columnLetter(column),
        columnIndex: column,
        header: headers[column] === null || headers[column] === undefined ? '' : String(headers[column]),
        kind,
        count: 0,
        rows: [],
        byHeader: header,
      };
      found.set(key, f);
    }
    f.count += 1;
    if (f.rows.length < PERSONAL_DATA_SAMPLE_ROWS) f.rows.push(row);
  };

  const clean: (string | undefined)[] = [];

  return {
    get found() {
      return found.size > 0;
    },
    scan(cells, rowNumber) {
      for (let c = 0; c < cells.length; c++) {
        const cell = cells[c];
        if (cell === null || cell === undefined || typeof cell === 'boolean') continue;
        let kind: PersonalDataKind | null;
        if (typeof cell === 'number') kind = cell >= 10_000_000_000 ? classifyNumber(cell) : null;
        else if (cell.length < 6) kind = null;
        else {
          // Columns repeat their values (product types, creditors, stages; shared strings are even the same
          // objects): a small per-column cache of clean texts, slotted by length and first letter, skips them.
          const slot = c * CLEAN_SLOTS + ((cell.length * 31 + cell.charCodeAt(0)) & (CLEAN_SLOTS - 1));
          if (clean[slot] === cell) kind = null;
          else {
            kind = classify(cell);
            if (kind === null) clean[slot] = cell;
          }
        }
        if (kind !== null) {
          record(c, kind, rowNumber, false);
          continue;
        }
        const headerKind = byHeader[c];
        if (headerKind && !FLAG_LIKE.test(String(cell).trim())) record(c, headerKind, rowNumber, true);
      }
    },
    findings() {
      return [...found.values()].sort(
        (a, b) => a.columnIndex - b.columnIndex || a.kind.localeCompare(b.kind),
      );
    },
  };
}
