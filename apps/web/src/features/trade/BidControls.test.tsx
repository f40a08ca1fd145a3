import type { LotAttributes } from '@etp/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLot } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { BidControls } from './BidControls.tsx';

const N = '\u00a0';
// Start 1 000 000 ₽, step 10 000 ₽, no bid yet: the first bid is the start price.
const lot = buildLot({ id: 7, start_price: 1_000_000_00, next_price: 1_000_000_00, step_price: 10_000_00 });
const basis = { label: 'ОД', kopecks: 2_000_000_00 };

afterEach(() => vi.unstubAllGlobals());

/** The controls on a lot whose price a rival's bid moves by `steps` steps (a live update) on a press of «rival». */
function MovingLot({ start, steps }: { start: LotAttributes; steps: number }) {
  const [current, setCurrent] = useState(start);
  const move = () => setCurrent({ ...current, next_price: current.next_price + steps * current.step_price });
  return (
    <>
      <button type="button" onClick={move}>
        rival
      </button>
      <BidControls lot={current} auctionType="classic" basis={basis} />
    </>
  );
}

async function setup() {
  renderWithProviders(<BidControls lot={lot} auctionType="classic" basis={basis} />);
  const amount = (await screen.findByTestId('bid-amount-7')) as HTMLInputElement;
  const percent = screen.getByLabelText('Процент, ОД') as HTMLInputElement;
  return { amount, percent };
}

