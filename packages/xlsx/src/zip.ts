/**
 * A minimal ZIP reader for xlsx files: the end-of-central-directory record (and ZIP64), the central directory,
 * and one entry streamed from disk through zlib's raw inflater. Sizes in headers are never trusted: the bytes
 * coming out of the inflater are counted against the declared size, the caller's limit and a ratio guard.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { constants, crc32, createInflateRaw } from 'node:zlib';
import { XLSX_LIMITS, XlsxError } from './errors.ts';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipArchive {
  path: string;
  size: number;
  entries: Map<string, ZipEntry>;
}

/** Past this much output an entry must not expand more than MAX_RATIO times its compressed bytes. */
const RATIO_FLOOR_BYTES = 32 * 1024 * 1024;
const MAX_RATIO = 200;
const MAX_CENTRAL_DIRECTORY = 64 * 1024 * 1024;

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

/** An OLE2 compound file is a legacy .xls, or an encrypted (password-protected) OOXML package. */
function oleKind(fd: number, size: number): 'xls' | 'encrypted' {
  const needle = Buffer.from('EncryptionInfo', 'utf16le');
  const chunk = 4 * 1024 * 1024;
  for (let position = 0; position < size; position += chunk - needle.length) {
    const part = readAt(fd, position, Math.min(chunk, size - position));
    if (part.indexOf(needle) >= 0) return 'encrypted';
    if (part.length < chunk) break;
  }
  return 'xls';
}

export function openZip(path: string): ZipArchive {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new XlsxError('not_zip', (error as Error).message);
  }
  try {
    const size = fstatSync(fd).size;
    const head = readAt(fd, 0, Math.min(8, size));
    if (head.length === 8 && OLE2_SIGNATURE.every((byte, i) => head[i] === byte)) {
      throw new XlsxError(oleKind(fd, size), 'OLE2 compound file');
    }
    const startsLikeZip = head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
    if (!startsLikeZip && !(head.length >= 4 && head.readUInt32LE(0) === 0x06054b50)) {
      throw new XlsxError('not_zip', 'no local file header signature');
    }
    const tailLength = Math.min(size, 22 + 65535);
    const tail = readAt(fd, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail[i] === 0x50 && tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new XlsxError('truncated', 'no end of central directory');
    const eocdPosition = size - tailLength + eocd;
    let count = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      // ZIP64: the locator sits right before the EOCD and points at the ZIP64 EOCD record.
      const locator = readAt(fd, eocdPosition - 20, 20);
      if (locator.length !== 20 || locator.readUInt32LE(0) !== 0x07064b50) {
        throw new XlsxError('corrupt', 'missing ZIP64 locator');
      }
      const recordOffset = Number(locator.readBigUInt64LE(8));
      const record = readAt(fd, recordOffset, 56);
      if (record.length !== 56 || record.readUInt32LE(0) !== 0x06064b50) {
        throw new XlsxError('corrupt', 'bad ZIP64 end of central directory');
      }
      count = Number(record.readBigUInt64LE(32));
      cdSize = Number(record.readBigUInt64LE(40));
      cdOffset = Number(record.readBigUInt64LE(48));
    }
    if (cdSize > MAX_CENTRAL_DIRECTORY || count > XLSX_LIMITS.entries) {
      throw new XlsxError('too_many_entries', `central directory of ${count} entries, ${cdSize} bytes`);
    }
    if (cdOffset + cdSize > eocdPosition) throw new XlsxError('truncated', 'central directory out of range');
    const cd = readAt(fd, cdOffset, cdSize);
    if (cd.length !== cdSize) throw new XlsxError('truncated', 'short central directory');
    const entries = new Map<string, ZipEntry>();
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) {
        throw new XlsxError('corrupt', 'bad central directory entry');
      }
      const flags = cd.readUInt16LE(p + 8);
      const method = cd.readUInt16LE(p + 10);
      const crc = cd.readUInt32LE(p + 16);
      let compressedSize = cd.readUInt32LE(p + 20);
      let uncompressedSize = cd.readUInt32LE(p + 24);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      let localHeaderOffset = cd.readUInt32LE(p + 42);
      if (p + 46 + nameLength + extraLength > cd.length)
        throw new XlsxError('corrupt', 'entry past directory');
      const name = cd.toString('utf8', p + 46, p + 46 + nameLength);
      // ZIP64 extended information: the 64-bit values appear in this order, only for fields set to 0xFFFFFFFF.
      let e = p + 46 + nameLength;
      const extraEnd = e + extraLength;
      while (e + 4 <= extraEnd) {
        const id = cd.readUInt16LE(e);
        const length = cd.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + length) {
            uncompressedSize = Number(cd.readBigUInt64LE(q));
            q += 8;
          }
          if (compressedSize === 0xffffffff && q + 8 <= e + 4 + length) {
            compressedSize = Number(cd.readBigUInt64LE(q));
            q += 8;
          }
          if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + length) {
            localHeaderOffset = Number(cd.readBigUInt64LE(q));
          }
        }
        e += 4 + length;
      }
      entries.set(name.toLowerCase(), {
        name,
        method,
        flags,
        crc,
        compressedSize,
        uncompressedSize,
        localHeaderOffset,
      });
      p = extraEnd + commentLength;
    }
    return { path, size, entries };
  } finally {
    closeSync(fd);
  }
}

/** Shared by every entry read from one archive: the caller's limit on all uncompressed bytes together. */
export interface InflateBudget {
  limit: number;
  used: number;
}

