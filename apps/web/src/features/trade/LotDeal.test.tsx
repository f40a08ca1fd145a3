/**
 * A lot card on the Торги tab shows the viewer's deal (decisions/0270): the winner and the seller read its state and
 * open the lot dialog at the "Сделка" block; the second bidder who accepted the offer reads "Вы покупатель по
 * сделке", not "Победил другой участник"; a bidder without a deal sees no deal line. A deal_update on DealsStream
 * moves the card's line without a reload.
 */
import type { LotAttributes, LotDealSummary, LotLivePayload } from '@etp/contracts';
import { liveMessage } from '@etp/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokenStore.ts';
import { mergeLotUpdate } from '../../live/mergeLotUpdate.ts';
import { buildBriefcaseCard, buildLot, buildUser } from '../../test/factories.ts';
import { ok, stubApi } from '../../test/fakeServer.ts';
import { FakeSocketServer } from '../../test/fakeSocket.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { LotCardView } from './LotCard.tsx';
import { TradeTab } from './TradeTab.tsx';

const briefcase = buildBriefcaseCard({ id: 42, status: 'closed', auction_type: 'classic' });
const viewer = { admin: false, playerView: false };
const summary = (overrides: Partial<LotDealSummary> = {}): LotDealSummary => ({
  id: 5,
  attempt: 1,
  state: 'awaiting_signatures',
  state_label: 'Ожидает подписания',
  role: 'buyer',
  buyer_company: 'ООО «Покупатель»',
  price_kopecks: 293_207_00,
  deadline_at: '2026-11-27T20:59:59.999Z',
  ...overrides,
});
const closedLot = (overrides: Partial<LotAttributes>) =>
  buildLot({ id: 3, briefcase_id: 42, status: 'closed', bids_count: 2, ...overrides });

const card = (lot: LotAttributes) => {
  renderWithProviders(
    <LotCardView lot={lot} briefcase={briefcase} viewer={viewer} href="?id=3" dealHref="?id=3" />,
  );
  return screen.getByTestId('lot-card-3');
};

