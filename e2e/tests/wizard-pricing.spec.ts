/**
 * A procedure per auction type made through the wizard with the seller's own numbers (issue 29 parts 6 and 8,
 * decisions/0239, 0240): each lot's price typed in step 3's lots table, the step, the start and end to the minute,
 * a dutch maximum, steps after the first bid and a cap of orders. An administrator approves it, it starts, and a
 * buyer trades on it: the Торги tab and the card's header show the numbers typed (a dutch clock from each lot's
 * share of the maximum, falling by the typed step every typed minute). Step 3's lots table is photographed at 1440
 * and 390 px (on a phone it scrolls inside its own region instead of being cut at the right).
 */
import { formatRubles, formatRublesExact, splitDutchMaxPrice } from '@etp/domain';
import { type Page, test } from '@playwright/test';
import { SELLER } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { debts } from './support/registry.ts';
import { screenshot } from './support/screenshots.ts';
import { signedInThroughForm } from './support/signIn.ts';
import {
  approve,
  expect,
  lotsOf,
  minutesAhead,
  moscowText,
  pickerDigits,
  startSoon,
  submitForApproval,
  throughStep2,
  timePasses,
  typeDate,
  WIZARD_SHOTS,
} from './support/wizard.ts';

const BUYER = 'buyer.legal@etp-rd.ru';
/** Ten debts of 1 000 000 ₽ ОСЗ each in two lots: a lot's ОСЗ 5 000 000 ₽, its minimum price 50 000 ₽. */
const ROWS = () => debts(10, (i) => ({ lot_number: (i % 2) + 1, amount_bottomline: 1_000_000 }));
/** The seller's own prices of lots 1 and 2 (the platform would offer 250 000 ₽ each), in rubles. */
const PRICES = [321_000, 456_000] as const;

/** The start typed to the minute: the first entry is rounded by the spec's rule, the second is kept as typed. */
async function typeStart(page: Page, at: Date) {
  await typeDate(page, 'start_datetime', pickerDigits(at));
  await typeDate(page, 'start_datetime', pickerDigits(at));
  const shown = moscowText(at);
  await expect(page.getByTestId('start_datetime-field')).toContainText(shown.time);
}

/** Each lot's price typed into its row of the lots table (lot numbers 1 and 2). */
async function typeLotPrices(page: Page, label: string) {
  for (const [i, rubles] of PRICES.entries()) {
    const field = page.getByTestId(`lot-row-${i + 1}`).getByRole('textbox', { name: label });
    await field.fill(String(rubles));
    await expect(field).toHaveValue(rubles.toLocaleString('ru-RU'));
  }
}

/**
 * Step 3's lots table at 1440 and 390 px: at 390 the whole region lies inside the screen and scrolls its columns
 * itself (before, the page was wider than the phone and the table's right part was cut off).
 */
async function photographLots(page: Page, name: string) {
  const table = page.getByRole('region', { name: 'Лоты' }).first();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, name, WIZARD_SHOTS);
    const box = (await table.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const page_ = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
        .document.documentElement;
      return root.scrollWidth;
    });
    expect(page_).toBeLessThanOrEqual(width);
    // On a phone the columns go on to the right: the table says so, and scrolls to its price fields.
    if (width === 390) {
      expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expect(page.getByTestId('lots-scroll-hint')).toBeVisible();
    } else await expect(page.getByTestId('lots-scroll-hint')).toBeHidden();
  }
}

test('classic through the wizard with the seller’s own lot prices, step and dates; a buyer bids what was typed', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const seller = await signedInThroughForm(browser, SELLER);
  const page = seller.page;
  const id = await throughStep2(page, /Классический аукцион/, 'classic-prices.xlsx', ROWS());

  const start = minutesAhead(4);
  const end = new Date(start.getTime() + 3 * 3_600_000 + 25 * 60_000);
  await typeStart(page, start);
  await typeDate(page, 'end_datetime', pickerDigits(end));
  await page.getByRole('textbox', { name: 'Шаг аукциона, ₽' }).fill('7000');
  await typeLotPrices(page, 'Начальная цена, ₽');
  // A price under the lot's minimum is named beside the field and blocks the step.
  const first = page.getByTestId('lot-row-1');
  await expect(first.getByTestId('lot-min-price-1')).toHaveText(formatRubles(50_000_00));
  await first.getByRole('textbox', { name: 'Начальная цена, ₽' }).fill('49999');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(first.getByText(/^Не может быть меньше/)).toHaveText(
    `Не может быть меньше ${formatRubles(50_000_00)}`,
  );
  await first.getByRole('textbox', { name: 'Начальная цена, ₽' }).fill(String(PRICES[0]));
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await photographLots(page, 'pricing-classic-step3');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Участники', level: 2 })).toBeVisible();
  await submitForApproval(page, id);
  await approve(browser, id);
  // Approval needs a start ahead; the journey does not wait for it (times of the procedure moved by as much).
  await startSoon(browser, id);

  // The buyer, once it has started: every lot opens at the seller's price, the step is the seller's.
  const buyer = await signedInThroughForm(browser, BUYER);
  const b = buyer.page;
  await b.goto(`/briefcases/${id}`);
  await expect(b.getByText(formatRubles((PRICES[0] + PRICES[1]) * 100)).first()).toBeVisible();
  const lots = await lotsOf(b, id);
  expect(lots.map((l) => [l.start_price, l.step_price])).toEqual([
    [PRICES[0] * 100, 7000_00],
    [PRICES[1] * 100, 7000_00],
  ]);
  await expect
    .poll(async () => (await lotsOf(b, id))[0]!.status, { timeout: 60_000, intervals: [1000] })
    .toBe('active');
  await b.goto(`/briefcases/${id}/trade`);
  for (const [i, lot] of lots.entries()) {
    await expect(b.getByTestId(`lot-price-${lot.id}`)).toHaveText(formatRubles(PRICES[i]! * 100));
  }
  const lotId = lots[1]!.id;
  const card = b.getByTestId(`lot-card-${lotId}`);
  await card.getByRole('button', { name: 'Добавить шаг' }).click();
  await expect(card.getByTestId(`bid-steps-${lotId}`)).toHaveText('2 шага');
  await card.getByRole('button', { name: 'Сделать ставку' }).click();
  const confirm = b.getByRole('dialog', { name: 'Подтверждение ставки' });
  await expect(confirm).toContainText(formatRublesExact((PRICES[1] + 7000) * 100));
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(b.getByTestId(`lot-condition-${lotId}`)).toHaveText('Вы лидируете');
  await expect(b.getByTestId(`lot-price-${lotId}`)).toHaveText(formatRubles((PRICES[1] + 7000) * 100));
  await expect(confirm).toBeHidden();
  await screenshot(b, 'pricing-classic-trade', WIZARD_SHOTS);
  await Promise.all([seller.context.close(), buyer.context.close()]);
});