describe('the bid input (spec 2 §4, decisions/0191)', () => {
  it('shows the amount grouped by thousands, like the prices beside it', async () => {
    const { amount, percent } = await setup();
    expect(amount.value).toBe(`1${N}000${N}000`);
    expect(percent.value).toBe('50,00');
  });

  it('step buttons move the amount by the step and keep the percent in sync', async () => {
    const { amount, percent } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить шаг' }));
    expect(amount.value).toBe(`1${N}010${N}000`);
    expect(percent.value).toBe('50,50');
    expect(screen.getByTestId('bid-steps-7').textContent).toBe('2 шага');
    fireEvent.click(screen.getByRole('button', { name: 'Убрать шаг' }));
    expect(amount.value).toBe(`1${N}000${N}000`);
  });

  it('groups while typing, keeps the caret after the same digit, and snaps to the grid on leaving', async () => {
    const { amount, percent } = await setup();
    fireEvent.focus(amount);
    // '2' typed after the first digit: '12| 000 000', regrouped, the caret still after the 2
    fireEvent.change(amount, { target: { value: `12${N}000${N}000`, selectionStart: 2, selectionEnd: 2 } });
    expect(amount.value).toBe(`12${N}000${N}000`);
    expect(amount.selectionStart).toBe(2);
    fireEvent.change(amount, { target: { value: '1234567', selectionStart: 7, selectionEnd: 7 } });
    expect(amount.value).toBe(`1${N}234${N}567`);
    expect(amount.selectionStart).toBe(9);
    fireEvent.blur(amount);
    // 1 234 567 ₽ lies between grid prices: it snaps up to 1 240 000 (24 steps over the start price).
    expect(amount.value).toBe(`1${N}240${N}000`);
    expect(percent.value).toBe('62,00');
    expect(screen.getByTestId('bid-steps-7').textContent).toBe('25 шагов');
  });

  it('while an amount is typed, the step count and the percent follow it before the field is left', async () => {
    const { amount, percent } = await setup();
    fireEvent.focus(amount);
    // 1 070 000 ₽: eight steps of 10 000 ₽ counted from the start price, 53,50 % of 2 000 000 ₽.
    fireEvent.change(amount, { target: { value: '1070000', selectionStart: 7, selectionEnd: 7 } });
    expect(amount.value).toBe(`1${N}070${N}000`);
    expect(screen.getByTestId('bid-steps-7').textContent).toBe('8 шагов');
    expect(percent.value).toBe('53,50');
    // A digit too few is no bid yet (below the start price): the bid before it stays shown.
    fireEvent.change(amount, { target: { value: '107000', selectionStart: 6, selectionEnd: 6 } });
    expect(screen.getByTestId('bid-steps-7').textContent).toBe('1 шаг');
    expect(percent.value).toBe('50,00');
    fireEvent.change(amount, { target: { value: '1070000', selectionStart: 7, selectionEnd: 7 } });
    // The step button counts from what was typed.
    fireEvent.click(screen.getByRole('button', { name: 'Добавить шаг' }));
    expect(amount.value).toBe(`1${N}080${N}000`);
    expect(screen.getByTestId('bid-steps-7').textContent).toBe('9 шагов');
  });

  it('a typed amount is confirmed as typed after Tab to the percent field and a click on the button (issue 29)', async () => {
    // The issue's lot: start 21 504 842 ₽, step 10 000 ₽; 21 544 842 ₽ is four steps above the start.
    const issueLot = buildLot({
      id: 8,
      start_price: 2_150_484_200,
      next_price: 2_150_484_200,
      step_price: 1_000_000,
    });
    // ОСЗ 50 000 000 ₽: the amount is 43,089684 % of it, shown rounded up to 43,09 %, which is 21 545 000 ₽.
    const basis = { label: 'ОСЗ', kopecks: 50_000_000_00 };
    renderWithProviders(<BidControls lot={issueLot} auctionType="classic" basis={basis} />);
    const amount = (await screen.findByTestId('bid-amount-8')) as HTMLInputElement;
    const percent = screen.getByLabelText('Процент, ОСЗ') as HTMLInputElement;
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '21544842', selectionStart: 8, selectionEnd: 8 } });
    // Tab: the amount field is left, the percent field focused (with a rounded percent in it).
    fireEvent.blur(amount);
    fireEvent.focus(percent);
    expect(screen.getByTestId('bid-steps-8').textContent).toBe('5 шагов');
    // The press on the button leaves the percent field first.
    fireEvent.blur(percent);
    fireEvent.click(screen.getByRole('button', { name: 'Сделать ставку' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`21${N}544${N}842${N}₽`);
    expect(amount.value).toBe(`21${N}544${N}842`);
    expect(screen.getByTestId('bid-steps-8').textContent).toBe('5 шагов');
  });

  it('an amount below the minimum shows the spec message beside the field and keeps what was typed', async () => {
    const { amount, percent } = await setup();
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '5000', selectionStart: 4, selectionEnd: 4 } });
    // Tab: the amount field is left for the percent field.
    fireEvent.blur(amount);
    fireEvent.focus(percent);
    expect(amount.value).toBe(`5${N}000`);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Не может быть меньше минимальной суммы')).toBeInTheDocument();
    // The button does not take it to the confirmation.
    fireEvent.blur(percent);
    fireEvent.click(screen.getByRole('button', { name: 'Сделать ставку' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // An empty field says it must be filled.
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '', selectionStart: 0, selectionEnd: 0 } });
    fireEvent.blur(amount);
    expect(screen.getByText('Должно быть заполнено')).toBeInTheDocument();
    // A step button starts again from the amount the field showed before.
    fireEvent.click(screen.getByRole('button', { name: 'Добавить шаг' }));
    expect(amount.value).toBe(`1${N}010${N}000`);
    expect(screen.queryByText('Должно быть заполнено')).not.toBeInTheDocument();
  });

  it('a pasted amount with thousands commas and a decimal point is read as written', async () => {
    const { amount } = await setup();
    fireEvent.focus(amount);
    fireEvent.paste(amount, { clipboardData: { getData: () => '1,020,000.00 ₽' } });
    fireEvent.blur(amount);
    expect(amount.value).toBe(`1${N}020${N}000`);
    expect(screen.getByTestId('bid-steps-7').textContent).toBe('3 шага');
  });

  it('dutch: an order typed below the clock is confirmed as typed; above the clock the field says why', async () => {
    // Clock 1 000 000 ₽ falling by 10 000 ₽ to 950 000 ₽ (6 prices), at its first step.
    const dutchLot = buildLot({
      id: 11,
      start_price: 950_000_00,
      max_price: 1_000_000_00,
      min_price: 950_000_00,
      next_price: 1_000_000_00,
      current_price: 1_000_000_00,
      step_price: 10_000_00,
      step_count: 6,
      current_step: 1,
    });
    renderWithProviders(<BidControls lot={dutchLot} auctionType="dutch" basis={basis} />);
    const amount = (await screen.findByTestId('bid-amount-11')) as HTMLInputElement;
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '1000001', selectionStart: 7, selectionEnd: 7 } });
    fireEvent.blur(amount);
    expect(screen.getByText('Не может быть больше текущей цены')).toBeInTheDocument();
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '980000', selectionStart: 6, selectionEnd: 6 } });
    fireEvent.blur(amount);
    expect(screen.getByTestId('bid-steps-11').textContent).toBe('3 шага');
    fireEvent.click(screen.getByRole('button', { name: 'Купить' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(`980${N}000${N}₽`);
  });

  it('a percent below the minimum shows the amount it works out to beside the message, not the valid bid', async () => {
    const { amount, percent } = await setup();
    fireEvent.focus(percent);
    // 40 % of 2 000 000 ₽ is 800 000 ₽, under the start price of 1 000 000 ₽.
    fireEvent.change(percent, { target: { value: '40' } });
    fireEvent.blur(percent);
    expect(screen.getByText('Не может быть меньше минимальной суммы')).toBeInTheDocument();
    expect(amount.value).toBe(`800${N}000`);
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Сделать ставку' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a percent typed sets the amount', async () => {
    const { amount, percent } = await setup();
    fireEvent.focus(percent);
    fireEvent.change(percent, { target: { value: '60' } });
    fireEvent.blur(percent);
    expect(amount.value).toBe(`1${N}200${N}000`);
  });

  it('the confirmation sends the amount it states, also when a rival moves the price while it is open', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return new Response(
          JSON.stringify({ status: 'ok', data: {}, message: 'Ставка принята', errors: {} }),
          {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }),
    );
    renderWithProviders(<MovingLot start={lot} steps={3} />);
    const amount = (await screen.findByTestId('bid-amount-7')) as HTMLInputElement;
    fireEvent.focus(amount);
    // 1 040 000 ₽: five steps counted from the start price.
    fireEvent.change(amount, { target: { value: '1040000', selectionStart: 7, selectionEnd: 7 } });
    fireEvent.click(screen.getByRole('button', { name: 'Сделать ставку' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`1${N}040${N}000${N}₽`);
    // A rival's bid moves the next price to 1 030 000 ₽ while the buyer reads the confirmation.
    fireEvent.click(screen.getByText('rival'));
    expect(dialog.textContent).toContain(`1${N}040${N}000${N}₽`);
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ lot_id: 7, amount: 1_040_000_00 });
  });
});
