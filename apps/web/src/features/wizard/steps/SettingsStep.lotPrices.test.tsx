/**
 * Step 3's own price per lot and steps after the first bid (issue 29 part 8, decisions/0239, 0240): a grouped money
 * field in every row of the lots table, checked by the domain's rules before the step is left, and sent in the
 * save as lots_start_prices_cents.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildWizardLot } from '../../../test/factories.ts';
import { stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { saveBodyOf, type WizardForm } from '../wizardForm.ts';
import { loadedAtStep3, StepThree } from './settingsStepHarness.tsx';

const now = new Date('2026-11-25T12:00:00+03:00');
/** ОСЗ 10 000 000 ₽: the lot's minimum price is 100 000 ₽. */
const lot = buildWizardLot({
  id: 5,
  amount_bottomline: 10_000_000_00,
  start_price: 500_000_00,
  min_price: 100_000_00,
});
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('step 3: the seller’s lot prices', () => {
  it('shows each lot’s price grouped by thousands, keeps what is typed and names a price below the minimum', () => {
    stubApi({});
    let form: WizardForm | null = null;
    renderWithProviders(
      <StepThree initial={loadedAtStep3(lot)} lot={lot} now={now} seen={(f) => (form = f)} errorsShown />,
    );
    const row = screen.getByTestId('lot-row-1');
    expect(plain(within(row).getByTestId('lot-min-price-1').textContent)).toBe('100 000 ₽');
    const field = within(row).getByRole('textbox', { name: 'Начальная цена, ₽' }) as HTMLInputElement;
    expect(plain(field.value)).toBe('500 000');

    fireEvent.change(field, { target: { value: '1234567' } });
    expect(plain(field.value)).toBe('1 234 567');
    expect(form!.lots_start_prices_cents).toEqual({ '5': 1_234_567_00 });
    expect(saveBodyOf(form!, 3, false)).toMatchObject({ lots_start_prices_cents: { '5': 1_234_567_00 } });

    fireEvent.change(field, { target: { value: '99999' } });
    expect(plain(within(row).getByText(/Не может быть меньше/).textContent)).toBe(
      'Не может быть меньше 100 000 ₽',
    );
  });

  it('dutch: the price is the lot’s floor (цена отсечения); steps after the first bid may not be negative', () => {
    stubApi({});
    renderWithProviders(
      <StepThree initial={loadedAtStep3(lot, 'dutch')} lot={lot} now={now} seen={() => {}} errorsShown />,
    );
    expect(
      within(screen.getByTestId('lot-row-1')).getByRole('textbox', { name: 'Цена отсечения, ₽' }),
    ).toBeInTheDocument();
    const steps = screen.getByRole('textbox', { name: 'Шагов после первой ставки' });
    fireEvent.change(steps, { target: { value: '-1' } });
    expect(screen.getByText('Не может быть меньше 0')).toBeInTheDocument();
    fireEvent.change(steps, { target: { value: '2' } });
    expect(screen.queryByText('Не может быть меньше 0')).not.toBeInTheDocument();
  });
});
