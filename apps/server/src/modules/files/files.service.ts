/**
 * Uploaded files of profiles and companies: recognised by their content, stored under a fresh random key
 * (a replaced file never shows under the old address from a cache), removed after the change that dropped
 * them has committed.
 */
import { randomBytes } from 'node:crypto';
import { detectFileFormat, type FileFormat } from '@etp/domain';
import { validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import type { Storage } from '../../storage/storage.ts';

/** The format of an uploaded file when it is one of `allowed`, else 422 on its field. */
export function formatOf(file: UploadedFile, allowed: readonly FileFormat[], message: string): FileFormat {
  const format = detectFileFormat(file.bytes, file.fileName);
  if (!format || !allowed.includes(format)) throw validationFailed({ [file.path.join('.')]: [message] });
  return format;
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
