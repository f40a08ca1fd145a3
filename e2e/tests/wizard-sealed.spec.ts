/**
 * The sealed formats made through the wizard with the seller's own numbers (issue 29, "a journey per auction type
 * through the wizard with non-default values"): each lot's minimum typed in step 3's lots table, the start and end
 * typed to the minute. An administrator approves it, it starts, and a buyer on the Торги tab sees each lot's
 * minimum as typed, makes an offer of its own amount (kopecks included), changes it and withdraws it: the screen
 * shows exactly the amount typed as "Ваше предложение", then none (spec 2 §5: one offer per lot, changed or
 * deleted). bank_to_bank: the portfolio kind is preset to an active loan in step 2, and an offer at or above the
 * lot's ОСЗ is allowed.
 */
import { formatRubles, formatRublesExact } from '@etp/domain';
import { type Browser, type Page, test } from '@playwright/test';
import { SELLER } from './support/accounts.ts';
import { debts } from './support/registry.ts';
import { screenshot } from './support/screenshots.ts';
import { signedInThroughForm } from './support/signIn.ts';
import {
  approve,
  chooseOption,
  expect,
  lotsOf,
  minutesAhead,
  moscowText,
  pickerDigits,
  startSoon,
  submitForApproval,
  throughStep2,
  typeDate,
  WIZARD_SHOTS,
} from './support/wizard.ts';

/** Ten debts of 1 000 000 ₽ ОСЗ each in two lots: a lot's ОСЗ is 5 000 000 ₽. */
const ROWS = () => debts(10, (i) => ({ lot_number: (i % 2) + 1, amount_bottomline: 1_000_000 }));
const LOT_BOTTOMLINE_RUB = 5_000_000;
/** The seller's own minimum prices of lots 1 and 2 (the platform would offer 250 000 ₽ each), in rubles. */
const PRICES = [321_000, 456_000] as const;

/** bank_to_bank's step 2: the portfolio kind is already an active loan, and locked. */
async function describeBankToBank(page: Page) {
  const kind = page.getByRole('combobox', { name: 'Вид портфеля' });
  await expect(kind).toHaveText('Непросроченная задолженность');
  await expect(kind).toHaveAttribute('aria-disabled', 'true');
  await chooseOption(page, 'Деятельность');
  await chooseOption(page, 'Тип должника');
  await chooseOption(page, 'Обеспечение', 'Беззалоговое');
}

/** Start and end typed to the minute (the first start entry is rounded by the spec's rule, the second kept). */
async function typeDates(page: Page, start: Date, end: Date) {
  await typeDate(page, 'start_datetime', pickerDigits(start));
  await typeDate(page, 'start_datetime', pickerDigits(start));
  await expect(page.getByTestId('start_datetime-field')).toContainText(moscowText(start).time);
  await typeDate(page, 'end_datetime', pickerDigits(end));
  await expect(page.getByTestId('end_datetime-field')).toContainText(moscowText(end).time);
}

async function typeLotPrices(page: Page) {
  for (const [i, rubles] of PRICES.entries()) {
    const field = page.getByTestId(`lot-row-${i + 1}`).getByRole('textbox', { name: 'Начальная цена, ₽' });
    await field.fill(String(rubles));
    await expect(field).toHaveValue(rubles.toLocaleString('ru-RU'));
  }
}

/** Makes (or changes) the lot's offer with `typed` in the dialog; the confirmation names `kopecks` exactly. */
async function offer(b: Page, lotId: number, typed: string, kopecks: number, change: boolean) {
  const row = b.getByTestId(`lot-row-${lotId}`);
  await row.getByRole('button', { name: change ? 'Изменить предложение' : 'Сделать предложение' }).click();
  const dialog = b.getByRole('dialog');
  await dialog.getByLabel('Ваше предложение').fill(typed);
  await dialog.getByRole('button', { name: 'Далее' }).click();
  await expect(dialog).toContainText(
    change
      ? `Вы меняете предложение на Лот №2: новая сумма ${formatRublesExact(kopecks)}`
      : `Вы делаете предложение ${formatRublesExact(kopecks)} на Лот №2`,
  );
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(dialog).toBeHidden();
  await expect(b.getByText('Предложение принято').last()).toBeVisible();
  await expect(b.getByTestId(`own-offer-${lotId}`)).toHaveText(
    `Ваше предложение: ${formatRublesExact(kopecks)}`,
  );
}

