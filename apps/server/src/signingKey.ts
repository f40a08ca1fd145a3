/**
 * The signing key when JWT_SECRET is not set: random, made on the first start and kept in DATA_DIR/jwt-secret.key
 * (mode 0600), so sessions survive a restart and no key is ever written in the source (docs/security.md). The
 * one-time codes, the e-mailed tokens, the bank-identity state and the leader tags derive their keys from it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type KeySource = 'env' | 'created' | 'file';

export const KEY_FILE = 'jwt-secret.key';
const MIN_LENGTH = 32;

export class SigningKeyError extends Error {}

/** Reads DATA_DIR/jwt-secret.key, or creates it; several nodes starting together on one DATA_DIR agree on one key. */
export function signingKey(dataDir: string): { secret: string; source: KeySource } {
  const path = join(dataDir, KEY_FILE);
  const existing = readKey(path);
  if (existing) return { secret: existing, source: 'file' };
  try {
    mkdirSync(dataDir, { recursive: true });
    // Written whole under a private name, then linked into place: a reader never sees half a key, and of two
    // processes racing, the second's link fails and it reads the first one's key.
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temporary, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  } catch (error) {
    throw new SigningKeyError(
      `не удалось сохранить ключ подписи в ${path} (${(error as Error).message}); задайте JWT_SECRET или DATA_DIR, доступный для записи`,
    );
  }
  const created = readKey(path);
  if (!created) throw new SigningKeyError(`ключ подписи в ${path} пуст или короче ${MIN_LENGTH} символов`);
  return { secret: created, source: 'created' };
}

function readKey(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SigningKeyError(`не удалось прочитать ключ подписи ${path}: ${(error as Error).message}`);
  }
  if (text.length < MIN_LENGTH) {
    throw new SigningKeyError(
      `ключ подписи в ${path} короче ${MIN_LENGTH} символов; удалите файл, и сервер создаст новый`,
    );
  }
  // Only the server's own user may read it, whatever the umask or a copy left.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return text;
}
