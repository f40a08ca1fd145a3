/**
 * Uploaded files of profiles and companies: recognised by their content, stored under a fresh random key
 * (a replaced file never shows under the old address from a cache), removed after the change that dropped
 * them has committed.
 */
import { randomBytes } from 'node:crypto';
import { detectFileFormat, type FileFormat } from '@etp/domain';
import { FileJobRefusal, filePool } from '../../files/filePool.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import type { Storage } from '../../storage/storage.ts';

/** The format of an uploaded file when it is one of `allowed`, else 422 on its field. */
export function formatOf(file: UploadedFile, allowed: readonly FileFormat[], message: string): FileFormat {
  const format = detectFileFormat(file.bytes, file.fileName);
  if (!format || !allowed.includes(format)) throw validationFailed({ [file.path.join('.')]: [message] });
  return format;
}

/**
 * Office formats that are zip archives, and zip archives themselves (a procedure's documents): inflated once,
 * under limits, in a file worker before they are kept.
 */
const ZIPPED: readonly string[] = ['docx', 'xlsx', 'odt', 'zip'];
/** A company document of up to 30 MB; far more once unpacked is a zip bomb, not a charter. */
const DOCUMENT_ZIP_LIMITS = { maxEntries: 10_000, maxTotalBytes: 256 * 1024 * 1024 };

/**
 * Inspects an office document's archive in a file worker with the zip limits (entries, bytes once unpacked):
 * a bomb or a broken archive is refused on its field with `message`, before anything is stored.
 */
export async function assertSafeArchive(
  file: UploadedFile,
  format: string,
  messages: { broken: string; tooLarge: string },
): Promise<void> {
  if (!ZIPPED.includes(format)) return;
  const field = file.path.join('.');
  try {
    const inspection = await filePool().run({
      kind: 'inspectZip',
      bytes: file.bytes,
      limits: DOCUMENT_ZIP_LIMITS,
    });
    if (inspection.ok) return;
    throw validationFailed({
      [field]: [inspection.reason === 'too_large' ? messages.tooLarge : messages.broken],
    });
  } catch (error) {
    if (!(error instanceof FileJobRefusal)) throw error;
    throw new AppError(error.reason === 'busy' ? 503 : 422, 'validation_failed', error.message, {
      [field]: [error.message],
    });
  }
}

/** The name a stored file downloads under: its own name with the extension of the format its content has. */
export function downloadName(name: string, format: FileFormat): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'document'}.${format}`;
}

export function newFileKey(folder: string, ownerId: number, format: FileFormat): string {
  return `${folder}/${ownerId}/${randomBytes(12).toString('hex')}.${format}`;
}

/** Runs `change` after the files are stored; if it fails, the stored files are removed again. */
export async function withStoredFiles<T>(
  storage: Storage,
  files: { key: string; bytes: Buffer }[],
  change: () => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await storage.put(file.key, file.bytes);
      stored.push(file.key);
    }
    return await change();
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** Removes files no longer referenced; a failure leaves an orphan file, never a broken reference. */
export async function dropFiles(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    keys.filter((k): k is string => Boolean(k)).map((k) => storage.delete(k).catch(() => undefined)),
  );
}