interface Journey {
  type: RegExp;
  file: string;
  bankToBank: boolean;
  buyer: string;
  /** The first offer as typed and in kopecks, then the change. */
  first: [string, number];
  second: [string, number];
}

async function sealedJourney(browser: Browser, j: Journey) {
  const seller = await signedInThroughForm(browser, SELLER);
  const page = seller.page;
  const id = await throughStep2(page, j.type, j.file, ROWS(), j.bankToBank ? describeBankToBank : undefined);
  const start = minutesAhead(2);
  const end = new Date(start.getTime() + 5 * 3_600_000 + 35 * 60_000);
  await typeDates(page, start, end);
  await typeLotPrices(page);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Участники', level: 2 })).toBeVisible();
  await submitForApproval(page, id);
  await approve(browser, id);
  await seller.context.close();

  const buyer = await signedInThroughForm(browser, j.buyer);
  const b = buyer.page;
  const lots = await lotsOf(b, id);
  expect(lots.map((l) => [l.start_price, l.start_datetime, l.end_datetime])).toEqual(
    PRICES.map((p) => [p * 100, start.toISOString(), end.toISOString()]),
  );
  // Approval needs a start ahead; the journey does not wait for it (times of the procedure moved by as much).
  await startSoon(browser, id);
  await expect
    .poll(async () => (await lotsOf(b, id))[0]!.status, { timeout: 60_000, intervals: [1000] })
    .toBe('active');
  await b.goto(`/briefcases/${id}/trade`);
  for (const [i, lot] of lots.entries()) {
    await expect(b.getByTestId(`lot-price-${lot.id}`)).toHaveText(formatRubles(PRICES[i]! * 100));
  }
  const lotId = lots[1]!.id;
  await expect(b.getByTestId(`own-offer-${lotId}`)).toHaveCount(0);
  await offer(b, lotId, j.first[0], j.first[1], false);
  await offer(b, lotId, j.second[0], j.second[1], true);
  await expect(b.getByTestId('own-bids-sum')).toContainText(
    `Сумма ваших предложений: ${formatRubles(j.second[1])}`,
  );
  await screenshot(b, `sealed-${j.file.replace('.xlsx', '')}-offer`, WIZARD_SHOTS);

  // Withdrawn: no offer is shown, not even the first one (issue 29 defect 2), also after a reload.
  await b.getByTestId(`lot-row-${lotId}`).getByRole('button', { name: 'Отозвать предложение' }).click();
  const confirm = b.getByRole('dialog', { name: 'Отозвать предложение' });
  await expect(confirm).toContainText(`Отозвать предложение ${formatRublesExact(j.second[1])} на Лот №2?`);
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(b.getByText('Предложение отозвано')).toBeVisible();
  await expect(b.getByTestId(`own-offer-${lotId}`)).toHaveCount(0);
  await b.reload();
  await expect(b.getByTestId(`lot-price-${lotId}`)).toHaveText(formatRubles(PRICES[1] * 100));
  await expect(b.getByTestId(`own-offer-${lotId}`)).toHaveCount(0);
  await expect(
    b.getByTestId(`lot-row-${lotId}`).getByRole('button', { name: 'Сделать предложение' }),
  ).toBeVisible();
  await buyer.context.close();
}

test('private_requests through the wizard with the seller’s own lot minima and dates; a buyer offers, changes and withdraws its own amount', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  await sealedJourney(browser, {
    type: /Закрытый запрос предложений/,
    file: 'private-prices.xlsx',
    bankToBank: false,
    buyer: 'buyer.legal@etp-rd.ru',
    first: ['1 234 567,89', 1_234_567_89],
    second: ['987654,3', 987_654_30],
  });
});

test('bank_to_bank through the wizard with the seller’s own lot minima and dates; an offer at or above ОСЗ is made, changed and withdrawn', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  await sealedJourney(browser, {
    type: /От кредитора кредитору/,
    file: 'b2b-prices.xlsx',
    bankToBank: true,
    buyer: 'buyer.bank@etp-rd.ru',
    first: ['5 250 000,25', 5_250_000_25],
    second: [String(LOT_BOTTOMLINE_RUB), LOT_BOTTOMLINE_RUB * 100],
  });
});