describe('the deal on a lot card (decisions/0270)', () => {
  it('shows the winner its deal’s state, its clock, and a link to the lot dialog’s "Сделка" block', () => {
    const shown = card(
      closedLot({
        // The seller chose this bid of 293 207 ₽, below the lot's highest, 295 707 ₽.
        current_price: 295_707_00,
        is_winner: true,
        condition: { text: 'Вы победили', color: 'green' },
        deal: summary(),
      }),
    );
    expect(within(shown).getByText('Вы победили')).toBeInTheDocument();
    expect(within(shown).getByText('Цена договора')).toBeInTheDocument();
    expect(within(shown).getByTestId('lot-price-3').textContent).toBe('293\u00a0207\u00a0₽');
    expect(within(shown).getByText('Сделка: ожидает подписания')).toBeInTheDocument();
    expect(within(shown).getByText(/Подписать договор до/)).toHaveTextContent('27.11.2026');
    expect(within(shown).getByRole('link', { name: 'Открыть сделку' })).toHaveAttribute(
      'href',
      '/?id=3&deal=1',
    );
  });

  it('shows the seller the deal’s state', () => {
    const shown = card(
      closedLot({
        is_owner: true,
        winner_company: 'ООО «Покупатель»',
        condition: { text: 'Победитель выбран', color: 'green' },
        deal: summary({ role: 'seller', state: 'awaiting_payment', state_label: 'Ожидает оплаты' }),
      }),
    );
    expect(within(shown).getByText('Сделка: ожидает оплаты')).toBeInTheDocument();
    expect(within(shown).getByText(/Оплатить до/)).toBeInTheDocument();
    // The winner's own deal: the card already names its buyer as the winner.
    expect(within(shown).queryByText(/^Покупатель:/)).not.toBeInTheDocument();
  });

  it('tells the seller who buys in the offer deal, since the card’s winner is the first buyer', () => {
    const shown = card(
      closedLot({
        is_owner: true,
        winner_company: 'ООО «Победитель»',
        condition: { text: 'Победитель выбран', color: 'green' },
        deal: summary({ id: 6, attempt: 2, role: 'seller', buyer_company: 'ООО «Второй»' }),
      }),
    );
    expect(within(shown).getByText('Покупатель: ООО «Второй»')).toBeInTheDocument();
  });

  it('calls the second bidder the buyer once it accepted, and keeps it so through a live lot update', () => {
    const second = closedLot({
      last_users_bid_cents: 1_100_000_00,
      condition: { text: 'Вы покупатель по сделке', color: 'green' },
      deal: summary({ id: 6, attempt: 2 }),
    });
    const shown = card(second);
    expect(within(shown).getByText('Вы покупатель по сделке')).toBeInTheDocument();
    expect(within(shown).queryByText('Победил другой участник')).not.toBeInTheDocument();
    // A later lot update recomputes the line in the browser: the deal still outranks the trading's outcome.
    const update: LotLivePayload = {
      id: 3,
      briefcase_id: 42,
      status: 'closed',
      current_price: 1_200_000_00,
      next_price: 1_210_000_00,
      current_step: null,
      bids_count: 2,
      bidders_count: 2,
      end_datetime: second.end_datetime,
      renewals_count: 0,
      leader_tag: 'winner',
      winner_tag: 'winner',
      is_without_winner: false,
      version: second.version + 1,
    };
    expect(mergeLotUpdate(second, update, { auction_type: 'classic', end_mode: null }).condition.text).toBe(
      'Вы покупатель по сделке',
    );
  });

  it('shows no deal line to a bidder without a deal', () => {
    const shown = card(
      closedLot({
        last_users_bid_cents: 1_100_000_00,
        condition: { text: 'Победил другой участник', color: 'red' },
      }),
    );
    expect(within(shown).getByText('Победил другой участник')).toBeInTheDocument();
    expect(within(shown).queryByText(/^Сделка:/)).not.toBeInTheDocument();
    expect(within(shown).queryByRole('link', { name: 'Открыть сделку' })).not.toBeInTheDocument();
  });
});

describe('the Торги tab’s deal lines, live', () => {
  let server: FakeSocketServer;
  let lot: LotAttributes;
  beforeEach(() => {
    server = new FakeSocketServer();
    lot = closedLot({ is_winner: true, condition: { text: 'Вы победили', color: 'green' }, deal: summary() });
    tokenStore.set({ token: 'access', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
    stubApi({
      'GET /time': () => ok({ time: new Date().toISOString(), unix_ms: Date.now() }),
      'GET /api/v1/lots': () =>
        ok({
          lots: [{ id: lot.id, attributes: lot }],
          total_pages: 1,
          total_count: 1,
          bids_status: 'closed',
        }),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStore.clear();
  });

  it('subscribes to DealsStream once trading is over and moves the card on a deal_update', async () => {
    renderWithProviders(<TradeTab briefcase={briefcase} user={buildUser()} />, {
      path: '/briefcases/42/trade',
      createSocket: server.create,
    });
    expect(await screen.findByText('Сделка: ожидает подписания')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.current?.sent).toContainEqual({ command: 'subscribe', channel: 'DealsStream' }),
    );

    lot = { ...lot, deal: summary({ state: 'signed_by_seller', state_label: 'Подписана продавцом' }) };
    await act(async () =>
      server.current!.push(
        liveMessage.deal_update(
          42,
          {
            deal_id: 5,
            lot_id: 3,
            briefcase_id: 42,
            attempt: 1,
            state: 'signed_by_seller',
            deadline_at: lot.deal!.deadline_at,
          },
          Date.now(),
        ),
      ),
    );
    expect(await screen.findByText('Сделка: подписана продавцом')).toBeInTheDocument();
  });
});
