/**
 * Where uploaded files live (docs/decisions/0030-file-storage.md). Callers name a file by a key such as
 * 'avatars/12/5f3c….png'; the database keeps the key, the store keeps the bytes.
 */
import type { Readable } from 'node:stream';

export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a local file under `key`, taking it over (the file at `path` is gone afterwards): nothing in memory. */
  putFile(key: string, path: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size, for downloads too large to hold; null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are lower-case path segments of letters, digits, '_', '-' and '.', never '..' or an absolute path. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*(\.[a-z0-9]+)?$/.test(key)) throw new Error(`bad storage key: ${key}`);
}
