/**
 * The worksheet scanner: a hand-written byte-level state machine over the inflated sheet XML, fed chunk by
 * chunk. It understands only what a worksheet's cells need (<row>, <c r t s>, <v>, <f>, <is><t>) and skips
 * every other tag. A cell or row tag cut by a chunk boundary is carried over to the next chunk whole.
 */
import { serialToIso } from './dates.ts';
import { notUtf8Message, XLSX_LIMITS, XlsxError } from './errors.ts';
import { decodeText, TextCache } from './text.ts';

export type Cell = string | number | boolean | null;

export interface ScannerOptions {
  sharedStrings: { get(index: number): string | undefined };
  /** 1 for a cellXfs index whose number format shows a date or time. */
  dateStyles: Uint8Array;
  date1904: boolean;
  maxColumns: number;
  maxRows: number;
  onRow: (cells: Cell[], rowNumber: number) => void;
}

export const MAX_EXCEL_COLUMNS = 16384; // XFD
export const MAX_EXCEL_ROWS = 1048576;
/**
 * A single cell or tag longer than this is not a spreadsheet: Excel's longest cell (32,767 characters, as
 * character references, in rich-text runs) stays well below it.
 */
const MAX_CARRY = 16 * 1024 * 1024;
const NEED_MORE = -1;

const T_NUMBER = 0;
const T_SHARED = 1;
const T_STR = 2;
const T_INLINE = 3;
const T_BOOL = 4;
const T_ERROR = 5;
const T_DATE = 6;

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

const groups = (n: number) => n.toLocaleString('ru-RU').replace(/\s/g, ' ');

/** "A", "Z", "AA"… for a 0-based column. */
export function columnLetters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function isSpace(byte: number): boolean {
  return byte === 32 || byte === 10 || byte === 13 || byte === 9;
}

function isNameEnd(byte: number): boolean {
  return byte === 62 || byte === 47 || byte === 32 || byte === 10 || byte === 13 || byte === 9;
}

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

/** Column index (0 = A) from a cell reference like "AB12"; letters only are read. */
function columnOf(b: Buffer, start: number, end: number): number {
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

function unsignedOf(b: Buffer, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const ch = b[i]!;
    if (ch < 48 || ch > 57) return -1;
    value = value * 10 + (ch - 48);
  }
  return end > start ? value : -1;
}

/** Decimal text to a number; exact (correctly rounded) on the fast path of up to 15 significant digits. */
function numberOf(b: Buffer, start: number, end: number): number {
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

function isoOfDateCell(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= 10) return trimmed;
  const dateTime = trimmed.slice(0, 19);
  return dateTime.endsWith('T00:00:00') ? dateTime.slice(0, 10) : dateTime;
}

export class SheetScanner {
  rows = 0;
  columns = 0;
  formulasWithoutValue = 0;

  private readonly sharedStrings: ScannerOptions['sharedStrings'];
  private readonly dateStyles: Uint8Array;
  private readonly date1904: boolean;
  private readonly maxColumns: number;
  private readonly maxRows: number;
  private readonly onRow: (cells: Cell[], rowNumber: number) => void;

