/**
 * A module kept out of a route's first load (decisions/0145, 0170, 0230): fetched when a component that needs it
 * first renders and the browser is idle, or on the user's first interaction with the page (a pointer move, a touch,
 * a key, the wheel) for what only matters once the user acts (tooltips, snackbars), or at once with `load()`.
 * Components read it with `useIdleModule`, null until it has arrived. A failed fetch (offline, a new deployment)
 * is tried again on the next demand.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface IdleModule<M> {
  /** Fetches the module now (once); `onLoad` runs before any reader is told. */
  load(): void;
  /** The module, or null while it has not arrived. */
  current(): M | null;
  /** Fetches the module when the browser is next idle (once). */
  loadWhenIdle(): void;
  /** Fetches the module on the user's first interaction with the page, or at once if there has been one. */
  loadOnInteraction(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The module, null until it has arrived; a component that reads it asks for it when the browser is idle, or with
 * `when: 'interaction'` on the user's first interaction with the page.
 */
export function useIdleModule<M>(idle: IdleModule<M>, when: 'idle' | 'interaction' = 'idle'): M | null {
  const arrived = useSyncExternalStore(idle.subscribe, idle.current, idle.current);
  useEffect(() => {
    if (arrived) return;
    if (when === 'idle') idle.loadWhenIdle();
    else idle.loadOnInteraction();
  }, [arrived, idle, when]);
  return arrived;
}

const INTERACTIONS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;
let interacted = false;
const waitingForInteraction = new Set<() => void>();

/** Runs `callback` on the first interaction with the page, or at once after it. */
function onFirstInteraction(callback: () => void): void {
  if (interacted || typeof window === 'undefined') {
    callback();
    return;
  }
  if (waitingForInteraction.size === 0) {
    const fire = () => {
      interacted = true;
      for (const type of INTERACTIONS) window.removeEventListener(type, fire, true);
      const callbacks = [...waitingForInteraction];
      waitingForInteraction.clear();
      for (const waiting of callbacks) waiting();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, fire, { capture: true, passive: true });
  }
  waitingForInteraction.add(callback);
}

/** Pointers pressed on the page now (a button held, a finger down). */
let pressed = 0;
/** The longest a module waits for a press to end. */
const PRESS_WAIT_MS = 2_000;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => pressed++, { capture: true, passive: true });
  for (const type of ['pointerup', 'pointercancel'] as const) {
    window.addEventListener(type, () => (pressed = Math.max(0, pressed - 1)), {
      capture: true,
      passive: true,
    });
  }
}

/**
 * Runs `callback` now, or, while a pointer is pressed, once the press has ended and its click has been dispatched
 * (the next task after the pointerup). A module arriving makes its readers render anew, and a reader that wraps
 * what the user is pressing (a tooltip around a card) replaces that element: swapped between the press and the
 * release, the click lands on no element of its own and is lost (decisions/0282).
 */
function afterPress(callback: () => void): void {
  if (pressed === 0 || typeof window === 'undefined') {
    callback();
    return;
  }
  // At most PRESS_WAIT_MS: a release the page never hears (outside the window) must not hold the module back.
  let delivered = false;
  const deliver = () => {
    if (delivered) return;
    delivered = true;
    clearTimeout(fallback);
    window.removeEventListener('pointerup', released, true);
    window.removeEventListener('pointercancel', released, true);
    pressed = 0;
    callback();
  };
  const fallback = setTimeout(deliver, PRESS_WAIT_MS);
  const released = () => {
    if (pressed === 0) setTimeout(deliver, 0);
  };
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
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
      (arrived) =>
        afterPress(() => {
          module = arrived;
          onLoad?.(arrived);
          for (const listener of listeners) listener();
        }),
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
  const loadOnInteraction = () => {
    if (!loading) onFirstInteraction(load);
  };
  return { load, current, loadWhenIdle, loadOnInteraction, subscribe };
}
