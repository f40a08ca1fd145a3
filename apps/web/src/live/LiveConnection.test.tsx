import type { LotList } from '@etp/contracts';
import { formatRubles } from '@etp/domain';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../api/apiClient.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { tokenStore } from '../api/tokenStore.ts';
import { useBriefcase } from '../api/useBriefcase.ts';
import { buildBriefcaseCard, buildLot } from '../test/factories.ts';
import { ok, stubApi } from '../test/fakeServer.ts';
import { FakeSocketServer } from '../test/fakeSocket.ts';
import { renderWithProviders } from '../test/renderWithProviders.tsx';
import { ConnectionLostNotice } from './ConnectionLostNotice.tsx';
import { LiveConnection } from './LiveConnection.ts';
import { useLiveSubscription } from './useLive.ts';

/** A screen that shows one lot of procedure 42 from the lots cache and keeps the procedure's lots live. */
function LotProbe() {
  useLiveSubscription('LotsStream', 42);
  useBriefcase(42);
  const lots = useQuery({
    queryKey: queryKeys.lots(42, 1, false),
    queryFn: () => apiClient.request<LotList>('/api/v1/lots', { query: { briefcase_id: 42 } }),
  });
  const lot = lots.data?.lots[0]?.attributes;
  if (!lot) return null;
  return (
    <div>
      <span data-testid="price">{lot.current_price === null ? '—' : formatRubles(lot.current_price)}</span>
      <span data-testid="bids">{lot.bids_count}</span>
      <span data-testid="condition">{lot.condition.text}</span>
      <ConnectionLostNotice />
    </div>
  );
}

function Closable() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(false)}>
        Закрыть
      </button>
      {open && <LotProbe />}
    </>
  );
}

