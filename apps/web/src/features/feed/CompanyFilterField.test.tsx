import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { CompanyFilterField } from './CompanyFilterField.tsx';

describe('CompanyFilterField', () => {
  it('stands in with an empty field until the first interaction, then hands what was typed to the multi-select', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderWithProviders(<CompanyFilterField value={[]} onChange={() => undefined} />);
    const standIn = screen.getByRole('combobox', { name: 'Организатор' });
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    // Nothing is fetched while the page is only looked at: the stand-in stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox', { name: 'Организатор' })).toBe(standIn);

    fireEvent.change(standIn, { target: { value: 'Банк' } });
    fireEvent.focus(standIn);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Организатор' })).not.toBe(standIn));
    const multiSelect = screen.getByRole('combobox', { name: 'Организатор' }) as HTMLInputElement;
    expect(multiSelect.value).toBe('Банк');
    expect(document.activeElement).toBe(multiSelect);
    vi.unstubAllGlobals();
  });
});
