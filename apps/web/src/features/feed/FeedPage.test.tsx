import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokenStore.ts';
import { buildBriefcase, buildUser } from '../../test/factories.ts';
import { stubServer } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { FeedPage } from './FeedPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const signIn = () =>
  tokenStore.set({ token: 't', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });

const tabNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('the feed tabs', () => {
  it('give a user whose company is not accredited the All tab only, chosen (spec 2 §1)', async () => {
    stubServer({ user: buildUser({ company_good_standing: false }), briefcases: [buildBriefcase()] });
    signIn();
    // Even an address naming another tab shows the All list.
    renderWithProviders(<FeedPage />, { path: '/briefcases?tab=favorites' });
    const list = await screen.findByRole('tablist', { name: 'Разделы списка' });
    expect(tabNames(list)).toEqual(['Все']);
    expect(within(list).getByRole('tab', { name: 'Все' }).getAttribute('aria-selected')).toBe('true');
  });

  it('give an accredited user all four tabs with their counters', async () => {
    stubServer({ user: buildUser({ company_good_standing: true }), briefcases: [buildBriefcase()] });
    signIn();
    renderWithProviders(<FeedPage />, { path: '/briefcases' });
    const list = await screen.findByRole('tablist', { name: 'Разделы списка' });
    await within(list).findByText('1');
    expect(tabNames(list)).toEqual(['Все1', 'С моим участием0', 'Избранное0', 'Мои0']);
  });
});
