/**
 * The worksheet scanner: a hand-written byte-level state machine over the inflated sheet XML, fed chunk by
 * chunk. It understands only what a worksheet's cells need (<row>, <c r t s>, <v>, <f>, <is><t>; a cell's tag is
 * read by cellTag.ts) and skips every other tag. A cell or row tag cut by a chunk boundary is carried over to the
 * next chunk whole.
 */
import { CellTag, T_BOOL, T_DATE, T_NUMBER, T_SHARED } from './cellTag.ts';
import { serialToIso } from './dates.ts';
import { notUtf8Message, XLSX_LIMITS, XlsxError } from './errors.ts';
import {
  columnLetters,
  isNameEnd,
  isoOfDateCell,
  isSpace,
  MAX_EXCEL_COLUMNS,
  MAX_EXCEL_ROWS,
  NEED_MORE,
  numberOf,
  unsignedOf,
} from './sheetBytes.ts';
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

/**
 * A single cell or tag longer than this is not a spreadsheet: Excel's longest cell (32,767 characters, as
 * character references, in rich-text runs) stays well below it.
 */
const MAX_CARRY = 16 * 1024 * 1024;

const groups = (n: number) => n.toLocaleString('ru-RU').replace(/\s/g, ' ');

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
  private readonly texts = new TextCache();
  /** The cell tag being read, reused for every cell. */
  private readonly tag = new CellTag(this.texts);

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

  /** A cell from after its `<c`: its tag read (cellTag.ts), its value made and placed in the row. */
  private cell(b: Buffer, start: number, len: number): number {
    const tag = this.tag;
    const p = tag.parse(b, start, len);
    if (p === NEED_MORE) return NEED_MORE;
    let column = tag.column;
    const { type, style, valueStart, valueEnd } = tag;
    if (column < 0) {
      column = this.lastColumn + 1;
      if (column >= MAX_EXCEL_COLUMNS) throw new XlsxError('too_many_columns', 'a row wider than XFD');
    }
    this.lastColumn = column;
    let value: Cell = null;
    if (tag.inline) {
      value = tag.inlineText;
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
      if (tag.formula) this.formulasWithoutValue++;
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
}
