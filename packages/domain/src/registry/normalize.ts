/**
 * Cell normalisation: a registry cell (number, text, boolean or empty) to the typed value of its attribute.
 * Each parser returns the value, null for an empty cell, or a `Invalid` with the Russian message. Hot path: no
 * allocation for valid cells.
 */
import { MSG } from './messages.ts';
import type { Cell, Sex } from './types.ts';

export class Invalid {
  constructor(readonly message: string) {}
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x202f;

/** Empty, or only spaces: checks the ends first so that ordinary text costs two character reads. */
function isBlank(cell: Cell | undefined): cell is null | undefined | '' {
  if (cell === null || cell === undefined || cell === '') return true;
  if (typeof cell !== 'string') return false;
  if (!isSpace(cell.charCodeAt(0)) && !isSpace(cell.charCodeAt(cell.length - 1))) return false;
  return cell.trim() === '';
}

/** Trimmed text of a cell, null when empty. */
export function parseText(cell: Cell | undefined): string | null {
  if (isBlank(cell)) return null;
  if (typeof cell === 'string') {
    if (!isSpace(cell.charCodeAt(0)) && !isSpace(cell.charCodeAt(cell.length - 1))) return cell;
    return cell.trim();
  }
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : String(cell);
  return cell ? 'да' : 'нет';
}

/** Spaces of every kind people and Excel put inside numbers. */
const SPACES = /[\s\u00a0\u202f\u2009']/g;
const MONEY_TEXT = /^(-?)(\d+)(?:[.,](\d+))?$/;

/** Rubles (number or text '1 234,56') to kopecks; at most two decimals; never negative. */
export function parseMoney(cell: Cell | undefined): number | null | Invalid {
  if (isBlank(cell)) return null;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return new Invalid(MSG.moneyFormat);
    if (cell < 0) return new Invalid(MSG.moneyNegative);
    const kopecks = Math.round(cell * 100);
    // Float noise of a cached formula value (1234.5600000001) is not a third decimal; a real one is ≥ 0.1 kopeck.
    if (Math.abs(kopecks - cell * 100) > 1e-6 + Math.abs(cell) * 1e-10) return new Invalid(MSG.moneyDecimals);
    if (!Number.isSafeInteger(kopecks)) return new Invalid(MSG.moneyTooBig);
    return kopecks;
  }
  if (typeof cell === 'boolean') return new Invalid(MSG.moneyFormat);
  let text = cell.replace(SPACES, '');
  if (text.endsWith('₽')) text = text.slice(0, -1);
  else if (/руб\.?$/i.test(text)) text = text.replace(/руб\.?$/i, '');
  const m = MONEY_TEXT.exec(text);
  if (!m) return new Invalid(MSG.moneyFormat);
  if (m[1] === '-' && /[1-9]/.test(text)) return new Invalid(MSG.moneyNegative);
  const fraction = m[3] ?? '';
  if (fraction.length > 2) return new Invalid(MSG.moneyDecimals);
  const kopecks = Number(m[2]) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kopecks)) return new Invalid(MSG.moneyTooBig);
  return kopecks;
}

/** A whole number of days (DPD, DPLP): 0 or more. */
export function parseDays(cell: Cell | undefined): number | null | Invalid {
  if (isBlank(cell)) return null;
  let n: number;
  if (typeof cell === 'number') n = cell;
  else if (typeof cell === 'string' && /^-?\d+$/.test(cell.replace(SPACES, '')))
    n = Number(cell.replace(SPACES, ''));
  else return new Invalid(MSG.integerFormat);
  if (!Number.isInteger(n)) return new Invalid(MSG.integerFormat);
  if (n < 0) return new Invalid(MSG.daysNegative);
  if (n > 100_000) return new Invalid(MSG.daysTooBig);
  return n;
}

/** A lot number for manual splitting: an integer above 0. */
export function parseLotNumber(cell: Cell | undefined): number | null | Invalid {
  if (isBlank(cell)) return null;
  const n =
    typeof cell === 'number'
      ? cell
      : typeof cell === 'string'
        ? Number(cell.replace(SPACES, ''))
        : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) return new Invalid(MSG.lotNumber);
  return n;
}

const REGION_CODE_MIN = 1;
const REGION_CODE_MAX = 95;

/** A subject code 01–95 (text or number; '7' is 07). */
export function parseRegion(cell: Cell | undefined): number | null | Invalid {
  if (isBlank(cell)) return null;
  const text = typeof cell === 'string' ? cell.trim() : cellString(cell);
  const n = typeof cell === 'number' ? cell : /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < REGION_CODE_MIN || n > REGION_CODE_MAX)
    return new Invalid(MSG.regionUnknown(text));
  return n;
}

