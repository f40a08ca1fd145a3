/**
 * A module kept out of a route's first load (decisions/0145, 0170): fetched when a component that needs it first
 * renders and the browser is idle, or at once with `load()`. Components read it with `use()`, null until it has
 * arrived. A failed fetch (offline, a new deployment) is tried again on the next demand.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface IdleModule<M> {
  /** Fetches the module now (once); `onLoad` runs before any reader is told. */
  load(): void;
  /** The module, or null while it has not arrived. */
  current(): M | null;
  /** Fetches the module when the browser is next idle (once). */
  loadWhenIdle(): void;
  subscribe(listener: () => void): () => void;
}

/** The module, null until it has arrived; a component that reads it asks for it when the browser is idle. */
export function useIdleModule<M>(idle: IdleModule<M>): M | null {
  const arrived = useSyncExternalStore(idle.subscribe, idle.current, idle.current);
  useEffect(() => {
    if (!arrived) idle.loadWhenIdle();
  }, [arrived, idle]);
  return arrived;
}

export function idleModule<M>(importer: () => Promise<M>, onLoad?: (module: M) => void): IdleModule<M> {
  let module: M | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => module;
  const load = () => {
    loading ??= importer().then(
      (arrived) => {
        module = arrived;
        onLoad?.(arrived);
        for (const listener of listeners) listener();
      },
      () => {
        loading = null;
      },
    );
  };
  const loadWhenIdle = () => {
    if (loading) return;
    const idle = (globalThis as { requestIdleCallback?: (callback: () => void) => number })
      .requestIdleCallback;
    if (idle) idle(load);
    else setTimeout(load, 1);
  };
  return { load, current, loadWhenIdle, subscribe };
}
