import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { TOAST_DURATION_MS } from '@etp/domain';
import { CssBaseline, styled, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { queryClient } from './queryClient.ts';
import { theme } from './theme.ts';

/**
 * Snackbars in the theme's colours: notistack's own green and orange carry white text below the 4.5:1 contrast
 * that WCAG AA asks; the theme's success, error and info colours reach it, and warning takes dark text.
 */
const ThemedSnackbar = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.text.primary,
  },
}));
const SNACKBARS = {
  default: ThemedSnackbar,
  success: ThemedSnackbar,
  error: ThemedSnackbar,
  info: ThemedSnackbar,
  warning: ThemedSnackbar,
};

/** Theme, server-state cache, the one live connection and snackbars (3.5 s by default; errors pass their own 5 s or 10 s). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={TOAST_DURATION_MS.default}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          Components={SNACKBARS}
        >
          <LiveProvider>{children}</LiveProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
