/** The application's store, made once per context from its configuration (local disk by default). */
import { join } from 'node:path';
import type { AppContext } from '../appContext.ts';
import { LocalDiskStorage } from './localDisk.ts';
import type { Storage } from './storage.ts';

export function storageOf(ctx: AppContext): Storage {
  return ctx.node.storage;
}
