import type { BriefcaseStats } from '@etp/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/tokenStore.ts';
import { ok, stubApi } from '../../../test/fakeServer.ts';
import { FakeSocketServer } from '../../../test/fakeSocket.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { StatsCounters } from './StatsCounters.tsx';
import { useBriefcaseStats } from './useBriefcaseStats.ts';

function CountersProbe() {
  const stats = useBriefcaseStats(42);
  return stats.data ? <StatsCounters stats={stats.data.attributes} currency="₽" /> : null;
}

const reply = (bids: number, users: number, withBids: number): BriefcaseStats => ({
  id: 42,
  attributes: {
    users,
    downloaded: 0,
    bids,
    statuses: { total_lots: 2, with_bids: withBids, finished_lots: 0 },
    current_price: 0,
    lots: [],
    histograms: { bids: [], prices: [] },
  },
});

let server: FakeSocketServer;
let answer: BriefcaseStats;
let reads = 0;

beforeEach(() => {
  server = new FakeSocketServer();
  reads = 0;
  answer = reply(3, 2, 1);
  tokenStore.set({ token: 'access', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  stubApi({
    'GET /api/v1/charts/briefcases/42/stats': () => {
      reads++;
      return ok(answer);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('the Statistics tab, live', () => {
  it('follows BriefcaseStats and the lots, shows the counters a message brings, then re-reads the rest', async () => {
    renderWithProviders(<CountersProbe />, { createSocket: server.create });
    expect((await screen.findByTestId('stats-bids')).textContent).toBe('3');
    await waitFor(() =>
      expect(server.current?.sent).toEqual(
        expect.arrayContaining([
          { command: 'subscribe', channel: 'BriefcaseStats', briefcase_id: 42 },
          { command: 'subscribe', channel: 'LotsStream', briefcase_id: 42 },
        ]),
      ),
    );
    answer = reply(5, 3, 2);
    await act(async () => {
      server.current!.push({
        channel: 'BriefcaseStats',
        briefcase_id: 42,
        action: 'stats',
        payload: { briefcase_id: 42, bids: 5, users: 3 },
        t: Date.now(),
      });
    });
    expect(screen.getByTestId('stats-bids').textContent).toBe('5');
    expect(screen.getByTestId('stats-users').textContent).toBe('3');
    // The lots with bids are not in the message: the tab reads them again.
    await waitFor(() => expect(screen.getByTestId('stats-withBids').textContent).toBe('2 из 2'));
    expect(reads).toBe(2);
  });

  it('drops a stats message older than the one shown', async () => {
    renderWithProviders(<CountersProbe />, { createSocket: server.create });
    await screen.findByTestId('stats-bids');
    await waitFor(() => expect(server.current?.sent.length).toBeGreaterThanOrEqual(3));
    const push = (t: number, bids: number) =>
      act(async () => {
        server.current!.push({
          channel: 'BriefcaseStats',
          briefcase_id: 42,
          action: 'stats',
          payload: { briefcase_id: 42, bids, users: 2 },
          t,
        });
      });
    answer = reply(9, 2, 1);
    await push(2000, 9);
    await push(1000, 4);
    expect(screen.getByTestId('stats-bids').textContent).toBe('9');
  });
});