  private carry: Buffer | null = null;
  /** Chunks that came after the carried tag, not yet joined to it. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly row: Cell[] = [];
  private width = 0;
  private rowNumber = 0;
  private lastColumn = -1;
  private inRow = false;
  private inlineText = '';
  private readonly texts = new TextCache();

  constructor(options: ScannerOptions) {
    this.sharedStrings = options.sharedStrings;
    this.dateStyles = options.dateStyles;
    this.date1904 = options.date1904;
    this.maxColumns = Math.min(options.maxColumns, MAX_EXCEL_COLUMNS);
    this.maxRows = options.maxRows;
    this.onRow = options.onRow;
  }

  feed(chunk: Buffer): void {
    let bytes = chunk;
    if (this.carry) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      if (this.carry.length + this.pendingBytes > MAX_CARRY) this.tooLong();
      // A cut tag is scanned again only once at least as many bytes as it holds have come after it: each byte is
      // copied and scanned a bounded number of times, however long the cell (linear time, not quadratic).
      if (this.pendingBytes < this.carry.length) return;
      bytes = Buffer.concat([this.carry, ...this.pending]);
      this.carry = null;
      this.pending = [];
      this.pendingBytes = 0;
    }
    const consumed = this.scan(bytes);
    if (consumed < bytes.length) {
      if (bytes.length - consumed > MAX_CARRY) this.tooLong();
      this.carry = bytes.subarray(consumed);
    }
  }

  private tooLong(): never {
    throw new XlsxError('cell_too_long', `a tag longer than ${MAX_CARRY} bytes after row ${this.rowNumber}`);
  }

  /** After the last chunk: a row left open means the sheet XML is cut. */
  end(): void {
    if (this.carry) {
      // A short tag at the very end waits for bytes that never come: feed whitespace to settle it.
      const rest = this.carry;
      this.carry = null;
      const padded = Buffer.concat([rest, ...this.pending, Buffer.from('        ')]);
      this.pending = [];
      this.pendingBytes = 0;
      this.scan(padded);
    }
    if (this.inRow) throw new XlsxError('corrupt', 'sheet ends inside a row');
  }

  private scan(b: Buffer): number {
    const len = b.length;
    let p = 0;
    for (;;) {
      let i = p;
      while (i < len && b[i] !== 60) i++;
      if (i >= len) return len;
      if (i + 5 >= len) return i;
      const c1 = b[i + 1]!;
      if (c1 === 99) {
        if (isNameEnd(b[i + 2]!)) {
          const next = this.locatedCell(b, i, len);
          if (next === NEED_MORE) return i;
          p = next;
          continue;
        }
      } else if (c1 === 114) {
        if (b[i + 2] === 111 && b[i + 3] === 119 && isNameEnd(b[i + 4]!)) {
          const next = this.rowStart(b, i + 4, len);
          if (next === NEED_MORE) return i;
          p = next;
          continue;
        }
      } else if (c1 === 47) {
        if (b[i + 2] === 114 && b[i + 3] === 111 && b[i + 4] === 119 && b[i + 5] === 62) {
          this.rowEnd();
          p = i + 6;
          continue;
        }
      } else if (c1 === 33) {
        const next = this.declaration(b, i, len);
        if (next === NEED_MORE) return i;
        p = next;
        continue;
      }
      let g = i + 1;
      while (g < len && b[g] !== 62) g++;
      if (g >= len) return i;
      p = g + 1;
    }
  }

  /** <!DOCTYPE, <!ENTITY are refused; <!-- comments --> and <![CDATA[ ]]> outside cells are skipped. */
  private declaration(b: Buffer, i: number, len: number): number {
    if (i + 9 >= len) return NEED_MORE;
    const word = b.toString('latin1', i + 2, i + 9).toUpperCase();
    if (word.startsWith('DOCTYPE') || word.startsWith('ENTITY')) {
      throw new XlsxError('dtd', 'DOCTYPE or ENTITY in the sheet');
    }
    const close = word.startsWith('--') ? '-->' : word.startsWith('[CDATA[') ? ']]>' : '>';
    const end = b.indexOf(close, i + 2, 'latin1');
    return end < 0 ? NEED_MORE : end + close.length;
  }

  private rowStart(b: Buffer, start: number, len: number): number {
    let p = start;
    let number = -1;
    let selfClosing = false;
    for (;;) {
      while (p < len && isSpace(b[p]!)) p++;
      if (p >= len) return NEED_MORE;
      const ch = b[p];
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
      if (nameEnd - nameStart === 1 && b[nameStart] === 114) {
        number = unsignedOf(b, valueStart, valueEnd);
        if (number < 1) throw new XlsxError('corrupt', 'bad row number');
      }
    }
    if (this.inRow) this.rowEnd();
    const rowNumber = number > 0 ? number : this.rowNumber + 1;
    if (rowNumber > MAX_EXCEL_ROWS) throw new XlsxError('corrupt', 'row beyond 1048576');
    this.rowNumber = rowNumber;
    this.lastColumn = -1;
    this.inRow = !selfClosing;
    return p;
  }

