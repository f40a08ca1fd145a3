/**
 * The app's snackbars, with notistack (about 8 kB gzip with its styling engine) out of every route's first load
 * (decisions/0170, 0230). `SnackbarHost` fetches notistack on the user's first interaction with the page (almost
 * every snackbar answers something the user did) and mounts its provider; a snackbar asked for before that (a live
 * event) fetches it at once and waits in a queue (with the key it was given) until the provider is there, so
 * callers use `enqueueSnackbar`, `closeSnackbar` and `useSnackbar` as notistack's own.
 */
import { styled } from '@mui/material';
import type { OptionsObject, SnackbarKey, SnackbarMessage, SnackbarProviderProps } from 'notistack';
import { useEffect } from 'react';
import { idleModule, useIdleModule } from './idleModule.ts';

type Notistack = typeof import('notistack');

const notistackModule = idleModule<Notistack>(() => import('notistack'), flush);
const queue: { message: SnackbarMessage; options: OptionsObject & { key: SnackbarKey } }[] = [];
let nextKey = 0;

/** notistack's global functions work once a provider is mounted (its constructor sets them). */
function ready(): Notistack | null {
  const module = notistackModule.current();
  return module?.enqueueSnackbar ? module : null;
}

function flush(): void {
  const module = ready();
  if (!module) return;
  for (const { message, options } of queue.splice(0)) module.enqueueSnackbar(message, options);
}

export function enqueueSnackbar(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const module = ready();
  if (module) return module.enqueueSnackbar(message, options);
  const key = options.key ?? `snackbar-${++nextKey}`;
  queue.push({ message, options: { ...options, key } });
  notistackModule.load();
  return key;
}

export function closeSnackbar(key?: SnackbarKey): void {
  const module = ready();
  if (module) {
    module.closeSnackbar(key);
    return;
  }
  if (key === undefined) queue.length = 0;
  else {
    const at = queue.findIndex((item) => item.options.key === key);
    if (at >= 0) queue.splice(at, 1);
  }
}

const SNACKBAR_FUNCTIONS = { enqueueSnackbar, closeSnackbar };

/** notistack's `useSnackbar`, without its context: the functions work wherever the host is mounted. */
export function useSnackbar() {
  return SNACKBAR_FUNCTIONS;
}

let themedComponents: SnackbarProviderProps['Components'] | null = null;

/**
 * Snackbars in the theme's colours: notistack's own green and orange carry white text below the 4.5:1 contrast
 * that WCAG AA asks; the theme's success, error and info colours reach it, and warning takes dark text.
 */
function themed(module: Notistack): SnackbarProviderProps['Components'] {
  if (themedComponents) return themedComponents;
  const ThemedSnackbar = styled(module.MaterialDesignContent)(({ theme }) => ({
    '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
    '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
    '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
    '&.notistack-MuiContent-warning': {
      backgroundColor: theme.palette.warning.main,
      color: theme.palette.text.primary,
    },
  }));
  themedComponents = {
    default: ThemedSnackbar,
    success: ThemedSnackbar,
    error: ThemedSnackbar,
    info: ThemedSnackbar,
    warning: ThemedSnackbar,
  };
  return themedComponents;
}

/** notistack's provider, mounted once notistack has arrived; its snackbars sit in a fixed layer of their own. */
export function SnackbarHost(props: Omit<SnackbarProviderProps, 'children' | 'Components'>) {
  const module = useIdleModule(notistackModule, 'interaction');
  // The provider's constructor sets notistack's global functions: what waited in the queue goes out after it.
  useEffect(() => {
    if (module) flush();
  }, [module]);
  if (!module) return null;
  return <module.SnackbarProvider {...props} Components={themed(module)} />;
}
