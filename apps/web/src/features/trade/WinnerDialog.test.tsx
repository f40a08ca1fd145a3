import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLot } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { WinnerDialog } from './WinnerDialog.tsx';

const reply = (data: unknown) =>
  new Response(JSON.stringify({ status: 'ok', data, message: null, errors: {} }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the winner choice', () => {
  it('tells apart offers that differ in kopecks: each amount is stated exactly', async () => {
    // Two sealed offers 50 kopecks apart: rounded to rubles both would read "3 350 001 ₽".
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply([
          {
            id: 1,
            userCompanyName: 'ООО «Первый»',
            amount: 3_350_000_50,
            created_at: '2026-11-28T02:30:00Z',
          },
          {
            id: 2,
            userCompanyName: 'ООО «Второй»',
            amount: 3_350_001_00,
            created_at: '2026-11-28T02:31:00Z',
          },
        ]),
      ),
    );
    renderWithProviders(<WinnerDialog lot={buildLot({ id: 9 })} convert={false} onClose={() => {}} />);
    // The matcher sees no-break spaces as plain ones.
    expect(await screen.findByText(/^3 350 000,50 ₽ · 28\.11\.2026/)).toBeInTheDocument();
    expect(screen.getByText(/^3 350 001 ₽ · 28\.11\.2026/)).toBeInTheDocument();
  });
});
