/**
 * One cell element of a worksheet, `<c r t s>` with its `<v>`, `<f>` or `<is><t>`, read in place from the bytes:
 * where its value lies, of what type and style. The scanner (sheet.ts) turns that into the cell's value.
 */
import { columnOf, isNameEnd, isSpace, MAX_EXCEL_COLUMNS, NEED_MORE, unsignedOf } from './sheetBytes.ts';
import type { TextCache } from './text.ts';

export const T_NUMBER = 0;
export const T_SHARED = 1;
const T_STR = 2;
const T_INLINE = 3;
export const T_BOOL = 4;
const T_ERROR = 5;
export const T_DATE = 6;

function typeCode(b: Buffer, start: number, end: number): number {
  const first = b[start];
  const length = end - start;
  if (first === 115) return length === 1 ? T_SHARED : T_STR; // s | str
  if (first === 110) return T_NUMBER; // n
  if (first === 98) return T_BOOL; // b
  if (first === 101) return T_ERROR; // e
  if (first === 105) return T_INLINE; // inlineStr
  if (first === 100) return T_DATE; // d
  return T_STR;
}

/** The last cell tag read; one object reused for every cell of the sheet (no allocation per cell). */
export class CellTag {
  /** 0-based column from `r`, or -1 when the tag has none (the cell follows the previous one). */
  column = -1;
  type = T_NUMBER;
  /** The cellXfs index (`s`). */
  style = 0;
  /** Bounds of the `<v>` text in the bytes, -1 without one. */
  valueStart = -1;
  valueEnd = -1;
  /** The cell has a formula (`<f>`). */
  formula = false;
  /** The cell holds an inline string, `inlineText`. */
  inline = false;
  inlineText = '';

  constructor(private readonly texts: TextCache) {}

