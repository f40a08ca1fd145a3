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

/** The server sends a frame; the query cache tells its observers on the next tick. */
async function push(frame: object) {
  await act(async () => {
    server.current!.push(frame);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
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
    await push({
      channel: 'BriefcaseStats',
      briefcase_id: 42,
      action: 'stats',
      payload: { briefcase_id: 42, bids: 5, users: 3 },
      t: Date.now(),
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
    const stats = (t: number, bids: number) =>
      push({
        channel: 'BriefcaseStats',
        briefcase_id: 42,
        action: 'stats',
        payload: { briefcase_id: 42, bids, users: 2 },
        t,
      });
    answer = reply(9, 2, 1);
    await stats(2000, 9);
    await stats(1000, 4);
    expect(screen.getByTestId('stats-bids').textContent).toBe('9');
  });

  it('keeps the counters of a message that came while a read was under way', async () => {
    renderWithProviders(<CountersProbe />, { createSocket: server.create });
    await screen.findByTestId('stats-bids');
    await waitFor(() => expect(server.current?.sent.length).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(1));
    // The next read answers only when the test says so, with the counters as they were when it started.
    let answerHeld: (() => void) | null = null;
    stubApi({
      'GET /api/v1/charts/briefcases/42/stats': () =>
        new Promise<Response>((resolve) => {
          answerHeld = () => resolve(ok(reply(4, 2, 1)));
        }),
    });
    const stats = (t: number, bids: number) =>
      push({
        channel: 'BriefcaseStats',
        briefcase_id: 42,
        action: 'stats',
        payload: { briefcase_id: 42, bids, users: 2 },
        t,
      });
    await stats(Date.now(), 4);
    await waitFor(() => expect(answerHeld).not.toBeNull());
    // A second bid while that read runs: its counters show at once, and the read's older answer does not undo them.
    await stats(Date.now() + 1, 5);
    expect(screen.getByTestId('stats-bids').textContent).toBe('5');
    await act(async () => {
      answerHeld!();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByTestId('stats-bids').textContent).toBe('5');
  });
});
