import { NOT_A_SELLER_TEXT } from '@etp/domain';
import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../api/tokenStore.ts';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { buildBriefcase, buildUser } from '../test/factories.ts';
import { type FakeServerState, stubServer } from '../test/fakeServer.ts';
import { idleSocket } from '../test/fakeSocket.ts';
import { routes } from './router.tsx';
import { theme } from './theme.ts';

function open(path: string, server: FakeServerState) {
  stubServer(server);
  if (server.user) {
    tokenStore.set({ token: 't', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LiveProvider createSocket={idleSocket}>
          <RouterProvider router={router} />
        </LiveProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('routes and their guards', () => {
  it('sends an anonymous visitor of a format feed to sign-in and remembers where they were going', async () => {
    const router = open('/classic?status=active', { user: null, briefcases: [] });
    expect(await screen.findByRole('heading', { name: 'Вход в личный кабинет' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/sign_in');
    expect(sessionStorage.getItem('etp.referer')).toBe('/classic?status=active');
  });

  it('sends a user without good standing from a procedure card to the feed', async () => {
    const router = open('/briefcases/42', {
      user: buildUser({ company_good_standing: false }),
      briefcases: [buildBriefcase()],
    });
    expect(await screen.findByRole('heading', { name: 'Торговые процедуры' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/briefcases');
    expect(await screen.findByText('Доступ ограничен')).toBeInTheDocument();
    // Only the "Все" tab exists for them, so no tab bar at all.
    expect(screen.queryByRole('tab', { name: /Избранное/ })).not.toBeInTheDocument();
  });

  it('shows an accredited user the feed with its tabs and cards', async () => {
    open('/briefcases', {
      user: buildUser(),
      briefcases: [buildBriefcase({ id: 7 }), buildBriefcase({ id: 8 })],
    });
    await waitFor(() => expect(screen.getAllByTestId('briefcase-card')).toHaveLength(2));
    expect(screen.getByRole('tab', { name: /Избранное/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ТП №7' })).toBeInTheDocument();
    expect(screen.getByTestId('user-menu').textContent).toContain('Анна Петрова');
  });

  it('offers "Новая торговая процедура" only to a seller, and tells a buyer who opens the wizard why not', async () => {
    open('/briefcases', { user: buildUser({ company_seller: true }), briefcases: [buildBriefcase()] });
    expect(await screen.findByRole('link', { name: 'Новая торговая процедура' })).toBeInTheDocument();
    cleanup();
    open('/briefcases', { user: buildUser({ company_seller: false }), briefcases: [buildBriefcase()] });
    await waitFor(() => expect(screen.getAllByTestId('briefcase-card')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Новая торговая процедура' })).not.toBeInTheDocument();
    cleanup();
    open('/briefcases/new', { user: buildUser({ company_seller: false }), briefcases: [] });
    expect(await screen.findByText(NOT_A_SELLER_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Данные компании' }).getAttribute('href')).toBe(
      '/profile/client',
    );
  });

  it('keeps the administrator pages from a regular user', async () => {
    const router = open('/admin/briefcases', { user: buildUser(), briefcases: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/briefcases'));
  });

  it('answers an unknown address with the Russian 404 page', async () => {
    open('/no/such/page', { user: null, briefcases: [] });
    expect(await screen.findByText('Страница не найдена')).toBeInTheDocument();
  });

  it('opens the public landing page without signing in', async () => {
    open('/', { user: null, briefcases: [] });
    expect(
      await screen.findByRole('heading', { name: 'Электронная торговая площадка долговых портфелей' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toBeInTheDocument();
  });
});