  private rowEnd(): void {
    this.inRow = false;
    const width = this.width;
    if (width === 0) return;
    if (++this.rows > this.maxRows) {
      throw new XlsxError(
        'too_many_rows',
        `more than ${this.maxRows} rows`,
        `В файле больше ${groups(this.maxRows)} строк с данными: разделите его на несколько файлов`,
      );
    }
    if (width > this.columns) this.columns = width;
    const row = this.row;
    row.length = width;
    this.onRow(row, this.rowNumber);
    for (let i = 0; i < width; i++) row[i] = null;
    this.width = 0;
  }

  /** A cell from its `<c` at `at`; a text that is not UTF-8 is refused naming the cell (decisions/0243). */
  private locatedCell(b: Buffer, at: number, len: number): number {
    try {
      return this.cell(b, at + 2, len);
    } catch (error) {
      if (!(error instanceof XlsxError) || error.code !== 'not_utf8') throw error;
      const tag = b.toString('latin1', at, Math.min(len, at + 256));
      const ref =
        /^<c\b[^>]*?\sr\s*=\s*["']([A-Z]{1,3})\d*["']/.exec(tag)?.[1] ?? columnLetters(this.lastColumn + 1);
      throw new XlsxError('not_utf8', error.detail, notUtf8Message(`Текст ячейки ${ref}${this.rowNumber}`));
    }
  }

  private cell(b: Buffer, start: number, len: number): number {
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

    // The cell is complete: place it.
    if (column < 0) {
      column = this.lastColumn + 1;
      if (column >= MAX_EXCEL_COLUMNS) throw new XlsxError('too_many_columns', 'a row wider than XFD');
    }
    this.lastColumn = column;
    let value: Cell = null;
    if (inline) {
      value = this.inlineText;
    } else if (valueStart >= 0) {
      switch (type) {
        case T_NUMBER: {
          const number = numberOf(b, valueStart, valueEnd);
          if (Number.isNaN(number)) value = decodeText(b, valueStart, valueEnd) || null;
          else if (style > 0 && this.dateStyles[style] === 1) value = serialToIso(number, this.date1904);
          else value = number;
          break;
        }
        case T_SHARED: {
          const index = unsignedOf(b, valueStart, valueEnd);
          const text = this.sharedStrings.get(index);
          if (text === undefined) throw new XlsxError('corrupt', `shared string ${index} missing`);
          value = text;
          break;
        }
        case T_BOOL:
          value = b[valueStart] === 49 || b[valueStart] === 116;
          break;
        case T_DATE:
          value = isoOfDateCell(decodeText(b, valueStart, valueEnd));
          break;
        default:
          value = this.texts.decode(b, valueStart, valueEnd);
      }
    }
    if (value === null) {
      if (formula) this.formulasWithoutValue++;
    } else {
      // Only cells with a value count: spreadsheets write styled empty cells far to the right of the data.
      if (column >= this.maxColumns) {
        throw new XlsxError(
          'too_many_columns',
          `column ${column + 1}`,
          `В строке ${this.rowNumber} заполнен столбец ${column + 1}, а столбцов может быть не больше ${this.maxColumns}: удалите лишние столбцы`,
        );
      }
      if (typeof value === 'string' && value.length > XLSX_LIMITS.cellChars) {
        throw new XlsxError(
          'cell_too_long',
          `${value.length} characters`,
          `В ячейке ${columnLetters(column)}${this.rowNumber} больше ${groups(XLSX_LIMITS.cellChars)} символов (столько не допускает MS Excel): сократите текст ячейки`,
        );
      }
      const row = this.row;
      while (row.length <= column) row.push(null);
      row[column] = value;
      if (column >= this.width) this.width = column + 1;
    }
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
