/** The application's store: the node's (nodeState.ts, local disk under DATA_DIR/files). */
import type { AppContext } from '../appContext.ts';
import type { Storage } from './storage.ts';

export function storageOf(ctx: AppContext): Storage {
  return ctx.node.storage;
}
