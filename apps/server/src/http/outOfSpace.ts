/**
 * A full, over-quota or read-only disk is the server's trouble, said as such in Russian (issue 21), not the
 * generic 500: the seller learns to try later, support learns what to fix.
 */
import { FILE_MESSAGES } from '../files/fileMessages.ts';
import { AppError } from './errors.ts';

const OUT_OF_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/** Whether the error (or one it wraps: a file worker's, Drizzle's) is a disk out of space or read-only. */
export function isOutOfSpace(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_SPACE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** 507 Insufficient Storage, with the file field's message. */
export const outOfSpace = () =>
  new AppError(507, 'no_space', FILE_MESSAGES.noSpace, { source: [FILE_MESSAGES.noSpace] });
