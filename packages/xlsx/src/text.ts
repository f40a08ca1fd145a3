/** Decoding of XML text and attribute values taken from byte ranges, and the guard against DTDs. */
import { isUtf8 } from 'node:buffer';
import { XlsxError } from './errors.ts';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

function unescapeXml(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(ENTITY, (_, name: string) => {
    if (name.charCodeAt(0) !== 35) return NAMED[name]!;
    const code =
      name.charCodeAt(1) === 120 ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** OOXML escapes control characters in strings as _xHHHH_ (ECMA-376 ST_Xstring). */
function unescapeXstring(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(XSTRING_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what the database refuses.
const INVISIBLE = /[\u0000\u00ad\u200b-\u200d\u2060\ufeff]/g;
const ODD_SPACES = /[\u00a0\u2007-\u200a\u202f]/g;

/**
 * Text the database can hold and the checks can compare: lone surrogates become U+FFFD, NUL and the invisible
 * characters (zero-width space and joiners, word joiner, BOM, soft hyphen) are dropped, non-breaking and other
 * fixed-width spaces become plain spaces. Two contract numbers that look the same are then the same text.
 */
function cleanText(text: string): string {
  const wellFormed = (text as string & { isWellFormed(): boolean }).isWellFormed()
    ? text
    : (text as string & { toWellFormed(): string }).toWellFormed();
  return wellFormed.replace(INVISIBLE, '').replace(ODD_SPACES, ' ');
}

/** A code point that cleanText changes (checked while decoding, so clean texts cost nothing more). */
function special(code: number): boolean {
  return (
    code === 0 ||
    code === 0xa0 ||
    code === 0xad ||
    (code >= 0x2007 && (code <= 0x200d || code === 0x202f || code === 0x2060)) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfeff
  );
}

/**
 * The slow, careful decoding of a range with invalid UTF-8 or characters to clean. Bytes that are not UTF-8 (a
 * Windows-1251 text in a part declared UTF-8) are refused: replaced by U+FFFD they would pass every check unread.
 */
function decodeCarefully(b: Buffer, start: number, end: number): string {
  if (!isUtf8(b.subarray(start, end))) throw new XlsxError('not_utf8', 'bytes that are not UTF-8');
  return cleanText(unescapeXstring(unescapeXml(b.toString('utf8', start, end))));
}

/** Buffer's own range decoders (public but untyped): no argument checks on the hot path. */
interface RangeDecoders {
  latin1Slice(start: number, end: number): string;
  ucs2Slice(start: number, end: number): string;
}
const fast = (bytes: Buffer) => bytes as unknown as RangeDecoders;

let scratch = new Uint16Array(4096);
let scratchBytes = Buffer.from(scratch.buffer);

function named(b: Buffer, i: number, end: number): [code: number, length: number] {
  const c1 = b[i + 1];
  const c2 = b[i + 2];
  if (c1 === 108 && c2 === 116 && b[i + 3] === 59) return [60, 4]; // &lt;
  if (c1 === 103 && c2 === 116 && b[i + 3] === 59) return [62, 4]; // &gt;
  if (c1 === 97 && c2 === 109 && b[i + 3] === 112 && b[i + 4] === 59) return [38, 5]; // &amp;
  if (i + 5 < end && b[i + 5] === 59) {
    const word = b.toString('latin1', i + 1, i + 5);
    if (word === 'quot') return [34, 6];
    if (word === 'apos') return [39, 6];
  }
  return [38, 1];
}

/** Text content of bytes [start, end): UTF-8, entities and _xHHHH_ escapes resolved (one pass over the bytes). */
export function decodeText(b: Buffer, start: number, end: number): string {
  let i = start;
  let underscore = false;
  let nul = false;
  for (; i < end; i++) {
    const c = b[i]!;
    if (c === 38 || c >= 128) break;
    if (c === 95) underscore = true;
    else if (c === 0) nul = true;
  }
  if (nul) return decodeCarefully(b, start, end);
  if (i === end) {
    const ascii = fast(b).latin1Slice(start, end);
    return underscore ? cleanText(unescapeXstring(ascii)) : ascii;
  }
  // Output never has more UTF-16 units than the input has bytes.
  if (end - start > scratch.length) {
    scratch = new Uint16Array(end - start);
    scratchBytes = Buffer.from(scratch.buffer);
  }
  const out = scratch;
  let n = 0;
  for (let k = start; k < i; k++) out[n++] = b[k]!;
  while (i < end) {
    const c = b[i]!;
    if (c < 128) {
      if (c === 38) {
        if (b[i + 1] === 35) {
          let j = i + 2;
          let code = 0;
          if (b[j] === 120 || b[j] === 88) {
            for (j++; j < end; j++) {
              const h = b[j]!;
              if (h >= 48 && h <= 57) code = code * 16 + h - 48;
              else if (h >= 97 && h <= 102) code = code * 16 + h - 87;
              else if (h >= 65 && h <= 70) code = code * 16 + h - 55;
              else break;
              if (code > 0x10ffff) break;
            }
          } else {
            for (; j < end; j++) {
              const d = b[j]!;
              if (d < 48 || d > 57) break;
              code = code * 10 + d - 48;
              if (code > 0x10ffff) break;
            }
          }
          if (b[j] === 59 && code > 0 && code <= 0x10ffff) {
            if (special(code)) return decodeCarefully(b, start, end);
            if (code < 0x10000) out[n++] = code;
            else {
              code -= 0x10000;
              out[n++] = 0xd800 + (code >> 10);
              out[n++] = 0xdc00 + (code & 0x3ff);
            }
            i = j + 1;
            continue;
          }
          out[n++] = 38;
          i++;
          continue;
        }
        const [code, length] = named(b, i, end);
        out[n++] = code;
        i += length;
        continue;
      }
      if (c === 95) underscore = true;
      else if (c === 0) return decodeCarefully(b, start, end);
      out[n++] = c;
      i++;
    } else if (c < 0xe0) {
      // A stray continuation byte, an overlong form or a cut sequence: invalid UTF-8.
      if (c < 0xc2 || i + 1 >= end || (b[i + 1]! & 0xc0) !== 0x80) return decodeCarefully(b, start, end);
      const code = ((c & 0x1f) << 6) | (b[i + 1]! & 0x3f);
      if (code === 0xa0 || code === 0xad) return decodeCarefully(b, start, end);
      out[n++] = code;
      i += 2;
    } else if (c < 0xf0) {
      if (i + 2 >= end || (b[i + 1]! & 0xc0) !== 0x80 || (b[i + 2]! & 0xc0) !== 0x80) {
        return decodeCarefully(b, start, end);
      }
      const code = ((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
      if (code < 0x800 || special(code)) return decodeCarefully(b, start, end);
      out[n++] = code;
      i += 3;
    } else {
      if (
        c > 0xf4 ||
        i + 3 >= end ||
        (b[i + 1]! & 0xc0) !== 0x80 ||
        (b[i + 2]! & 0xc0) !== 0x80 ||
        (b[i + 3]! & 0xc0) !== 0x80
      ) {
        return decodeCarefully(b, start, end);
      }
      const code =
        (((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)) -
        0x10000;
      if (code < 0 || code > 0xfffff) return decodeCarefully(b, start, end);
      out[n++] = 0xd800 + (code >> 10);
      out[n++] = 0xdc00 + (code & 0x3ff);
      i += 4;
    }
  }
  const text = fast(scratchBytes).ucs2Slice(0, n * 2);
  return underscore ? cleanText(unescapeXstring(text)) : text;
}

const CACHE_SLOTS = 1 << 16;
const CACHE_LIMIT = 20_000;

/**
 * Decoded texts that repeat (a registry's product types, stages, creditors, written by openpyxl as character
 * references), found by a hash of their length and end bytes and verified byte for byte (native compare), so a
 * repeated text costs no per-byte work in JS. The first CACHE_LIMIT distinct texts are kept.
 */
export class TextCache {
  private readonly keys: (Buffer | null)[] = new Array(CACHE_SLOTS).fill(null);
  private readonly values: string[] = new Array(CACHE_SLOTS).fill('');
  private readonly hashes = new Int32Array(CACHE_SLOTS);
  private count = 0;

  /** Text of bytes [start, end). */
  decode(b: Buffer, start: number, end: number): string {
    const length = end - start;
    if (length < 4) return decodeText(b, start, end);
    const hash = sampleHash(b, start, end);
    let slot = hash & (CACHE_SLOTS - 1);
    for (;;) {
      const key = this.keys[slot];
      if (key === null || key === undefined) break;
      if (
        this.hashes[slot] === hash &&
        key.length === length &&
        b.compare(key, 0, length, start, end) === 0
      ) {
        return this.values[slot]!;
      }
      slot = (slot + 1) & (CACHE_SLOTS - 1);
    }
    const text = decodeText(b, start, end);
    if (this.count < CACHE_LIMIT) {
      this.keys[slot] = Buffer.from(b.subarray(start, end));
      this.values[slot] = text;
      this.hashes[slot] = hash;
      this.count++;
    }
    return text;
  }
}

/** FNV-1a of the length and of at most 12 bytes at each end: cheap, and collisions are settled by comparing. */
function sampleHash(b: Buffer, start: number, end: number): number {
  let hash = Math.imul(0x811c9dc5 ^ (end - start), 16777619);
  const head = Math.min(end, start + 12);
  for (let i = start; i < head; i++) hash = Math.imul(hash ^ b[i]!, 16777619);
  for (let i = Math.max(head, end - 12); i < end; i++) hash = Math.imul(hash ^ b[i]!, 16777619);
  return hash;
}

/** XML entity expansion ("billion laughs") needs a DTD: no part of an xlsx may declare one. */
export function assertNoDtd(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XlsxError('dtd', 'DOCTYPE or ENTITY declaration');
}

/** Attributes of one start tag, e.g. `<sheet name="a" r:id="rId1"/>` -> {name, 'r:id'}. */
function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  const pattern = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let match = pattern.exec(tag); match; match = pattern.exec(tag)) {
    result[match[1]!] = unescapeXml(match[2] ?? match[3] ?? '');
  }
  return result;
}

/** Every start (or empty) tag with this local name, namespace prefix ignored. */
export function* tags(xml: string, localName: string): Generator<Record<string, string>> {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s/>])[^>]*>`, 'g');
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) yield attributes(match[0]);
}

/** The text between <name ...> and </name> (first occurrence), namespace prefix ignored. */
export function section(xml: string, localName: string): string | null {
  const open = new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s>])[^>]*>`).exec(xml);
  if (!open) return null;
  const close = new RegExp(`</(?:[\\w.-]+:)?${localName}>`, 'g');
  close.lastIndex = open.index + open[0].length;
  const end = close.exec(xml);
  return xml.slice(open.index + open[0].length, end ? end.index : xml.length);
}

/**
 * The encoding an XML part declares (`<?xml … encoding="windows-1251"?>`, or a UTF-16 byte-order mark), lower
 * case; null for UTF-8, the default.
 */
function declaredEncoding(head: Buffer): string | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const text = head.toString('latin1', 0, Math.min(head.length, 256));
  const match = /^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(text);
  const label = match?.[1]?.toLowerCase();
  return !label || label === 'utf-8' || label === 'utf8' ? null : label;
}

/** A streaming decoder of the declared encoding; an encoding nobody can read -> XlsxError 'encoding'. */
function decoderFor(label: string): InstanceType<typeof TextDecoder> {
  try {
    return new TextDecoder(label);
  } catch {
    throw new XlsxError('encoding', `unknown encoding ${label.slice(0, 40)}`);
  }
}

/** A whole small part as text, in the encoding it declares. */
export function partText(bytes: Buffer): string {
  const label = declaredEncoding(bytes);
  return label ? decoderFor(label).decode(bytes) : bytes.toString('utf8');
}

/** Chunks of a part re-encoded as UTF-8 when the part declares another encoding (the scanners read UTF-8). */
export async function* asUtf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let decoder: InstanceType<typeof TextDecoder> | null | undefined;
  for await (const chunk of chunks) {
    if (decoder === undefined) {
      const label = declaredEncoding(chunk);
      decoder = label ? decoderFor(label) : null;
    }
    yield decoder ? Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8') : chunk;
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield Buffer.from(rest, 'utf8');
  }
}
