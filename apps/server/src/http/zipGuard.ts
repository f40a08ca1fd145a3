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

/** How deep archives inside archives are opened (an xlsx embedded in a docx is one level). */
const MAX_ZIP_DEPTH = 3;

/** A member's inflated bytes, or 'too_large' past `budget`. */
function inflated(method: number, data: Buffer, budget: number): Buffer | 'too_large' {
  if (method === 0) return data.length > budget ? 'too_large' : data;
  if (method !== 8) throw new Error('unsupported compression');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too_large';
    throw error;
  }
}

/** What the archive and the archives inside it may still use, together. */
interface Budget {
  entries: number;
  bytes: number;
}

/**
 * Inflates every member once under the limits; a member that is itself a zip archive (an embedded workbook or
 * document, a zip attached inside a docx) is inspected the same way, up to MAX_ZIP_DEPTH levels, and counts
 * against the same limits: a bomb one level down is a bomb.
 */
export function inspectZip(bytes: Buffer, limits: ZipLimits): ZipInspection {
  const budget: Budget = { entries: limits.maxEntries, bytes: limits.maxTotalBytes };
  try {
    const names: string[] = [];
    const outcome = inspectLevel(bytes, budget, 0, names);
    if (outcome !== 'ok') return { ok: false, reason: outcome };
    return { ok: true, names, totalBytes: limits.maxTotalBytes - budget.bytes };
  } catch {
    return { ok: false, reason: 'not_zip' };
  }
}

function inspectLevel(
  bytes: Buffer,
  budget: Budget,
  depth: number,
  names: string[],
): 'ok' | 'not_zip' | 'too_large' {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0 || bytes.readUInt32LE(0) !== LOCAL) return 'not_zip';
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === 0xffffffff) return 'not_zip';
  budget.entries -= entries;
  if (budget.entries < 0) return 'too_large';
  for (let i = 0; i < entries; i++) {
    if (bytes.readUInt32LE(offset) !== CENTRAL) return 'not_zip';
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const local = bytes.readUInt32LE(offset + 42);
    if (compressed === 0xffffffff || local === 0xffffffff) return 'not_zip';
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (depth === 0) names.push(name);
    if (bytes.readUInt32LE(local) !== LOCAL) return 'not_zip';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) return 'not_zip';
    const member = inflated(method, bytes.subarray(start, start + compressed), budget.bytes);
    if (member === 'too_large') return 'too_large';
    budget.bytes -= member.length;
    if (member.length >= 30 && member.readUInt32LE(0) === LOCAL) {
      // An archive inside: the same limits, shared; one that cannot be read is a broken document.
      if (depth + 1 >= MAX_ZIP_DEPTH) return 'too_large';
      const inner = inspectLevel(member, budget, depth + 1, names);
      if (inner !== 'ok') return inner;
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return 'ok';
}
