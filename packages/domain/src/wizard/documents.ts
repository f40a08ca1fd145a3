/**
 * The documents of a procedure uploaded on the wizard's step 3 (spec 1 §3 Document, §5 Files, §8): which files are
 * taken, recognised by their content (a name proves nothing), the limits and the texts. The browser checks the
 * name and the size before sending; the server checks the bytes it received with the same rules.
 */
import { detectFileFormat } from '../company/files.ts';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_MB,
  DOCUMENTS_TOTAL_MAX_BYTES,
  DOCUMENTS_TOTAL_MAX_MB,
} from '../constants.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../dictionaries.ts';

/** The extensions spec 1 §5 accepts (jpg and jpeg are one format). */
export const PROCEDURE_DOCUMENT_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'tiff',
  'zip',
  '7z',
  'rar',
] as const;

/** The formats a document's content may have; a file is stored and downloaded under its format's extension. */
export type ProcedureDocumentFormat =
  | 'doc'
  | 'docx'
  | 'xls'
  | 'xlsx'
  | 'pdf'
  | 'jpg'
  | 'png'
  | 'tiff'
  | 'zip'
  | '7z'
  | 'rar';

export const PROCEDURE_DOCUMENT_CONTENT_TYPES: Record<ProcedureDocumentFormat, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
};

export const DOCUMENT_UPLOAD_MESSAGES = {
  formatRefused: (extension: string) => `Формат файла ${extension} не поддерживается`,
  tooLarge: (mb: number) => `Максимальный размер файла ${mb} МБ`,
  totalTooLarge: (mb: number) => `Превышен размер загружаемых файлов... не должен превышать ${mb} МБ`,
  uploadFailed: 'Ошибка отправки документа',
  kindMissing: 'Не выбран тип файла',
  notFound: 'Документ не найден',
} as const;

export const PROCEDURE_DOCUMENT_LIMITS = {
  maxBytes: DOCUMENT_MAX_BYTES,
  maxMb: DOCUMENT_MAX_MB,
  totalMaxBytes: DOCUMENTS_TOTAL_MAX_BYTES,
  totalMaxMb: DOCUMENTS_TOTAL_MAX_MB,
} as const;

/** A wizard document kind (the five of spec 1 §3), as opposed to the platform's generated files. */
export const isWizardDocumentKind = (kind: string | null): kind is DocumentKind =>
  kind !== null && (DOCUMENT_KINDS as readonly string[]).includes(kind);

/** 'Договор.PDF' → 'pdf'; '' when the name has none. */
function extensionOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The name without its extension ('Договор.pdf' → 'Договор'). */
export function baseNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The refusal of a file with this name: 'Формат файла EXE не поддерживается' (the name's extension, upper case). */
export const formatRefusal = (name: string) =>
  DOCUMENT_UPLOAD_MESSAGES.formatRefused(extensionOfName(name).toUpperCase() || name);

/**
 * What the browser can tell before sending: the name's extension and the size, against what the procedure already
 * holds (`heldBytes`). The server checks the content again.
 */
export function documentFileError(file: { name: string; size: number }, heldBytes: number): string | null {
  if (!(PROCEDURE_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOfName(file.name)))
    return formatRefusal(file.name);
  if (file.size > PROCEDURE_DOCUMENT_LIMITS.maxBytes)
    return DOCUMENT_UPLOAD_MESSAGES.tooLarge(PROCEDURE_DOCUMENT_LIMITS.maxMb);
  if (heldBytes + file.size > PROCEDURE_DOCUMENT_LIMITS.totalMaxBytes)
    return DOCUMENT_UPLOAD_MESSAGES.totalTooLarge(PROCEDURE_DOCUMENT_LIMITS.totalMaxMb);
  return null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The format of a document by its content, or null when it is none spec 1 §5 takes. Office 2007+ files are zip
 * archives told apart by their members (any other zip is a zip); Office 97–2003 files share one container and are
 * told apart by the name.
 */
export function procedureDocumentFormat(bytes: Uint8Array, fileName: string): ProcedureDocumentFormat | null {
  const known = detectFileFormat(bytes, fileName);
  switch (known) {
    case 'pdf':
    case 'png':
    case 'jpg':
    case 'docx':
    case 'xlsx':
    case 'doc':
    case 'xls':
      return known;
    case 'webp':
    case 'odt':
    case 'rtf':
      return null;
    case null:
      break;
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(bytes, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  return null;
}