  /** Reads the tag from `start` (after `<c`) to its `</c>`: the position after it, or NEED_MORE. */
  parse(b: Buffer, start: number, len: number): number {
    let p = start;
    let column = -1;
    let type = T_NUMBER;
    let style = 0;
    let selfClosing = false;
    for (;;) {
      let ch = b[p];
      while (ch === 32 && p < len) ch = b[++p];
      if (p + 3 >= len) return NEED_MORE;
      // Fast path: the usual ` r="A1"`, ` s="3"`, ` t="s"` (one-letter name, no spaces, double quotes).
      if (b[p + 1] === 61 && b[p + 2] === 34) {
        let q = p + 3;
        if (ch === 114) {
          // Column letters, then skip the row digits.
          let c = b[q]!;
          let col = 0;
          let letters = 0;
          while (c >= 65 && c <= 90) {
            col = col * 26 + (c - 64);
            letters++;
            c = b[++q]!;
          }
          while (q < len && b[q] !== 34) q++;
          if (q >= len) return NEED_MORE;
          // Lower-case letters or a bad reference: the careful path (which refuses past XFD).
          column = letters === 0 || letters > 3 || col > MAX_EXCEL_COLUMNS ? columnOf(b, p + 3, q) : col - 1;
        } else if (ch === 115) {
          let c = b[q]!;
          let value = 0;
          while (c >= 48 && c <= 57) {
            value = value * 10 + (c - 48);
            c = b[++q]!;
          }
          style = value;
          while (q < len && b[q] !== 34) q++;
        } else {
          const valueStart = q;
          while (q < len && b[q] !== 34) q++;
          if (ch === 116 && q < len) type = typeCode(b, valueStart, q);
        }
        if (q >= len) return NEED_MORE;
        p = q + 1;
        continue;
      }
      while (p < len && isSpace(b[p]!)) p++;
      if (p >= len) return NEED_MORE;
      ch = b[p];
      if (ch === 62) {
        p++;
        break;
      }
      if (ch === 47) {
        p += 2;
        selfClosing = true;
        if (p > len) return NEED_MORE;
        break;
      }
      const nameStart = p;
      while (p < len && b[p] !== 61) p++;
      if (p >= len) return NEED_MORE;
      let nameEnd = p;
      while (nameEnd > nameStart && isSpace(b[nameEnd - 1]!)) nameEnd--;
      p++;
      while (p < len && isSpace(b[p]!)) p++;
      if (p >= len) return NEED_MORE;
      const quote = b[p++];
      const valueStart = p;
      while (p < len && b[p] !== quote) p++;
      if (p >= len) return NEED_MORE;
      const valueEnd = p++;
      if (nameEnd - nameStart === 1) {
        const name = b[nameStart];
        if (name === 114) column = columnOf(b, valueStart, valueEnd);
        else if (name === 116) type = typeCode(b, valueStart, valueEnd);
        else if (name === 115) style = unsignedOf(b, valueStart, valueEnd);
      }
    }
    let valueStart = -1;
    let valueEnd = -1;
    let formula = false;
    let inline = false;
    if (!selfClosing) {
      for (;;) {
        while (p < len && b[p] !== 60) p++;
        if (p + 3 >= len) return NEED_MORE;
        const c1 = b[p + 1];
        if (c1 === 47) {
          if (b[p + 2] === 99 && b[p + 3] === 62) {
            p += 4;
            break;
          }
        } else if (c1 === 118 && isNameEnd(b[p + 2]!)) {
          let gt = p + 2;
          while (gt < len && b[gt] !== 62) gt++;
          if (gt >= len) return NEED_MORE;
          if (b[gt - 1] === 47) {
            p = gt + 1;
            continue;
          }
          let q = gt + 1;
          while (q < len && b[q] !== 60) q++;
          if (q >= len) return NEED_MORE;
          valueStart = gt + 1;
          valueEnd = q;
          p = q;
          continue;
        } else if (c1 === 102 && isNameEnd(b[p + 2]!)) {
          formula = true;
          let gt = p + 2;
          while (gt < len && b[gt] !== 62) gt++;
          if (gt >= len) return NEED_MORE;
          if (b[gt - 1] === 47) {
            p = gt + 1;
            continue;
          }
          let q = gt + 1;
          while (q < len && b[q] !== 60) q++;
          if (q >= len) return NEED_MORE;
          p = q;
          continue;
        } else if (c1 === 105 && b[p + 2] === 115 && isNameEnd(b[p + 3]!)) {
          const next = this.inlineString(b, p + 3, len);
          if (next === NEED_MORE) return NEED_MORE;
          inline = true;
          p = next;
          continue;
        }
        let gt = p + 1;
        while (gt < len && b[gt] !== 62) gt++;
        if (gt >= len) return NEED_MORE;
        p = gt + 1;
      }
    }
    this.column = column;
    this.type = type;
    this.style = style;
    this.valueStart = valueStart;
    this.valueEnd = valueEnd;
    this.formula = formula;
    this.inline = inline;
    return p;
  }

  /** <is> ... </is>: every <t> concatenated (rich runs), <rPh> phonetic runs left out. */
  private inlineString(b: Buffer, start: number, len: number): number {
    let p = start;
    while (p < len && b[p] !== 62) p++;
    if (p >= len) return NEED_MORE;
    let text = '';
    if (b[p - 1] === 47) {
      this.inlineText = text;
      return p + 1;
    }
    p++;
    for (;;) {
      while (p < len && b[p] !== 60) p++;
      if (p + 4 >= len) return NEED_MORE;
      const c1 = b[p + 1];
      if (c1 === 47 && b[p + 2] === 105 && b[p + 3] === 115 && b[p + 4] === 62) {
        this.inlineText = text;
        return p + 5;
      }
      let gt = p + 1;
      while (gt < len && b[gt] !== 62) gt++;
      if (gt >= len) return NEED_MORE;
      if (c1 === 116 && isNameEnd(b[p + 2]!) && b[gt - 1] !== 47) {
        // Texts can be long (openpyxl writes Cyrillic as &#NNNN;): find the end natively, decode through the cache.
        const q = b.indexOf(60, gt + 1);
        if (q < 0) return NEED_MORE;
        text += this.texts.decode(b, gt + 1, q);
        p = q;
        continue;
      }
      if (c1 === 114 && b[p + 2] === 80 && b[p + 3] === 104 && b[gt - 1] !== 47) {
        const close = b.indexOf('</rPh>', gt, 'latin1');
        if (close < 0) return NEED_MORE;
        p = close + 6;
        continue;
      }
      p = gt + 1;
    }
  }
}
