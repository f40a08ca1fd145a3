import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { TOAST_DURATION_MS } from '@etp/domain';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SnackbarHost } from '../lib/snackbars.tsx';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { queryClient } from './queryClient.ts';
import { theme } from './theme.ts';

/** Theme, server-state cache, the one live connection and snackbars (notistack, loaded after the first paint: lib/snackbars.tsx; 3.5 s by default; errors pass their own 5 s or 10 s). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <LiveProvider>{children}</LiveProvider>
        <SnackbarHost
          maxSnack={4}
          autoHideDuration={TOAST_DURATION_MS.default}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
