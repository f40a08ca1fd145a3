/**
 * "Мои сделки" and the lot's "Сделка" block follow DealsStream (decisions/0261): subscribed without a procedure
 * through the app's one live connection, and a deal_update of any procedure re-reads the list and the block.
 */
import { liveMessage } from '@etp/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokenStore.ts';
import { ok, stubApi } from '../../test/fakeServer.ts';
import { FakeSocketServer } from '../../test/fakeSocket.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import DealBlock from './DealBlock.tsx';
import { DealsBrowser } from './DealsBrowser.tsx';
import type { Deal } from './dealsApi.ts';
import { buildDeal } from './testDeal.ts';

let server: FakeSocketServer;
let deal: Deal;
let listReads = 0;
let blockReads = 0;

beforeEach(() => {
  server = new FakeSocketServer();
  deal = buildDeal();
  listReads = 0;
  blockReads = 0;
  tokenStore.set({ token: 'access', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  stubApi({
    'GET /api/v1/deals': () => {
      listReads++;
      return ok({ deals: [deal], total_count: 1, total_pages: 1 });
    },
    [`GET /api/v1/lots/${deal.lot_id}/deal`]: () => {
      blockReads++;
      return ok(deal);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

/** The seller signed: the step as the server announces it on DealsStream (it names the deal's procedure). */
const sellerSigned = () =>
  liveMessage.deal_update(
    deal.briefcase_id,
    {
      deal_id: deal.id,
      lot_id: deal.lot_id,
      briefcase_id: deal.briefcase_id,
      attempt: 1,
      state: 'signed_by_seller',
      deadline_at: deal.deadline_at,
    },
    Date.now(),
  );

const subscribedToDealsStream = () =>
  waitFor(() =>
    expect(server.current?.sent).toContainEqual({ command: 'subscribe', channel: 'DealsStream' }),
  );

describe('deals, live (decisions/0261)', () => {
  it('"Мои сделки" subscribes to DealsStream and shows a step of the deal without a reload', async () => {
    renderWithProviders(<DealsBrowser />, { path: '/profile/deals', createSocket: server.create });
    expect(await screen.findByText('Ожидает подписания')).toBeInTheDocument();
    await subscribedToDealsStream();
    const before = listReads;

    deal = buildDeal({ state: 'signed_by_seller', state_label: 'Подписана продавцом' });
    await act(async () => server.current!.push(sellerSigned()));
    expect(await screen.findByText('Подписана продавцом')).toBeInTheDocument();
    expect(listReads).toBeGreaterThan(before);
  });

  it('the lot’s "Сделка" block subscribes to DealsStream too and reads the deal again on its step', async () => {
    renderWithProviders(<DealBlock lotId={deal.lot_id} />, { createSocket: server.create });
    expect(await screen.findByText('Ожидает подписания')).toBeInTheDocument();
    await subscribedToDealsStream();
    const before = blockReads;

    deal = buildDeal({ state: 'signed_by_seller', state_label: 'Подписана продавцом' });
    await act(async () => server.current!.push(sellerSigned()));
    expect(await screen.findByText('Подписана продавцом')).toBeInTheDocument();
    expect(blockReads).toBeGreaterThan(before);
  });
});
