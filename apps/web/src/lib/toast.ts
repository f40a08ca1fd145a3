/**
 * Snackbars with the spec's durations (spec 3 §9, spec 2 §8): 3.5 s by default, 5 s for sign-in errors,
 * 10 s for errors of trading actions.
 */
import { TOAST_DURATION_MS } from '@etp/domain';
import { enqueueSnackbar } from './snackbars.tsx';

export const toast = {
  success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
  info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
  authError: (message: string) =>
    enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_DURATION_MS.authError }),
  error: (message: string) =>
    enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_DURATION_MS.error }),
};
