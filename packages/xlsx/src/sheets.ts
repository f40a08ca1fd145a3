/**
 * A push writer of rows that arrive one by one from synchronous code (a validator's errors while a file is read):
 * `add` only appends XML text; full batches are deflated and written to the target by a background task, and
 * `congested` tells the producer when to wait. A sheet holds at most MAX_EXCEL_ROWS rows with its header; the
 * rows go on in further sheets ("Name", "Name 2", ...), each with the header row.
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Cell } from './sheet.ts';
import { MAX_EXCEL_ROWS } from './sheetBytes.ts';
import { columnName, escapeText, HEAD, rowXml, staticParts, ZipOut } from './write.ts';

export interface SheetsWriterOptions {
  /** The first sheet's name; the next ones add " 2", " 3", ... Default 'Лист1'. */
  sheetName?: string;
  /** Column widths in characters, by column. */
  widths?: readonly number[];
  /** Rows per sheet without the header; default and maximum MAX_EXCEL_ROWS - 1 (tests use small ones). */
  maxRowsPerSheet?: number;
  /** Rows per XML batch handed to the deflater. */
  batchRows?: number;
  /** `congested` answers a promise while more than this many characters of XML wait. Default 1 Mi. */
  maxQueuedChars?: number;
}

export interface SheetsWriterResult {
  rows: number;
  sheets: number;
  bytes: number;
}

const END_OF_SHEET = Symbol('end of sheet');
type Item = string | typeof END_OF_SHEET;

export class SheetsWriter {
  /** Rows added, over every sheet. */
  rows = 0;
  private readonly out: Writable;
  private readonly zip: ZipOut;
  private readonly headers: readonly string[];
  private readonly columns: string[];
  private readonly widths: readonly number[];
  private readonly maxRowsPerSheet: number;
  private readonly batchRows: number;
  private readonly maxQueuedChars: number;
  private readonly sheetNames: string[] = [];
  private readonly queue: Item[] = [];
  private queuedChars = 0;
  private wake: (() => void) | null = null;
  private drainWaiters: (() => void)[] = [];
  private failure: Error | null = null;
  private closed = false;
  private aborted: Promise<void> | null = null;
  private xml = '';
  private inBatch = 0;
  private sheetRows = 0;
  private readonly done: Promise<void>;

  constructor(
    target: string | Writable,
    headers: readonly string[],
    private readonly options: SheetsWriterOptions = {},
  ) {
    this.out = typeof target === 'string' ? createWriteStream(target) : target;
    this.zip = new ZipOut(this.out);
    this.headers = headers;
    this.columns = Array.from({ length: Math.max(headers.length, 64) }, (_, i) => columnName(i));
    this.widths = options.widths ?? [];
    this.maxRowsPerSheet = Math.min(options.maxRowsPerSheet ?? MAX_EXCEL_ROWS - 1, MAX_EXCEL_ROWS - 1);
    this.batchRows = options.batchRows ?? 2000;
    this.maxQueuedChars = options.maxQueuedChars ?? 1 << 20;
    const closed = new Promise<void>((resolve, reject) => {
      this.out.once('finish', resolve);
      this.out.once('error', reject);
    });
    // Awaited at the end of `run`; an aborted or failed run never gets there.
    closed.catch(() => {});
    this.startSheet();
    this.done = this.run(closed).catch((error: Error) => {
      this.failure ??= error;
      this.release();
    });
  }

  /** Appends a row (strings, numbers, booleans; null left empty). Throws what failed the writing so far. */
  add(row: readonly Cell[]): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error('the writer is closed');
    if (this.sheetRows >= this.maxRowsPerSheet) {
      this.endSheet();
      this.startSheet();
    }
    this.sheetRows += 1;
    this.rows += 1;
    this.xml += rowXml(row, this.sheetRows + 1, this.columns);
    if (++this.inBatch >= this.batchRows) this.flush();
  }

  /** A promise while the written XML waits to be deflated and written (the producer pauses), else undefined. */
  congested(): Promise<void> | undefined {
    if (this.failure || this.queuedChars <= this.maxQueuedChars) return undefined;
    return new Promise<void>((resolve) => this.drainWaiters.push(resolve));
  }

  /** Ends the last sheet, writes the workbook's parts and closes the target. */
  async finish(): Promise<SheetsWriterResult> {
    if (this.failure) throw this.failure;
    this.endSheet();
    this.closed = true;
    this.wake?.();
    await this.done;
    if (this.failure) throw this.failure;
    return { rows: this.rows, sheets: this.sheetNames.length, bytes: this.zip.offset };
  }

  /** Stops writing and destroys the target; settles once it is closed (the caller may then remove its file). */
  abort(): Promise<void> {
    if (this.aborted) return this.aborted;
    this.failure ??= new Error('the writer was aborted');
    this.closed = true;
    this.queue.length = 0;
    this.queuedChars = 0;
    this.wake?.();
    this.release();
    const out = this.out as Writable & { closed?: boolean };
    this.aborted = out.closed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          out.once('close', () => resolve());
          out.destroy();
        });
    return this.aborted;
  }

  private startSheet(): void {
    const n = this.sheetNames.length + 1;
    const base = this.options.sheetName ?? 'Лист1';
    this.sheetNames.push(n === 1 ? base : `${base} ${n}`);
    this.sheetRows = 0;
    let xml = `${HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`;
    if (this.widths.length > 0) {
      xml += `<cols>${this.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`;
    }
    xml += '<sheetData><row r="1">';
    this.headers.forEach((header, i) => {
      xml += `<c r="${this.columns[i]}1" s="1" t="inlineStr"><is><t xml:space="preserve">${escapeText(header)}</t></is></c>`;
    });
    this.xml = `${xml}</row>`;
    this.inBatch = 0;
  }

  private endSheet(): void {
    this.xml += '</sheetData></worksheet>';
    this.flush();
    this.queue.push(END_OF_SHEET);
    this.wake?.();
  }

  private flush(): void {
    if (this.xml === '') return;
    this.queue.push(this.xml);
    this.queuedChars += this.xml.length;
    this.xml = '';
    this.inBatch = 0;
    this.wake?.();
  }

  private release(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** The next queued item; null once the writer is closed and the queue is empty. */
  private async next(): Promise<Item | null> {
    while (this.queue.length === 0) {
      if (this.closed) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    const item = this.queue.shift()!;
    if (typeof item === 'string') {
      this.queuedChars -= item.length;
      if (this.queuedChars <= this.maxQueuedChars) this.release();
    }
    return item;
  }

  private async run(closed: Promise<void>): Promise<void> {
    for (let n = 1; ; n++) {
      const first = await this.next();
      if (first === null || this.failure) break;
      await this.zip.streamed(`xl/worksheets/sheet${n}.xml`, async (push) => {
        let item: Item | null = first;
        while (item !== null && item !== END_OF_SHEET) {
          await push(item);
          item = await this.next();
        }
      });
    }
    if (this.failure) return;
    for (const [path, text] of staticParts(this.sheetNames)) await this.zip.small(path, text);
    await this.zip.finish();
    this.out.end();
    await closed;
  }
}
