import type { MonitoredUser, MonitoringPage } from '@etp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/tokenStore.ts';
import { buildBriefcaseCard } from '../../../test/factories.ts';
import { ok, stubApi } from '../../../test/fakeServer.ts';
import { FakeSocketServer } from '../../../test/fakeSocket.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import MonitoringTab from './MonitoringTab.tsx';

const visitor = (id: number, status: MonitoredUser['status']): MonitoredUser => ({
  user_id: id,
  full_name: `Иванов Иван ${id}`,
  company_name: 'ООО «Покупатель»',
  start_datetime: '2026-11-22T09:00:00.000Z',
  end_datetime: status === 'offline' ? '2026-11-22T09:30:00.000Z' : null,
  status,
});

let server: FakeSocketServer;
let answer: MonitoringPage;
let pages: string[] = [];

beforeEach(() => {
  server = new FakeSocketServer();
  pages = [];
  tokenStore.set({ token: 'access', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  stubApi({
    'GET /api/v1/briefcases/42/users': (request) => {
      pages.push(request.query.get('page') ?? '');
      return ok(answer);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const card = buildBriefcaseCard({ id: 42, status: 'active' });

describe('the Monitoring tab', () => {
  it('says so when nobody visited the page', async () => {
    answer = { users: [], online_count: 0, total_count: 0, total_pages: 1 };
    renderWithProviders(<MonitoringTab briefcase={card} />, { createSocket: server.create });
    expect(
      await screen.findByText('Пользователи не посещали страницу ТП после начала мониторинга'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-online').textContent).toBe('В сети: 0');
  });

  it('lists visitors with their status and a link to their page, and follows UsersStream', async () => {
    answer = {
      users: [visitor(7, 'online'), visitor(8, 'offline')],
      online_count: 1,
      total_count: 2,
      total_pages: 1,
    };
    renderWithProviders(<MonitoringTab briefcase={card} />, { createSocket: server.create });
    const row = await screen.findByTestId('monitoring-user-7');
    expect(within(row).getByText('В сети')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Иванов Иван 7' }).getAttribute('href')).toBe(
      '/admin/users/7',
    );
    expect(within(screen.getByTestId('monitoring-user-8')).getByText('Не в сети')).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-total').textContent).toBe('Всего посетителей: 2');
    await waitFor(() =>
      expect(server.current?.sent).toContainEqual({
        command: 'subscribe',
        channel: 'UsersStream',
        briefcase_id: 42,
      }),
    );

    answer = { ...answer, users: [visitor(7, 'away'), visitor(8, 'offline')], online_count: 0 };
    await act(async () => {
      server.current!.push({
        channel: 'UsersStream',
        briefcase_id: 42,
        action: 'users',
        payload: { user: visitor(7, 'away'), online_count: 0, total_count: 2 },
        t: Date.now(),
      });
    });
    expect(within(screen.getByTestId('monitoring-user-7')).getByText('Отошёл')).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-online').textContent).toBe('В сети: 0');
    // A newcomer or a new order is the server's: the page is read again.
    await waitFor(() => expect(pages).toEqual(['1', '1']));
  });

  it('pages by twenty', async () => {
    answer = {
      users: Array.from({ length: 20 }, (_, i) => visitor(100 + i, 'offline')),
      online_count: 0,
      total_count: 25,
      total_pages: 2,
    };
    renderWithProviders(<MonitoringTab briefcase={card} />, { createSocket: server.create });
    await screen.findByTestId('monitoring-user-100');
    act(() => screen.getByRole('button', { name: 'Перейти на 2 страницу' }).click());
    await waitFor(() => expect(pages).toContain('2'));
  });
});
