import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildLot } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { AutobidControls } from './AutobidControls.tsx';

describe('the autobid of a classic lot', () => {
  it('states its maximum to the kopeck, on the card and in the confirmation, as it is sent', async () => {
    // An autobid up to 300 000,40 ₽: rounded, both would read "300 000 ₽", 40 kopecks off what the server holds.
    const lot = buildLot({
      id: 5,
      next_price: 250_000_00,
      step_price: 1_000_00,
      autobid_status: 'enabled',
      autobid_max_price: 300_000_40,
    });
    renderWithProviders(<AutobidControls lot={lot} />);
    expect(screen.getByTestId('autobid-5').textContent).toBe('Автоставка до 300\u00a0000,40\u00a0₽');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить автоставку' }));
    const field = await screen.findByLabelText('Максимальная цена');
    fireEvent.change(field, { target: { value: '310000,55', selectionStart: 9, selectionEnd: 9 } });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    // The matcher sees no-break spaces as plain ones.
    expect(await screen.findByText('Максимальная цена: 310 000,55 ₽')).toBeInTheDocument();
  });
});
