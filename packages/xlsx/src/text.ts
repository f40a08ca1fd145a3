/** Decoding of XML text and attribute values taken from byte ranges, and the guard against DTDs. */
import { XlsxError } from './errors.ts';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

export function unescapeXml(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(ENTITY, (_, name: string) => {
    if (name.charCodeAt(0) !== 35) return NAMED[name]!;
    const code =
      name.charCodeAt(1) === 120 ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** OOXML escapes control characters in strings as _xHHHH_ (ECMA-376 ST_Xstring). */
export function unescapeXstring(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(XSTRING_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Text content of bytes [start, end): UTF-8, entities and _xHHHH_ escapes resolved. */
export function decodeText(bytes: Buffer, start: number, end: number): string {
  return unescapeXstring(unescapeXml(bytes.toString('utf8', start, end)));
}

/** XML entity expansion ("billion laughs") needs a DTD: no part of an xlsx may declare one. */
export function assertNoDtd(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XlsxError('dtd', 'DOCTYPE or ENTITY declaration');
}

/** Attributes of one start tag, e.g. `<sheet name="a" r:id="rId1"/>` -> {name, 'r:id'}. */
export function attributes(tag: string): Record<string, string> {
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
