import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildLot } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SealedOfferControls } from './SealedOfferControls.tsx';

const N = '\u00a0';
// Start 1 000 000 ₽, ОСЗ 12 000 000 ₽.
const lot = buildLot({ id: 9 });

async function typeOffer(text: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Ваше предложение'), { target: { value: text } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Далее' }));
  return dialog;
}

describe('the sealed offer dialog (spec 2 §5, issue 29)', () => {
  it('shows the spec messages beside the field, and the confirmation speaks of an offer', async () => {
    renderWithProviders(<SealedOfferControls lot={lot} bankToBank={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Сделать предложение' }));
    let dialog = await typeOffer('5 000');
    expect(within(dialog).getByText('Не может быть меньше минимальной суммы')).toBeInTheDocument();
    dialog = await typeOffer('12 000 000');
    expect(within(dialog).getByText('Должно быть меньше общей суммы задолженности')).toBeInTheDocument();
    dialog = await typeOffer('');
    expect(within(dialog).getByText('Должно быть заполнено')).toBeInTheDocument();
    dialog = await typeOffer('2 500 000,50');
    expect(dialog.textContent).toContain(
      `Вы делаете предложение 2${N}500${N}000,50${N}₽ на Лот №1. Подтвердить?`,
    );
    expect(dialog.textContent).not.toContain('ставку');
  });

  it('bank_to_bank takes an offer at or above ОСЗ; a change is worded as a change', async () => {
    renderWithProviders(
      <SealedOfferControls lot={{ ...lot, last_users_bid_cents: 2_000_000_00 }} bankToBank={true} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Изменить предложение' }));
    const dialog = await typeOffer('12 000 000');
    expect(dialog.textContent).toContain(
      `Вы меняете предложение на Лот №1: новая сумма 12${N}000${N}000${N}₽. Подтвердить?`,
    );
  });

  it('states an offer with kopecks exactly: the own offer and its withdrawal (not rounded to a ruble)', async () => {
    renderWithProviders(
      <SealedOfferControls lot={{ ...lot, last_users_bid_cents: 3_350_000_50 }} bankToBank={false} />,
    );
    expect(screen.getByTestId('own-offer-9').textContent).toBe(`Ваше предложение: 3${N}350${N}000,50${N}₽`);
    fireEvent.click(screen.getByRole('button', { name: 'Отозвать предложение' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Отозвать предложение 3${N}350${N}000,50${N}₽ на Лот №1?`);
  });
});