export interface EntryStreamOptions {
  budget: InflateBudget;
  chunkSize?: number;
  signal?: AbortSignal;
  /** Called with the compressed bytes read so far. */
  onCompressed?: (bytes: number) => void;
}

function dataOffset(archive: ZipArchive, entry: ZipEntry): number {
  const fd = openSync(archive.path, 'r');
  try {
    const header = readAt(fd, entry.localHeaderOffset, 30);
    if (header.length !== 30) throw new XlsxError('truncated', 'local header past end');
    if (header.readUInt32LE(0) !== 0x04034b50) throw new XlsxError('corrupt', 'bad local header');
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    closeSync(fd);
  }
}

/** Awaited after each chunk a reader has consumed (setChunkPacer). */
export type ChunkPacer = () => Promise<void> | undefined;
let chunkPacer: ChunkPacer | null = null;

/**
 * Sets what every entry stream of this thread awaits after each chunk its reader has consumed: a file worker
 * gives way to trading there (the server's files/workerPacing.ts). Null: no pause.
 */
export function setChunkPacer(pacer: ChunkPacer | null): void {
  chunkPacer = pacer;
}

/**
 * The entry's uncompressed bytes, chunk by chunk. Throws XlsxError on a bomb, truncation, a CRC mismatch or
 * corrupt deflate data. Stops reading the file when the consumer stops iterating.
 */
export async function* readEntry(
  archive: ZipArchive,
  entry: ZipEntry,
  options: EntryStreamOptions,
): AsyncGenerator<Buffer> {
  if (entry.flags & 1) throw new XlsxError('encrypted', `entry ${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new XlsxError('corrupt', `unsupported compression method ${entry.method}`);
  }
  const { budget } = options;
  if (entry.uncompressedSize > budget.limit - budget.used) {
    throw new XlsxError('zip_bomb', `declared ${entry.uncompressedSize} bytes for ${entry.name}`);
  }
  if (
    entry.uncompressedSize > RATIO_FLOOR_BYTES &&
    entry.uncompressedSize / entry.compressedSize > MAX_RATIO
  ) {
    throw new XlsxError('zip_bomb', `declared ratio of ${entry.name}`);
  }
  const start = dataOffset(archive, entry);
  if (start + entry.compressedSize > archive.size) throw new XlsxError('truncated', 'entry data past end');
  if (entry.compressedSize === 0) {
    if (entry.uncompressedSize !== 0) throw new XlsxError('corrupt', 'empty data for a non-empty entry');
    return;
  }
  const file = createReadStream(archive.path, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: Math.max(options.chunkSize ?? 1 << 20, 64),
  });
  let compressed = 0;
  file.on('data', (chunk) => {
    compressed += chunk.length;
    options.onCompressed?.(compressed);
  });
  const inflater =
    entry.method === 8
      ? createInflateRaw({
          chunkSize: Math.max(options.chunkSize ?? 1 << 18, 64),
          finishFlush: constants.Z_SYNC_FLUSH,
        })
      : null;
  const source: NodeJS.ReadableStream & { destroy(error?: Error): void } = inflater
    ? file.pipe(inflater)
    : file;
  let inflateError: Error | null = null;
  if (inflater) {
    file.on('error', (error: Error) => inflater.destroy(error));
    inflater.on('error', (error: Error) => {
      inflateError = error;
    });
  }
  let produced = 0;
  let crc = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      produced += chunk.length;
      budget.used += chunk.length;
      if (budget.used > budget.limit) throw new XlsxError('zip_bomb', 'uncompressed limit exceeded');
      if (produced > entry.uncompressedSize) {
        throw new XlsxError('zip_bomb', `${entry.name} inflates past its declared size`);
      }
      if (produced > RATIO_FLOOR_BYTES && produced / Math.max(compressed, 1) > MAX_RATIO) {
        throw new XlsxError('zip_bomb', `${entry.name} inflates more than ${MAX_RATIO}:1`);
      }
      crc = crc32(chunk, crc);
      yield chunk;
      if (chunkPacer) await chunkPacer();
    }
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    const cause = inflateError ?? (error as Error);
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(cause.message)) {
      throw new XlsxError('truncated', cause.message);
    }
    if (typeof code === 'string' && code.startsWith('Z_')) throw new XlsxError('corrupt', cause.message);
    throw cause;
  } finally {
    file.destroy();
    inflater?.destroy();
  }
  if (produced !== entry.uncompressedSize) {
    throw new XlsxError('truncated', `${entry.name}: ${produced} of ${entry.uncompressedSize} bytes`);
  }
  if (crc >>> 0 !== entry.crc >>> 0) throw new XlsxError('corrupt', `${entry.name}: CRC mismatch`);
}

/** A whole (small) entry in memory, with the same guards; past `maxBytes` -> 'part_too_large'. */
export async function readEntryBuffer(
  archive: ZipArchive,
  entry: ZipEntry,
  options: EntryStreamOptions & { maxBytes?: number },
): Promise<Buffer> {
  const max = options.maxBytes ?? XLSX_LIMITS.partBytes;
  if (entry.uncompressedSize > max)
    throw new XlsxError('part_too_large', `${entry.name} declares ${entry.uncompressedSize}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of readEntry(archive, entry, options)) {
    size += chunk.length;
    if (size > max) throw new XlsxError('part_too_large', `${entry.name} past ${max} bytes`);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
