/** The lotting panel's table of lots: the first 32, then every lot through a scrolled window of rows. */
import type { WizardDraftLot } from '@etp/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildWizardLot } from '../../../test/factories.ts';
import { stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { LotsTable } from './LotsTable.tsx';

const lotsOf = (count: number): WizardDraftLot[] =>
  Array.from({ length: count }, (_, i) =>
    buildWizardLot({
      id: 1000 + i,
      number: i + 1,
      name: null,
      items_count: 200,
      amount_total: 4_000_000,
      amount_bottomline: 6_000_000,
      bottomline_mean: 30_000,
      dplp: null,
      start_price: 100_000,
      min_price: null,
      predicted_start_price: 120_000,
      predicted_end_price: 150_000,
    }),
  );

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Лоты' }))
    .getAllByRole('row')
    .slice(1);

/** jsdom lays nothing out: the region is 660 px high and each row 33 px, as in Chromium. */
function layOut() {
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.getAttribute('role') === 'region' ? 660 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'TR' ? 33 : 0;
    },
  });
  return () => {
    Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  };
}

let restoreLayout: (() => void) | null = null;
afterEach(() => {
  vi.unstubAllGlobals();
  restoreLayout?.();
  restoreLayout = null;
});

describe('LotsTable', () => {
  it('shows the first 32 lots, then all 5,000 through a window of rows that follows the scroll', async () => {
    restoreLayout = layOut();
    stubApi({ 'GET /api/v1/predicted_price/forms': { forms: [], model: null } });
    renderWithProviders(<LotsTable briefcaseId={7} lots={lotsOf(5000)} method={null} />);
    expect(bodyRows()).toHaveLength(32);
    expect(bodyRows()[31]!.textContent).toContain('Лот № 32');

    fireEvent.click(screen.getByRole('button', { name: 'Показать все лоты' }));
    expect(screen.queryByRole('button', { name: 'Показать все лоты' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Лоты' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    // Only a screenful and the overscan are in the document, not 5,000 rows.
    const first = bodyRows();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(100);
    expect(first[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(first[0]!.textContent).toContain('Лот № 1');

    // Scrolled to the end, the last lot is there with its place in the whole table.
    const region = screen.getByRole('region', { name: 'Лоты' });
    await act(async () => {
      region.scrollTop = 5000 * 33;
      fireEvent.scroll(region);
    });
    const last = await screen.findByTestId('lot-row-5000');
    expect(last.getAttribute('aria-rowindex')).toBe('5001');
    expect(last.textContent).toContain('Лот № 5000');
    expect(bodyRows().length).toBeLessThan(100);
    expect(screen.queryByTestId('lot-row-1')).not.toBeInTheDocument();
  });

  it('has no "Показать все лоты" for 32 lots or fewer', () => {
    stubApi({ 'GET /api/v1/predicted_price/forms': { forms: [], model: null } });
    renderWithProviders(<LotsTable briefcaseId={7} lots={lotsOf(32)} method={null} />);
    expect(bodyRows()).toHaveLength(32);
    expect(screen.queryByRole('button', { name: 'Показать все лоты' })).not.toBeInTheDocument();
  });
});
