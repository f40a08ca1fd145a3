/** The application's store, made once per context from its configuration (local disk by default). */
import { join } from 'node:path';
import type { AppContext } from '../appContext.ts';
import { LocalDiskStorage } from './localDisk.ts';
import type { Storage } from './storage.ts';

const stores = new WeakMap<AppContext, Storage>();

export function storageOf(ctx: AppContext): Storage {
  let store = stores.get(ctx);
  if (!store) {
    store = new LocalDiskStorage(join(ctx.config.dataDir, 'files'));
    stores.set(ctx, store);
  }
  return store;
}
