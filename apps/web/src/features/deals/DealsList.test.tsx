import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { DealCard } from './DealBlock.tsx';
import { filterOf } from './DealsBrowser.tsx';
import { DealsList } from './DealsList.tsx';
import { buildDeal } from './testDeal.ts';

describe('"Мои сделки"', () => {
  it('shows each deal with the caller’s role, the other side, the state and the caller’s next step', () => {
    renderWithProviders(
      <DealsList
        deals={[
          buildDeal({ id: 1, available_actions: ['sign'] }),
          buildDeal({
            id: 2,
            lot_name: 'Лот №5',
            role: 'seller',
            state: 'signed_by_seller',
            state_label: 'Подписана продавцом',
            available_actions: [],
          }),
        ]}
      />,
    );
    const [won, sold] = screen.getAllByTestId('deal-row');
    const wonText = won?.textContent ?? '';
    expect(wonText).toContain('Покупатель');
    // The buyer deals with the seller, and the seller with the buyer.
    expect(wonText).toContain('ПАО «Северный банк»');
    expect(wonText).toMatch(/1\s200\s000\s₽/);
    expect(wonText).toContain('Подписать SMS-кодом');
    const soldText = sold?.textContent ?? '';
    expect(soldText).toContain('ООО «Коллект-Инвест»');
    expect(soldText).toContain('Подписана продавцом');
    expect(soldText).toContain('Ждём другую сторону');
    expect(
      within(sold as HTMLElement)
        .getByRole('link', { name: 'Лот №5' })
        .getAttribute('href'),
    ).toBe('/briefcases/12/trade?id=31&deal=1');
  });

  it('shows no step for a closed deal, though its registry can still be downloaded', () => {
    renderWithProviders(
      <DealsList
        deals={[
          buildDeal({
            state: 'closed',
            state_label: 'Завершена',
            deadline_at: null,
            registry_url: '/api/v1/deals/7/registry',
          }),
        ]}
      />,
    );
    const text = screen.getByTestId('deal-row').textContent ?? '';
    expect(text).toContain('Завершена');
    expect(text).not.toContain('Скачать реестр');
  });

  it('keeps its filters in the address and ignores what it does not know', () => {
    expect(filterOf(new URLSearchParams('state=paid&role=seller&page=3'))).toEqual({
      page: 3,
      state: 'paid',
      role: 'seller',
    });
    expect(filterOf(new URLSearchParams('state=won&role=admin&page=-2'))).toEqual({
      page: 1,
      state: undefined,
      role: undefined,
    });
  });
});

describe('the "Сделка" block', () => {
  it('shows both sides who signed how and when, and the price in figures and words', () => {
    renderWithProviders(
      <DealCard
        deal={buildDeal({
          role: 'seller',
          state: 'signed_by_buyer',
          state_label: 'Подписана покупателем',
          buyer_signature: {
            at: '2026-03-16T11:05:00.000Z',
            method: 'scan',
            user_id: 4,
            scan_url: '/api/v1/deals/7/scans/buyer',
          },
          available_actions: ['sign'],
        })}
      />,
    );
    const signatures = screen.getByTestId('deal-signatures').textContent ?? '';
    expect(signatures).toMatch(/ПокупательПодписан сканом 16\.03\.2026 14:05/);
    expect(signatures).toContain('ПродавецНе подписан');
    expect(screen.getByTestId('deal-price').textContent).toBe(
      '1 200 000 ₽ (Один миллион двести тысяч рублей 00 копеек)',
    );
    expect(screen.getByText('Подписать договор до')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Подписать SMS-кодом' })).toBeInTheDocument();
  });

  it('names the second bidder’s offer once, in the chip, with no signatures before the offer is accepted', () => {
    renderWithProviders(
      <DealCard
        deal={buildDeal({
          attempt: 2,
          state: 'second_offer',
          state_label: 'Предложена второму участнику',
          available_actions: ['accept_offer', 'decline_offer'],
        })}
      />,
    );
    const block = screen.getByTestId('deal-block').textContent ?? '';
    expect(block.match(/второму участнику/g)).toHaveLength(1);
    expect(screen.queryByTestId('deal-signatures')).not.toBeInTheDocument();
    expect(block).not.toContain('Не подписан');
  });

  it('keeps the second bidder’s note in the header once the offer is accepted, with both signatures', () => {
    renderWithProviders(<DealCard deal={buildDeal({ attempt: 2, available_actions: ['sign'] })} />);
    expect(screen.getByTestId('deal-block').textContent).toContain(
      'Предложена второму участнику · Вы — покупатель',
    );
    expect(screen.getByTestId('deal-signatures').textContent).toContain('ПокупательНе подписан');
  });

  it('says when a closed deal ended, in Moscow time', () => {
    renderWithProviders(
      <DealCard
        deal={buildDeal({
          state: 'closed',
          state_label: 'Завершена',
          deadline_at: null,
          registry_handed_over_at: '2026-03-16T11:05:00.000Z',
          ended_at: '2026-03-16T12:30:00.000Z',
        })}
      />,
    );
    expect(screen.getByText('Сделка завершена').nextSibling?.textContent).toMatch(/^16\.03\.2026 15:30/);
  });
});
