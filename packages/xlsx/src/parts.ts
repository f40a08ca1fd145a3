/** The small parts around the sheet: package relationships, workbook, styles (date formats), shared strings. */
import { XLSX_LIMITS, XlsxError } from './errors.ts';
import { assertNoDtd, decodeText, section, tags } from './text.ts';

export interface WorkbookInfo {
  sheetPath: string;
  /** Hidden and very hidden worksheets passed over before the one read. */
  hiddenSkipped: number;
  /** The name of the worksheet read. */
  sheetName: string;
  /** Names of the visible worksheets, in the workbook's order. */
  visibleSheets: string[];
  /** Names of the hidden and very hidden worksheets (all of them, not only those before the one read). */
  hiddenSheets: string[];
  stylesPath: string | null;
  sharedStringsPath: string | null;
  date1904: boolean;
}

/** Resolves a relationship target against the folder of the part that owns the relationships. */
export function resolveTarget(baseFolder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : baseFolder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export interface Relationship {
  type: string;
  target: string;
}

export function parseRelationships(xml: string, baseFolder: string): Map<string, Relationship> {
  assertNoDtd(xml);
  const result = new Map<string, Relationship>();
  for (const rel of tags(xml, 'Relationship')) {
    if (!rel.Id || !rel.Target || rel.TargetMode === 'External') continue;
    result.set(rel.Id, { type: rel.Type ?? '', target: resolveTarget(baseFolder, rel.Target) });
  }
  return result;
}

export function parseWorkbook(
  workbookPath: string,
  xml: string,
  rels: Map<string, Relationship>,
  /** Which visible worksheet (0-based, in the workbook's order). */
  index = 0,
): WorkbookInfo {
  assertNoDtd(xml);
  const sheets = section(xml, 'sheets');
  let sheetPath: string | null = null;
  let sheetName = '';
  let hiddenSkipped = 0;
  const visibleSheets: string[] = [];
  const hiddenSheets: string[] = [];
  if (sheets) {
    for (const sheet of tags(sheets, 'sheet')) {
      const id = sheet['r:id'] ?? Object.entries(sheet).find(([key]) => key.endsWith(':id'))?.[1];
      const rel = id ? rels.get(id) : undefined;
      if (!rel || !/\/worksheet$/.test(rel.type)) continue;
      // At most a few hundred names are kept (a workbook may declare any number of sheets).
      const name = (sheet.name ?? '').slice(0, 100);
      // What the seller sees is what is read: hidden and very hidden sheets are passed over.
      if (sheet.state === 'hidden' || sheet.state === 'veryHidden') {
        if (sheetPath === null) hiddenSkipped += 1;
        if (hiddenSheets.length < 256) hiddenSheets.push(name);
        continue;
      }
      if (visibleSheets.length === index) {
        sheetPath = rel.target;
        sheetName = name;
      }
      if (visibleSheets.length < 256) visibleSheets.push(name);
    }
  }
  if (!sheetPath) throw new XlsxError('no_sheet', `no worksheet in ${workbookPath}`);
  let stylesPath: string | null = null;
  let sharedStringsPath: string | null = null;
  for (const rel of rels.values()) {
    if (/\/styles$/.test(rel.type)) stylesPath = rel.target;
    else if (/\/sharedStrings$/.test(rel.type)) sharedStringsPath = rel.target;
  }
  const workbookPr = tags(xml, 'workbookPr').next().value;
  const flag = workbookPr?.date1904;
  return {
    sheetPath,
    hiddenSkipped,
    sheetName,
    visibleSheets,
    hiddenSheets,
    stylesPath,
    sharedStringsPath,
    date1904: flag === '1' || flag === 'true',
  };
}

/** Built-in number formats that show a date or time (ECMA-376 18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A custom format is a date/time one when d, m, y, h or s appear outside quotes, brackets and escapes. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '');
  if (/^general$/i.test(bare.trim())) return false;
  // Only the first section (positive numbers) decides; a text section like `@` alone is not a date.
  return /[dmyhs]/i.test(bare.split(';')[0] ?? '');
}

/** For every cell style index (cellXfs order): 1 when its number format is a date or time. */
export function parseDateStyles(xml: string): Uint8Array {
  assertNoDtd(xml);
  const custom = new Map<number, string>();
  const numFmts = section(xml, 'numFmts');
  if (numFmts) {
    for (const fmt of tags(numFmts, 'numFmt')) custom.set(Number(fmt.numFmtId), fmt.formatCode ?? '');
  }
  const cellXfs = section(xml, 'cellXfs') ?? '';
  const flags: number[] = [];
  for (const xf of tags(cellXfs, 'xf')) {
    const id = Number(xf.numFmtId ?? 0);
    const code = custom.get(id);
    flags.push(code !== undefined ? (isDateFormatCode(code) ? 1 : 0) : BUILTIN_DATE_FORMATS.has(id) ? 1 : 0);
  }
  return Uint8Array.from(flags);
}

function isNameEnd(byte: number | undefined): boolean {
  return byte === 62 || byte === 47 || byte === 32 || byte === 9 || byte === 10 || byte === 13;
}

/** A shared string (<si>) longer than this is not a cell's text (Excel's own limit is 32,767 characters). */
const MAX_SI_BYTES = 16 * 1024 * 1024;

/** Characters of one block of a SharedStringTable. */
const BLOCK_CHARS = 1 << 20;
/** Texts a SharedStringTable keeps as they are, for cells that name the same shared string again and again. */
const RECENT = 4096;

/**
 * Shared strings kept packed (decision 0232): the texts end to end in blocks of about a million characters, each
 * text's place in two typed arrays. Millions of small strings, each a heap object, made every major collection of
 * a file worker mark them all again, on V8's helper threads, which run at the process's priority and not the
 * worker's idle one; a few large blocks cost the collector nothing. A cell's text is cut from its block when read,
 * the last RECENT texts read kept for the cells that repeat them.
 */
export class SharedStringTable {
  private readonly blocks: string[] = [];
  private pieces: string[] = [];
  private pieceChars = 0;
  private block = new Uint32Array(1024);
  private start = new Uint32Array(1024);
  private end = new Uint32Array(1024);
  private count = 0;
  private readonly recentIndex = new Int32Array(RECENT).fill(-1);
  private readonly recentText: string[] = new Array(RECENT);

  get length(): number {
    return this.count;
  }

  push(text: string): void {
    if (this.pieceChars + text.length > BLOCK_CHARS && this.pieceChars > 0) this.seal();
    if (this.count === this.start.length) {
      const grow = (from: Uint32Array) => {
        const to = new Uint32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.block = grow(this.block);
      this.start = grow(this.start);
      this.end = grow(this.end);
    }
    this.block[this.count] = this.blocks.length;
    this.start[this.count] = this.pieceChars;
    this.pieceChars += text.length;
    this.end[this.count] = this.pieceChars;
    this.count += 1;
    this.pieces.push(text);
  }

  /** The text at `index`, or undefined past the end. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const slot = index % RECENT;
    if (this.recentIndex[slot] === index) return this.recentText[slot];
    if (this.pieces.length > 0) this.seal();
    const text = this.blocks[this.block[index]!]!.slice(this.start[index], this.end[index]);
    this.recentIndex[slot] = index;
    this.recentText[slot] = text;
    return text;
  }

  /** Every text, in order (tests). */
  toArray(): string[] {
    return Array.from({ length: this.count }, (_, i) => this.get(i)!);
  }

  private seal(): void {
    this.blocks.push(this.pieces.join(''));
    this.pieces = [];
    this.pieceChars = 0;
  }
}

/**
 * Shared strings read as the part streams in, whole <si> elements at a time, with caps on their count, their
 * characters together and each one's length (XLSX_LIMITS): memory follows the texts kept, never the part's size.
 */
export class SharedStringsParser {
  readonly strings = new SharedStringTable();
  private chars = 0;
  private carry: Buffer | null = null;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private first = true;

  feed(chunk: Buffer): void {
    let bytes = chunk;
    if (this.first) {
      this.first = false;
      assertNoDtd(chunk.toString('latin1', 0, Math.min(chunk.length, 4096)));
    }
    if (this.carry) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      if (this.carry.length + this.pendingBytes > MAX_SI_BYTES) {
        throw new XlsxError('cell_too_long', 'a shared string past the limit');
      }
      // Joined only once as many bytes came after the cut element as it holds: linear, however long it is.
      if (this.pendingBytes < this.carry.length) return;
      bytes = Buffer.concat([this.carry, ...this.pending]);
      this.carry = null;
      this.pending = [];
      this.pendingBytes = 0;
    }
    const cut = bytes.lastIndexOf('</si>', undefined, 'latin1');
    const end = cut < 0 ? 0 : cut + 5;
    if (end > 0) this.parse(bytes.subarray(0, end));
    if (end < bytes.length) {
      if (bytes.length - end > MAX_SI_BYTES)
        throw new XlsxError('cell_too_long', 'a shared string past the limit');
      this.carry = bytes.subarray(end);
    }
  }

  end(): SharedStringTable {
    const rest = this.carry ? Buffer.concat([this.carry, ...this.pending]) : null;
    this.carry = null;
    this.pending = [];
    if (rest) this.parse(rest);
    return this.strings;
  }

  private parse(bytes: Buffer): void {
    parseSharedStringsInto(bytes, (text) => {
      if (text.length > XLSX_LIMITS.cellChars) {
        throw new XlsxError('cell_too_long', `shared string ${this.strings.length}`);
      }
      this.chars += text.length;
      this.strings.push(text);
    });
    if (this.strings.length > XLSX_LIMITS.sharedStrings || this.chars > XLSX_LIMITS.sharedStringChars) {
      throw new XlsxError('too_many_strings', `${this.strings.length} strings, ${this.chars} characters`);
    }
  }
}

function parseSharedStringsInto(bytes: Buffer, push: (text: string) => void): void {
  const length = bytes.length;
  let p = 0;
  let current: string | null = null;
  while (p < length) {
    const lt = bytes.indexOf(60, p);
    if (lt < 0 || lt + 2 >= length) break;
    const c1 = bytes[lt + 1]!;
    if (c1 === 33) {
      // <!-- comment --> or a declaration
      if (bytes[lt + 2] !== 45) assertNoDtd(bytes.toString('latin1', lt, Math.min(length, lt + 16)));
      const end = bytes.indexOf(62, lt);
      p = end < 0 ? length : end + 1;
      continue;
    }
    if (c1 === 115 && bytes[lt + 2] === 105 && isNameEnd(bytes[lt + 3])) {
      // <si> or <si/>
      const gt = bytes.indexOf(62, lt);
      if (gt < 0) break;
      if (bytes[gt - 1] === 47) push('');
      else current = '';
      p = gt + 1;
      continue;
    }
    if (c1 === 47 && bytes[lt + 2] === 115 && bytes[lt + 3] === 105 && bytes[lt + 4] === 62) {
      push(current ?? '');
      current = null;
      p = lt + 5;
      continue;
    }
    if (c1 === 116 && isNameEnd(bytes[lt + 2])) {
      // <t> or <t xml:space="preserve"> or <t/>
      const gt = bytes.indexOf(62, lt);
      if (gt < 0) break;
      if (bytes[gt - 1] === 47) {
        p = gt + 1;
        continue;
      }
      const end = bytes.indexOf(60, gt + 1);
      if (end < 0) break;
      if (current !== null) current += decodeText(bytes, gt + 1, end);
      p = end;
      continue;
    }
    if (c1 === 114 && bytes[lt + 2] === 80 && bytes[lt + 3] === 104 && isNameEnd(bytes[lt + 4])) {
      // <rPh ...>...</rPh>: reading aid for East Asian text, not part of the value
      const gt = bytes.indexOf(62, lt);
      if (gt < 0) break;
      if (bytes[gt - 1] === 47) {
        p = gt + 1;
        continue;
      }
      const close = bytes.indexOf('</rPh>', gt, 'latin1');
      p = close < 0 ? length : close + 6;
      continue;
    }
    const gt = bytes.indexOf(62, lt);
    p = gt < 0 ? length : gt + 1;
  }
}

/** Reads [Content_Types].xml only to check the package declares a spreadsheet. */
export function assertSpreadsheetContentTypes(xml: string): void {
  assertNoDtd(xml);
  if (!/spreadsheetml|ms-excel/i.test(xml))
    throw new XlsxError('not_xlsx', 'content types name no spreadsheet');
}