const update = (t: number, version: number, price: number, leader: string | null) => ({
  channel: 'LotsStream',
  briefcase_id: 42,
  action: 'lot_update',
  t,
  payload: {
    id: 501,
    briefcase_id: 42,
    status: 'active',
    current_price: price,
    next_price: price + 10_000_00,
    current_step: null,
    bids_count: version - 1,
    bidders_count: 1,
    end_datetime: '2026-11-22T10:00:00.000Z',
    renewals_count: 0,
    leader_tag: leader,
    winner_tag: null,
    is_without_winner: false,
    version,
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
let lotReads = 0;

beforeEach(() => {
  server = new FakeSocketServer();
  lotReads = 0;
  tokenStore.set({ token: 'access', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  stubApi({
    'GET /api/v1/lots': () => {
      lotReads++;
      return ok({
        lots: [{ id: 501, attributes: buildLot() }],
        total_pages: 1,
        total_count: 1,
        bids_status: 'active',
      });
    },
    'GET /api/v1/briefcases/42': {
      id: 42,
      hidden: false,
      attributes: buildBriefcaseCard({ id: 42, status: 'active' }),
    },
    'GET /time': () => ok({ time: new Date().toISOString(), unix_ms: Date.now() }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('the live client', () => {
  it('authenticates, subscribes, and writes lot updates into the cache the screen reads', async () => {
    renderWithProviders(<LotProbe />, { createSocket: server.create });
    await screen.findByTestId('price');
    await waitFor(() =>
      expect(server.current?.sent).toEqual([
        { command: 'authenticate', token: 'access' },
        { command: 'subscribe', channel: 'LotsStream', briefcase_id: 42 },
      ]),
    );
    await push(update(1000, 2, 1_000_000_00, 'other'));
    expect(screen.getByTestId('price').textContent).toBe(formatRubles(1_000_000_00));
    expect(screen.getByTestId('bids').textContent).toBe('1');
  });

  it('drops a message older than the one shown, and applies a batch in order', async () => {
    renderWithProviders(<LotProbe />, { createSocket: server.create });
    await screen.findByTestId('price');
    await waitFor(() => expect(server.current?.sent).toHaveLength(2));
    await push(update(2000, 3, 1_010_000_00, 'other'));
    await push(update(1500, 2, 1_000_000_00, 'other'));
    expect(screen.getByTestId('price').textContent).toBe(formatRubles(1_010_000_00));
    await push({
      channel: 'LotsStream',
      briefcase_id: 42,
      action: 'batch',
      t: 3000,
      messages: [update(2500, 4, 1_020_000_00, 'other'), update(3000, 5, 1_030_000_00, 'other')],
    });
    expect(screen.getByTestId('price').textContent).toBe(formatRubles(1_030_000_00));
    expect(screen.getByTestId('bids').textContent).toBe('4');
  });

  it('keeps a newer update over a page of lots that was read before it and answered after it', async () => {
    const { queryClient } = renderWithProviders(<LotProbe />, { createSocket: server.create });
    await screen.findByTestId('price');
    await waitFor(() => expect(server.current?.sent).toHaveLength(2));
    // A re-read starts (a focus, an invalidation); the server answers with the page as it was before the bid.
    let answer: ((response: Response) => void) | null = null;
    stubApi({
      'GET /api/v1/lots': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/v1/briefcases/42': {
        id: 42,
        hidden: false,
        attributes: buildBriefcaseCard({ id: 42, status: 'active' }),
      },
    });
    const reread = queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(42) });
    await waitFor(() => expect(answer).not.toBeNull());
    await push(update(1000, 2, 1_234_000_00, 'other'));
    expect(screen.getByTestId('price').textContent).toBe(formatRubles(1_234_000_00));
    answer!(
      ok({
        lots: [{ id: 501, attributes: buildLot() }],
        total_pages: 1,
        total_count: 1,
        bids_status: 'active',
      }),
    );
    await act(async () => {
      await reread;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(
      (queryClient.getQueryData(queryKeys.lots(42, 1, false)) as LotList).lots[0]!.attributes.version,
    ).toBe(2);
    expect(screen.getByTestId('price').textContent).toBe(formatRubles(1_234_000_00));
    expect(screen.getByTestId('bids').textContent).toBe('1');
  });

  it('shows "Установка соединения..." while the socket is down, then resubscribes and reloads the lots', async () => {
    renderWithProviders(<LotProbe />, { createSocket: server.create, retryDelay: 50 });
    await screen.findByTestId('price');
    await waitFor(() => expect(server.current?.sent).toHaveLength(2));
    const readsBefore = lotReads;
    server.up = false;
    act(() => server.current!.drop(1006));
    expect(await screen.findByText('Установка соединения...')).toBeInTheDocument();
    // Retries fail while the server is down; the notice stays.
    await waitFor(() => expect(server.sockets.length).toBeGreaterThanOrEqual(3));
    expect(screen.getByText('Установка соединения...')).toBeInTheDocument();
    server.up = true;
    await waitFor(() => expect(server.sockets.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByText('Установка соединения...')).not.toBeInTheDocument());
    expect(server.current!.sent).toContainEqual({
      command: 'subscribe',
      channel: 'LotsStream',
      briefcase_id: 42,
    });
    await waitFor(() => expect(lotReads).toBeGreaterThan(readsBefore));
  });

  it('marks the viewer as leading when the update names their company, and outbid when another takes over', async () => {
    renderWithProviders(<LotProbe />, { createSocket: server.create });
    await screen.findByTestId('price');
    await waitFor(() => expect(server.current?.sent).toHaveLength(2));
    await push(update(1000, 2, 1_000_000_00, 'me'));
    await waitFor(() => expect(screen.getByTestId('condition').textContent).toBe('Вы лидируете'));
    await push(update(2000, 3, 1_010_000_00, 'other'));
    expect(screen.getByTestId('condition').textContent).toBe('Ставка перебита');
  });

  it('unsubscribes when the screen goes away', async () => {
    renderWithProviders(<Closable />, { createSocket: server.create });
    await screen.findByTestId('price');
    await waitFor(() => expect(server.current?.sent).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(server.current!.sent.at(-1)).toEqual({
      command: 'unsubscribe',
      channel: 'LotsStream',
      briefcase_id: 42,
    });
  });

  it('sends a subscription made while the token is still being checked (a tab that loads after the card)', async () => {
    // The server answers the token only when the test says so.
    const slow = new FakeSocketServer();
    slow.onCommand = (socket, command) => {
      if (command.command === 'subscribe')
        socket.push({ type: 'subscribed', channel: command.channel, briefcase_id: command.briefcase_id });
    };
    const connection = new LiveConnection({
      createSocket: slow.create,
      token: () => 'access',
      refreshToken: async () => true,
      onFrame: () => {},
      onRecovered: () => {},
    });
    connection.subscribe('BriefcaseStatus', 42);
    await waitFor(() => expect(slow.current?.sent).toHaveLength(2));
    expect(connection.state).toBe('connecting');
    const release = connection.subscribe('LotsStream', 42);
    slow.current!.push({ type: 'authenticated', user_id: 1 });
    expect(connection.state).toBe('open');
    expect(slow.current!.sent).toEqual([
      { command: 'authenticate', token: 'access' },
      { command: 'subscribe', channel: 'BriefcaseStatus', briefcase_id: 42 },
      { command: 'subscribe', channel: 'LotsStream', briefcase_id: 42 },
    ]);
    release();
    expect(slow.current!.sent.at(-1)).toEqual({
      command: 'unsubscribe',
      channel: 'LotsStream',
      briefcase_id: 42,
    });
    connection.close();
  });
});
