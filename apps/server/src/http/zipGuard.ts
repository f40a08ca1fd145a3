/**
 * Inspects a zip archive (xlsx, docx) before a library inflates it: every member is inflated once with a hard
 * output cap, so a zip bomb, a lying size header or a truncated archive is refused after reading at most
 * `maxTotalBytes`, whatever the archive claims. Reads the central directory; ZIP64 archives are refused.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** The most bytes all members may inflate to, together. */
  maxTotalBytes: number;
}

export type ZipInspection =
  | { ok: true; names: string[]; totalBytes: number }
  | { ok: false; reason: 'not_zip' | 'too_large' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= earliest; i--) if (bytes.readUInt32LE(i) === EOCD) return i;
  return -1;
}

function inflatedSize(method: number, data: Buffer, budget: number): number | 'too_large' {
  if (method === 0) return data.length > budget ? 'too_large' : data.length;
  if (method !== 8) throw new Error('unsupported compression');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too_large';
    throw error;
  }
}

export function inspectZip(bytes: Buffer, limits: ZipLimits): ZipInspection {
  try {
    const end = findEndOfCentralDirectory(bytes);
    if (end < 0 || bytes.readUInt32LE(0) !== LOCAL) return { ok: false, reason: 'not_zip' };
    const entries = bytes.readUInt16LE(end + 10);
    let offset = bytes.readUInt32LE(end + 16);
    if (entries === 0xffff || offset === 0xffffffff) return { ok: false, reason: 'not_zip' };
    if (entries > limits.maxEntries) return { ok: false, reason: 'too_large' };
    const names: string[] = [];
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (bytes.readUInt32LE(offset) !== CENTRAL) return { ok: false, reason: 'not_zip' };
      const method = bytes.readUInt16LE(offset + 10);
      const compressed = bytes.readUInt32LE(offset + 20);
      const nameLength = bytes.readUInt16LE(offset + 28);
      const extraLength = bytes.readUInt16LE(offset + 30);
      const commentLength = bytes.readUInt16LE(offset + 32);
      const local = bytes.readUInt32LE(offset + 42);
      if (compressed === 0xffffffff || local === 0xffffffff) return { ok: false, reason: 'not_zip' };
      names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
      if (bytes.readUInt32LE(local) !== LOCAL) return { ok: false, reason: 'not_zip' };
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      if (start + compressed > bytes.length) return { ok: false, reason: 'not_zip' };
      const size = inflatedSize(
        method,
        bytes.subarray(start, start + compressed),
        limits.maxTotalBytes - total,
      );
      if (size === 'too_large') return { ok: false, reason: 'too_large' };
      total += size;
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return { ok: true, names, totalBytes: total };
  } catch {
    return { ok: false, reason: 'not_zip' };
  }
}
