/**
 * Builds xlsx (and plain zip) files from parts, for tests that need exact or hostile input: any sheet XML,
 * shared strings, styles, extra entries, stored or deflated, and headers that lie about sizes.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** 'deflate' by default. */
  method?: 'store' | 'deflate';
  /** Already deflated bytes to use as is (data then only gives the CRC, unless crc is set). */
  raw?: Buffer;
  crc?: number;
  /** Lie in the local and central headers. */
  declaredUncompressedSize?: number;
  declaredCompressedSize?: number;
  /** General-purpose flags (bit 0: encrypted); 0x0800 (UTF-8 names) by default. */
  flags?: number;
}

export interface ZipOptions {
  /** Write the ZIP64 end-of-central-directory record and locator (with 0xFFFF/0xFFFFFFFF in the classic one). */
  zip64?: boolean;
}

/** A zip archive (no ZIP64) of these entries, in order. */
export function buildZip(parts: ZipPart[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data;
    const method = part.method === 'store' ? 0 : 8;
    const body = part.raw ?? (method === 8 ? deflateRawSync(data) : data);
    const name = Buffer.from(part.name, 'utf8');
    const crc = part.crc ?? crc32(data);
    const compressed = part.declaredCompressedSize ?? body.length;
    const uncompressed = part.declaredUncompressedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.flags ?? 0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.flags ?? 0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(uncompressed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  if (!options.zip64) {
    end.writeUInt16LE(parts.length, 8);
    end.writeUInt16LE(parts.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, directory, end]);
  }
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(parts.length), 24);
  record.writeBigUInt64LE(BigInt(parts.length), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([...locals, directory, record, locator, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface XlsxParts {
  /** The worksheet's <sheetData> content (rows), or a whole worksheet document when it starts with '<?xml' or '<worksheet'. */
  sheet: string | Buffer;
  /** Shared strings, written as a plain <sst>; or a whole sharedStrings.xml document (text or bytes). */
  sharedStrings?: string[] | string | Buffer;
  /** A whole styles.xml document. */
  styles?: string;
  date1904?: boolean;
  /** Entries added as they are (or replacing the standard ones by name). */
  extra?: ZipPart[];
  /** Leave out standard entries by name, e.g. 'xl/workbook.xml'. */
  omit?: string[];
  method?: 'store' | 'deflate';
  /** Options for the sheet's own entry (e.g. lying sizes or pre-deflated bytes). */
  sheetEntry?: Omit<ZipPart, 'name' | 'data'>;
  zip64?: boolean;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function worksheetXml(sheetData: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><dimension ref="A1"/><sheetData>${sheetData}</sheetData></worksheet>`;
}

/** A styles.xml whose cellXfs are these numFmtIds in order, with optional custom formats {id: code}. */
export function stylesXml(cellXfNumFmtIds: number[], customFormats: Record<number, string> = {}): string {
  const fmts = Object.entries(customFormats)
    .map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`)
    .join('');
  const xfs = cellXfNumFmtIds.map(
    (id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${Object.keys(customFormats).length}">${fmts}</numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs></styleSheet>`;
}

export function buildXlsx(parts: XlsxParts): Buffer {
  const method = parts.method ?? 'deflate';
  const sheet =
    typeof parts.sheet === 'string' && !/^\s*<(\?xml|worksheet)/.test(parts.sheet)
      ? worksheetXml(parts.sheet)
      : parts.sheet;
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  const entries: ZipPart[] = [
    { name: '[Content_Types].xml', data: CONTENT_TYPES, method },
    { name: '_rels/.rels', data: ROOT_RELS, method },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><workbookPr${parts.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Лист1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      method,
    },
  ];
  if (parts.styles !== undefined) {
    rels.push(`<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>`);
    entries.push({ name: 'xl/styles.xml', data: parts.styles, method });
  }
  if (parts.sharedStrings !== undefined) {
    rels.push(`<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
    const sst =
      typeof parts.sharedStrings === 'string' || Buffer.isBuffer(parts.sharedStrings)
        ? parts.sharedStrings
        : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${parts.sharedStrings.length}" uniqueCount="${parts.sharedStrings.length}">${parts.sharedStrings.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('')}</sst>`;
    entries.push({ name: 'xl/sharedStrings.xml', data: sst, method });
  }
  entries.push({
    name: 'xl/_rels/workbook.xml.rels',
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    method,
  });
  entries.push({ name: 'xl/worksheets/sheet1.xml', data: sheet, method, ...parts.sheetEntry });
  const omit = new Set(parts.omit ?? []);
  const extra = parts.extra ?? [];
  const replaced = new Set(extra.map((part) => part.name));
  return buildZip([...entries.filter((e) => !omit.has(e.name) && !replaced.has(e.name)), ...extra], {
    zip64: parts.zip64,
  });
}

/** Columns letters of a 0-based index: 0 -> A, 16383 -> XFD. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** <row> XML of plain values: numbers as numbers, strings inline, null skipped. */
export function rowXml(rowNumber: number, values: (string | number | boolean | null)[]): string {
  const cells = values
    .map((value, i) => {
      const ref = `${columnName(i)}${rowNumber}`;
      if (value === null) return '';
      if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
      if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
      return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
    })
    .join('');
  return `<row r="${rowNumber}">${cells}</row>`;
}

/**
 * Raw deflate data for `megabytes` MiB of zeros, about 1 KiB per MiB: one fully flushed block repeated (a full
 * flush makes each copy independent), then an empty final block.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}
