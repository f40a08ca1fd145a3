/**
 * Uploaded files of profiles and companies: the size limits and the formats, recognised by their first bytes
 * (the name and the browser's content type prove nothing). Pure: the server runs it on the bytes it received.
 */
import { MB } from '../constants.ts';

export const AVATAR_MAX_BYTES = 5 * MB;
export const COMPANY_LOGO_MAX_BYTES = 5 * MB;
export const COMPANY_DOCUMENT_MAX_BYTES = 30 * MB;
/** Accreditation papers one company may hold at a time. */
export const COMPANY_DOCUMENTS_MAX_COUNT = 30;

export type FileFormat = 'png' | 'jpg' | 'webp' | 'pdf' | 'docx' | 'xlsx' | 'doc' | 'xls' | 'odt' | 'rtf';

export const IMAGE_FORMATS: readonly FileFormat[] = ['png', 'jpg', 'webp'];
export const DOCUMENT_FORMATS: readonly FileFormat[] = [
  'pdf',
  'jpg',
  'png',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'odt',
  'rtf',
];

export const FILE_CONTENT_TYPES: Record<FileFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Whether the ASCII text occurs in the bytes (zip member names are stored in clear). */
function contains(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let i = 0; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The format of a file by its content, or null when it is none we accept. Office files of 2007+ are zip
 * archives told apart by their members; those of 97–2003 share one container, told apart by the name.
 */
export function detectFileFormat(bytes: Uint8Array, fileName = ''): FileFormat | null {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, ascii('{\\rtf'))) return 'rtf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (contains(bytes, 'word/')) return 'docx';
    if (contains(bytes, 'xl/')) return 'xlsx';
    if (contains(bytes, 'application/vnd.oasis.opendocument.text')) return 'odt';
    return null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (extension === 'doc') return 'doc';
    if (extension === 'xls') return 'xls';
    return null;
  }
  return null;
}
