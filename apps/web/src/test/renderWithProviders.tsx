/** Renders a component inside the app's theme, a fresh query cache and an in-memory router. */
import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { theme } from '../app/theme.ts';
import type { SocketLike } from '../live/LiveConnection.ts';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { idleSocket } from './fakeSocket.ts';

export interface RenderOptions {
  path?: string;
  /** The history entry's state at `path` (what a navigate(…, { state }) leaves). */
  state?: unknown;
  /** The live socket the page opens (a FakeSocket); by default one that never connects. */
  createSocket?: () => SocketLike;
  /** Reconnect delay of the live client (ms); a minute by default, so tests reconnect only when they mean to. */
  retryDelay?: number;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', state, createSocket, retryDelay = 60_000 }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    // A path may carry a query and a hash: they are the entry's search and hash, not part of its pathname.
    initialEntries: [{ ...parsePath(path), state }],
  });
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <LiveProvider createSocket={createSocket ?? idleSocket} retryDelay={() => retryDelay}>
            <RouterProvider router={router} />
          </LiveProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient };
}
