import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { DeferredSelect } from './DeferredSelect.tsx';

const ENTRIES = [
  { value: '', label: 'Все статусы' },
  { divider: true as const },
  { value: 'all_active', label: 'Активные и предстоящие' },
  { header: 'Статус' },
  { value: 'finished', label: 'Завершена' },
];

describe('DeferredSelect', () => {
  it('shows a stand-in with the chosen value until pressed, then opens the real list and reports the choice', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DeferredSelect label="Статус" value="all_active" entries={ENTRIES} onChange={onChange} />,
    );
    const standIn = screen.getByRole('combobox', { name: 'Статус' });
    expect(standIn.textContent).toBe('Активные и предстоящие');
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    // The label sits above the value, in the outline's notch, as on MUI's Select.
    expect(screen.getByText('Статус', { selector: 'label' }).getAttribute('data-shrink')).toBe('true');
    // Only looked at: the list's code is not fetched, the stand-in stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox')).toBe(standIn);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // A press before the select has arrived opens its list as soon as it is there.
    fireEvent.mouseDown(standIn);
    const list = await screen.findByRole('listbox');
    // The choices, the divider (no text) and the group header, in their order.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Все статусы', '', 'Активные и предстоящие', 'Статус', 'Завершена']);
    fireEvent.click(within(list).getByRole('option', { name: 'Завершена' }));
    expect(onChange).toHaveBeenCalledWith('finished');
  });

  it('shows nothing for the empty value, as MUI does, with the label inside the field', () => {
    renderWithProviders(
      <DeferredSelect label="Тип торгов" value="" entries={ENTRIES} onChange={() => undefined} />,
    );
    const standIn = screen.getByRole('combobox', { name: /Тип торгов/ });
    expect(standIn.textContent).toBe('\u200b');
  });

  it('is named by an element outside it when told so', async () => {
    renderWithProviders(
      <>
        <span id="per-page">Показывать по</span>
        <DeferredSelect
          label="Показывать по"
          labelledBy="per-page"
          value="20"
          entries={[
            { value: '10', label: '10' },
            { value: '20', label: '20' },
          ]}
          onChange={() => undefined}
        />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Показывать по' }).textContent).toBe('20');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });
});
