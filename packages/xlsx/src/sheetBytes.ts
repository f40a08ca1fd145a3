/**
 * Byte-level reading of worksheet XML for the scanner (sheet.ts, cellTag.ts): character classes, cell references,
 * unsigned and decimal numbers read straight from the bytes, without making strings.
 */
import { XlsxError } from './errors.ts';

export const MAX_EXCEL_COLUMNS = 16384; // XFD
export const MAX_EXCEL_ROWS = 1048576;

/** A tag cut by the chunk's end: the scanner carries it over to the next chunk. */
export const NEED_MORE = -1;

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** "A", "Z", "AA"… for a 0-based column. */
export function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function isSpace(byte: number): boolean {
  return byte === 32 || byte === 10 || byte === 13 || byte === 9;
}

export function isNameEnd(byte: number): boolean {
  return byte === 62 || byte === 47 || byte === 32 || byte === 10 || byte === 13 || byte === 9;
}

/** Column index (0 = A) from a cell reference like "AB12"; letters only are read. */
export function columnOf(b: Buffer, start: number, end: number): number {
  let column = 0;
  let letters = 0;
  for (let i = start; i < end; i++) {
    const ch = b[i]!;
    if (ch >= 65 && ch <= 90) column = column * 26 + (ch - 64);
    else if (ch >= 97 && ch <= 122) column = column * 26 + (ch - 96);
    else break;
    if (++letters > 3) throw new XlsxError('corrupt', 'column reference beyond XFD');
  }
  if (letters === 0) throw new XlsxError('corrupt', 'cell reference without a column');
  if (column > MAX_EXCEL_COLUMNS) throw new XlsxError('corrupt', 'column reference beyond XFD');
  return column - 1;
}

export function unsignedOf(b: Buffer, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const ch = b[i]!;
    if (ch < 48 || ch > 57) return -1;
    value = value * 10 + (ch - 48);
  }
  return end > start ? value : -1;
}

/** Decimal text to a number; exact (correctly rounded) on the fast path of up to 15 significant digits. */
export function numberOf(b: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (b[i] === 45) {
    negative = true;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let dot = false;
  for (; i < end; i++) {
    const ch = b[i]!;
    if (ch >= 48 && ch <= 57) {
      mantissa = mantissa * 10 + (ch - 48);
      digits++;
      if (dot) scale++;
    } else if (ch === 46 && !dot) {
      dot = true;
    } else {
      digits = 99;
      break;
    }
  }
  if (digits === 0 || digits > 15) {
    const text = b.toString('latin1', start, end).trim();
    return text === '' ? Number.NaN : Number(text);
  }
  const value = scale === 0 ? mantissa : mantissa / POW10[scale]!;
  return negative ? -value : value;
}

/** An ISO date cell (t="d") as a date, or a date and time when the time is not midnight. */
export function isoOfDateCell(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= 10) return trimmed;
  const dateTime = trimmed.slice(0, 19);
  return dateTime.endsWith('T00:00:00') ? dateTime.slice(0, 10) : dateTime;
}
