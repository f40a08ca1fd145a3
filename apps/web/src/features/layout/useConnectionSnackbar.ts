import type { SnackbarKey } from 'notistack';
import { useEffect, useRef } from 'react';
import { closeSnackbar, enqueueSnackbar } from '../../lib/snackbars.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';

/**
 * While the live connection is lost, a persistent red 'Установка соединения...' snackbar stays on screen; it
 * closes as soon as the connection is back (spec 2 §8, spec 3 §7.5). For the live-updates issue to call.
 */
export function useConnectionSnackbar(connected: boolean): void {
  const key = useRef<SnackbarKey | null>(null);
  useEffect(() => {
    if (!connected && key.current === null) {
      key.current = enqueueSnackbar(LAYOUT_MESSAGES.connecting, {
        variant: 'error',
        persist: true,
        preventDuplicate: true,
      });
    }
    if (connected && key.current !== null) {
      closeSnackbar(key.current);
      key.current = null;
    }
  }, [connected]);
  useEffect(
    () => () => {
      if (key.current !== null) closeSnackbar(key.current);
    },
    [],
  );
}
