/**
 * A streaming writer of one simple sheet (a header row, then rows of strings, numbers and booleans) for downloads
 * of a million rows: XML text built per batch of rows, deflated on libuv's pool, written to the target as it
 * goes. On a 20,000 × 35 sheet here ExcelJS's streaming writer managed 0.45 M cells per CPU-second, this one
 * 0.7–0.9 M (half of it is building the XML strings); a 1M-row, 35-column download takes about 40–50 CPU-seconds.
 * Sheets up to 4 GiB of XML (no ZIP64).
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import type { Cell } from './sheet.ts';

export interface WriteOptions {
  sheetName?: string;
  /** Rows per XML batch handed to the deflater. */
  batchRows?: number;
}

export interface WriteResult {
  rows: number;
  bytes: number;
}

const MAX_ZIP32 = 0xffffffff;
// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters; they are dropped
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, found before any replacing
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

export function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(INVALID_XML, '');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function rowXml(cells: readonly Cell[], rowNumber: number, columns: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined) continue;
    const ref = `${columns[i] ?? columnName(i)}${rowNumber}`;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`;
    } else if (typeof value === 'boolean') {
      xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    } else {
      xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeText(value)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Every part but the worksheets, for sheets named `sheetNames` (sheet1.xml, sheet2.xml, ...). */
export function staticParts(sheetNames: readonly string[]): [string, string][] {
  const numbers = sheetNames.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${numbers.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>${sheetNames.map((name, i) => `<sheet name="${escapeAttribute(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${numbers.map((n) => `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}<Relationship Id="rId${numbers.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    ],
  ];
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  uncompressed: number;
  offset: number;
  descriptor: boolean;
}

export class ZipOut {
  offset = 0;
  readonly entries: Written[] = [];

  constructor(private readonly out: Writable) {}

  async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.out.once('error', onError);
        this.out.once('drain', () => {
          this.out.off('error', onError);
          resolve();
        });
      });
    }
  }

  private localHeader(
    name: Buffer,
    flags: number,
    crc: number,
    compressed: number,
    uncompressed: number,
  ): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(compressed, 18);
    header.writeUInt32LE(uncompressed, 22);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, name]);
  }

  /** A small entry deflated in memory, sizes in the local header. */
  async small(path: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const body = deflateRawSync(data);
    const name = Buffer.from(path, 'utf8');
    const crc = crc32(data);
    const entry = {
      name,
      crc,
      compressed: body.length,
      uncompressed: data.length,
      offset: this.offset,
      descriptor: false,
    };
    await this.write(this.localHeader(name, 0x0800, crc, body.length, data.length));
    await this.write(body);
    this.entries.push(entry);
  }

  /** A streamed entry: sizes and CRC follow the data in a data descriptor (flag bit 3). */
  async streamed(
    path: string,
    produce: (push: (text: string) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const name = Buffer.from(path, 'utf8');
    const entry: Written = {
      name,
      crc: 0,
      compressed: 0,
      uncompressed: 0,
      offset: this.offset,
      descriptor: true,
    };
    await this.write(this.localHeader(name, 0x0808, 0, 0, 0));
    // Level 1: a third more bytes than level 6 for a fraction of the time. A 4 MB writable buffer lets the XML of
    // the next batches be built while the pool deflates the previous ones (zlib passes stream options through).
    const deflate = createDeflateRaw({
      level: 1,
      chunkSize: 1 << 18,
      ...({ writableHighWaterMark: 1 << 22 } as object),
    });
    let failure: Error | null = null;
    deflate.on('error', (error) => {
      failure = error;
    });
    const drained = new Promise<void>((resolve) => deflate.on('end', resolve));
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const push = async (text: string) => {
      if (failure) throw failure;
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = crc32(bytes, entry.crc);
      entry.uncompressed += bytes.length;
      if (entry.uncompressed > MAX_ZIP32) throw new Error('sheet larger than 4 GiB is not supported');
      if (!deflate.write(bytes)) await new Promise<void>((resolve) => deflate.once('drain', resolve));
    };
    await produce(push);
    deflate.end();
    await drained;
    if (failure) throw failure;
    if (entry.compressed > MAX_ZIP32) throw new Error('sheet larger than 4 GiB is not supported');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.uncompressed, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(entry.descriptor ? 0x0808 : 0x0800, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.uncompressed, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([header, entry.name]));
    }
    const size = this.offset - start;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}

/**
 * Writes an xlsx with one sheet: `headers` in bold as row 1, then `rows` (strings as inline strings, numbers,
 * booleans; null and undefined left empty). `target` is a file path or a Writable (ended when done).
 */
export async function writeSheet(
  target: string | Writable,
  headers: readonly string[],
  rows: Iterable<readonly Cell[]> | AsyncIterable<readonly Cell[]>,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const out = typeof target === 'string' ? createWriteStream(target) : target;
  const closed = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
  const zip = new ZipOut(out);
  const batchRows = options.batchRows ?? 2000;
  const columns = Array.from({ length: Math.max(headers.length, 64) }, (_, i) => columnName(i));
  let count = 0;
  try {
    for (const [path, text] of staticParts([options.sheetName ?? 'Лист1'])) await zip.small(path, text);
    await zip.streamed('xl/worksheets/sheet1.xml', async (push) => {
      let xml = `${HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
      xml += '<row r="1">';
      headers.forEach((header, i) => {
        xml += `<c r="${columns[i]}1" s="1" t="inlineStr"><is><t xml:space="preserve">${escapeText(header)}</t></is></c>`;
      });
      xml += '</row>';
      let inBatch = 0;
      for await (const row of rows) {
        count++;
        xml += rowXml(row, count + 1, columns);
        if (++inBatch >= batchRows) {
          await push(xml);
          xml = '';
          inBatch = 0;
        }
      }
      await push(`${xml}</sheetData></worksheet>`);
    });
    await zip.finish();
    out.end();
    await closed;
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
  return { rows: count, bytes: zip.offset };
}
