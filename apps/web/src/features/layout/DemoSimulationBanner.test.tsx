import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokenStore.ts';
import { buildUser } from '../../test/factories.ts';
import { ok, stubServer } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { DemoSimulationBanner } from './DemoSimulationBanner.tsx';
import { TwoFactorBanner } from './TwoFactorBanner.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
  sessionStorage.clear();
});

const signIn = () =>
  tokenStore.set({ token: 't', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
const time = (demo_simulation: boolean) => ({
  'GET /time': () => ok({ time: new Date().toISOString(), unix_ms: Date.now(), demo_simulation }),
});
const TITLE = 'Демо-режим: торги ведёт симулятор';

describe('the demo-simulator banner (issue 29)', () => {
  it('tells an administrator that simulated buyers bid, and which procedures they leave alone', async () => {
    stubServer({ user: buildUser({ role: 'admin' }), briefcases: [] }, time(true));
    signIn();
    renderWithProviders(<DemoSimulationBanner />, { path: '/briefcases' });
    expect(await screen.findByText(TITLE)).toBeInTheDocument();
    expect(screen.getByTestId('demo-simulation-banner').textContent).toContain(
      'Процедуры, созданные после запуска, симулятор не трогает',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(screen.queryByText(TITLE)).not.toBeInTheDocument());
    expect(sessionStorage.getItem('etp.demo_simulation_banner_dismissed')).toBe('1');
  });

  it('is not shown when the simulator is off, nor to a user who is not an administrator', async () => {
    // Without a phone the two-factor banner shows once the user is read: the proof that the page has loaded.
    stubServer({ user: buildUser({ role: 'admin', phone: null }), briefcases: [] }, time(false));
    signIn();
    const off = renderWithProviders(
      <>
        <DemoSimulationBanner />
        <TwoFactorBanner />
      </>,
      { path: '/briefcases' },
    );
    expect(await screen.findByText('Защитите аккаунт')).toBeInTheDocument();
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    off.unmount();
    vi.unstubAllGlobals();
    stubServer({ user: buildUser({ role: 'user', phone: null }), briefcases: [] }, time(true));
    renderWithProviders(
      <>
        <DemoSimulationBanner />
        <TwoFactorBanner />
      </>,
      { path: '/briefcases' },
    );
    expect(await screen.findByText('Защитите аккаунт')).toBeInTheDocument();
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });
});