const cellString = (cell: Cell) => (cell === null ? '' : String(cell));

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug makes serials from 61 on line up with this epoch). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Serials accepted as dates: 1900-03-01 (61) to 2099-12-31 (73050). */
const EXCEL_SERIAL_MIN = 61;
const EXCEL_SERIAL_MAX = 73_050;
const DATE_YEAR_MIN = 1900;
const DATE_YEAR_MAX = 2099;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/;
const RU_DATE = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?:\s+[\d:]+)?$/;

function isoOf(y: number, m: number, d: number): string | Invalid {
  if (y < DATE_YEAR_MIN || y > DATE_YEAR_MAX) return new Invalid(MSG.dateRange);
  if (m < 1 || m > 12 || d < 1 || d > 31) return new Invalid(MSG.dateImpossible);
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1) return new Invalid(MSG.dateImpossible);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** ISO text (what the reader gives for date-styled cells), 'ДД.ММ.ГГГГ' text, or an Excel serial number. */
export function parseDate(cell: Cell | undefined): string | null | Invalid {
  if (isBlank(cell)) return null;
  if (typeof cell === 'number') return serialToIso(cell);
  if (typeof cell === 'boolean') return new Invalid(MSG.dateFormat);
  if (cell.length === 10 && isCanonicalIso(cell)) return cell;
  const text = cell.trim();
  let m = ISO_DATE.exec(text);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = RU_DATE.exec(text);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  if (/^\d{2,5}(?:[.,]\d+)?$/.test(text)) return serialToIso(Number(text.replace(',', '.')));
  return new Invalid(MSG.dateFormat);
}

const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'YYYY-MM-DD' that is a real day within the accepted years (the reader's form of date-styled cells). */
function isCanonicalIso(s: string): boolean {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  let y = 0;
  for (let i = 0; i < 4; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return false;
    y = y * 10 + c;
  }
  const m1 = s.charCodeAt(5) - 48;
  const m2 = s.charCodeAt(6) - 48;
  const d1 = s.charCodeAt(8) - 48;
  const d2 = s.charCodeAt(9) - 48;
  if (m1 < 0 || m1 > 1 || m2 < 0 || m2 > 9 || d1 < 0 || d1 > 3 || d2 < 0 || d2 > 9) return false;
  const m = m1 * 10 + m2;
  const d = d1 * 10 + d2;
  if (y < DATE_YEAR_MIN || y > DATE_YEAR_MAX || m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m]!)
    return false;
  return m !== 2 || d < 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}

function serialToIso(serial: number): string | Invalid {
  if (!Number.isFinite(serial) || serial < EXCEL_SERIAL_MIN || serial >= EXCEL_SERIAL_MAX + 1)
    return new Invalid(MSG.dateSerial);
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);
}

const MALE = new Set(['м', 'муж', 'мужской', 'male', 'm', 'мужчина']);
const FEMALE = new Set(['ж', 'жен', 'женский', 'female', 'f', 'женщина']);

export function parseSex(cell: Cell | undefined): Sex | null | Invalid {
  if (cell === 'М') return 'male';
  if (cell === 'Ж') return 'female';
  if (isBlank(cell)) return null;
  const t = String(cell).trim().toLowerCase().replace(/\.$/, '');
  if (MALE.has(t)) return 'male';
  if (FEMALE.has(t)) return 'female';
  return new Invalid(MSG.sex);
}

const YES = new Set(['да', '1', 'true', '+', 'истина', 'yes', 'д', 'есть']);
const NO = new Set(['нет', '0', 'false', '-', 'ложь', 'no', 'н', '–', '—']);

/** A yes/no flag: да/нет, 1/0, true/false, +/-; empty is no. */
export function parseFlag(cell: Cell | undefined): boolean | Invalid {
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') {
    if (cell === 1) return true;
    if (cell === 0) return false;
    return new Invalid(MSG.flag);
  }
  // The usual spellings first, without trimming or lower-casing.
  switch (cell) {
    case 'нет':
    case 'Нет':
    case '0':
    case '':
      return false;
    case 'да':
    case 'Да':
    case '1':
      return true;
  }
  const t = cell.trim().toLowerCase();
  if (t === '' || NO.has(t)) return false;
  if (YES.has(t)) return true;
  return new Invalid(MSG.flag);
}

export type IssuenceForm = 'e_form' | 'paper_form';

export function parseIssuenceForm(cell: Cell | undefined): IssuenceForm | null | Invalid {
  if (cell === 'электронная' || cell === 'Электронная') return 'e_form';
  if (cell === 'бумажная' || cell === 'Бумажная') return 'paper_form';
  if (isBlank(cell)) return null;
  const t = String(cell).trim().toLowerCase();
  if (/^(электрон|эл\.?$|онлайн|online|дистанц|e_form|цифров)/.test(t)) return 'e_form';
  if (/^(бумаж|paper|офлайн|offline|в офисе|очн)/.test(t)) return 'paper_form';
  return new Invalid(MSG.issuenceForm);
}