test('dutch through the wizard: the typed maximum is shared by the lots, each clock falls by the typed step every typed minute', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const seller = await signedInThroughForm(browser, SELLER);
  const page = seller.page;
  const id = await throughStep2(page, /Голландский аукцион/, 'dutch-prices.xlsx', ROWS());

  const start = minutesAhead(4);
  const maxRub = 1_000_000;
  const stepRub = 50_000;
  await typeStart(page, start);
  await page.getByRole('textbox', { name: 'Максимальная цена, ₽' }).fill(String(maxRub));
  await page.getByRole('textbox', { name: 'Шаг аукциона, ₽' }).fill(String(stepRub));
  await page.getByRole('textbox', { name: 'Длительность шага, мин' }).fill('1');
  await page.getByRole('textbox', { name: 'Шагов после первой ставки' }).fill('1');
  await page.getByRole('textbox', { name: 'Максимум заявок на лот' }).fill('3');
  await typeLotPrices(page, 'Цена отсечения, ₽');

  // A maximum not above the lots' minima is refused with the sum named.
  await page.getByRole('textbox', { name: 'Максимальная цена, ₽' }).fill('777000');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText(/^Должна быть больше суммы цен отсечения лотов/)).toHaveText(
    `Должна быть больше суммы цен отсечения лотов: ${formatRubles(777_000_00)}`,
  );
  await page.getByRole('textbox', { name: 'Максимальная цена, ₽' }).fill(String(maxRub));

  // Each lot's maximum: its minimum plus its share of the rest; the clock ends after its last step.
  const maxima = splitDutchMaxPrice(
    maxRub * 100,
    PRICES.map((p) => p * 100),
  );
  expect(maxima.reduce((s, m) => s + m, 0)).toBe(maxRub * 100);
  const stepCounts = maxima.map((max, i) => Math.ceil((max - PRICES[i]! * 100) / (stepRub * 100)) + 1);
  const end = moscowText(new Date(start.getTime() + Math.max(...stepCounts) * 60_000));
  await expect(page.getByTestId('end_datetime-field')).toContainText(end.time);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await photographLots(page, 'pricing-dutch-step3');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Участники', level: 2 })).toBeVisible();
  await submitForApproval(page, id);
  await approve(browser, id);
  // Approval needs a start ahead; the journey does not wait for it (times of the procedure moved by as much).
  await startSoon(browser, id);

  const buyer = await signedInThroughForm(browser, BUYER);
  const b = buyer.page;
  await b.goto(`/briefcases/${id}`);
  await expect(b.getByText(formatRubles(maxRub * 100)).first()).toBeVisible();
  const lots = await lotsOf(b, id);
  expect(lots.map((l) => [l.max_price, l.min_price, l.step_price, l.step_count])).toEqual(
    maxima.map((max, i) => [max, PRICES[i]! * 100, stepRub * 100, stepCounts[i]]),
  );
  await expect
    .poll(async () => (await lotsOf(b, id))[0]!.status, { timeout: 60_000, intervals: [1000] })
    .toBe('active');
  await b.goto(`/briefcases/${id}/trade`);
  const lotId = lots[1]!.id;
  // The clock falls: the maximum (or a step lower, on a machine slow enough for a minute to have passed), then one
  // step lower a minute later, the minute passed by a test hook rather than waited for.
  const shown = b.getByTestId(`lot-price-${lotId}`);
  const step = stepRub * 100;
  await expect(shown).toHaveText(
    new RegExp(`^(${formatRubles(maxima[1]!)}|${formatRubles(maxima[1]! - step)})$`),
  );
  const before = (await shown.textContent()) === formatRubles(maxima[1]!) ? maxima[1]! : maxima[1]! - step;
  await timePasses(browser, id, 60);
  await expect(shown).toHaveText(formatRubles(before - step));
  const card = b.getByTestId(`lot-card-${lotId}`);
  await card.getByRole('button', { name: 'Купить' }).click();
  const confirm = b.getByRole('dialog', { name: 'Подтверждение ставки' });
  await expect(confirm).toContainText(formatRublesExact(before - step));
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(b.getByTestId(`lot-condition-${lotId}`)).toHaveText('Вы лидируете');
  // One more step after the first bid: the lot still trades, the order leads at the clock price it took.
  const after = (await lotsOf(b, id))[1]!;
  expect(after.status).toBe('active');
  await expect(confirm).toBeHidden();
  await screenshot(b, 'pricing-dutch-trade', WIZARD_SHOTS);
  await Promise.all([seller.context.close(), buyer.context.close()]);
});
