import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokenStore.ts';
import { buildUser } from '../../test/factories.ts';
import { type FakeServerState, stubServer } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { LimitedAccessBanner } from './LimitedAccessBanner.tsx';
import { TwoFactorBanner } from './TwoFactorBanner.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const signIn = () =>
  tokenStore.set({ token: 't', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });

describe('the banners of the frame', () => {
  it('lifts the limited-access banner by itself once the administrator accredits the company', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server: FakeServerState = { user: buildUser({ company_good_standing: false }), briefcases: [] };
    stubServer(server);
    signIn();
    renderWithProviders(<LimitedAccessBanner />);
    expect(await screen.findByText('Доступ ограничен')).toBeInTheDocument();
    server.user = buildUser({ company_good_standing: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(screen.queryByText('Доступ ограничен')).not.toBeInTheDocument();
  });

  it('stays away from the accreditation page, which tells the company’s own status', async () => {
    // Without a phone the two-factor banner shows once the user is read: the proof that the page has loaded.
    stubServer({ user: buildUser({ company_good_standing: false, phone: null }), briefcases: [] });
    signIn();
    renderWithProviders(
      <>
        <LimitedAccessBanner />
        <TwoFactorBanner />
      </>,
      { path: '/profile/client' },
    );
    expect(await screen.findByText('Защитите аккаунт')).toBeInTheDocument();
    expect(screen.queryByText('Доступ ограничен')).not.toBeInTheDocument();
  });

  it('asks a user without a phone or a password to fill them in the profile', async () => {
    stubServer({ user: buildUser({ phone: null, has_password: false }), briefcases: [] });
    signIn();
    renderWithProviders(<TwoFactorBanner />, { path: '/briefcases' });
    expect(
      await screen.findByText(
        'Укажите в профиле номер телефона и пароль: они нужны для входа и восстановления доступа.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в профиль' }).getAttribute('href')).toBe('/profile');
  });
});
