import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, SELLER } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { debts, registry } from './support/registry.ts';
import { elementScreenshot, screenshots } from './support/screenshots.ts';
import { apiData, tokenOf } from './support/session.ts';
import { signedInThroughForm } from './support/signIn.ts';

/** The shared machine is slow under load: screens get 30 s to appear. */
const expect = baseExpect.configure({ timeout: 30_000 });

const BUYER = 'buyer.legal@etp-rd.ru';

/**
 * The lot dialog at 1440 and 390 px, in a window tall enough for the whole tab (the dialog scrolls inside itself,
 * so a full-page picture would cut it).
 */
const DIALOG_SHOTS = { fullPage: false, height: (width: number) => (width < 500 ? 3600 : 2600) };

const rubles = (text: string | null) => Number((text ?? '').split('₽')[0]!.replace(/\D/g, ''));

test('an administrator changes DPD in the Прогноз tab and sees the new range beside the previous one; the seller and a buyer have no such tab', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await tokenOf(request, ADMIN);
  const seller = await tokenOf(request, SELLER);
  // The scheduler's leader trains the first version on the demo history soon after the server starts.
  await expect
    .poll(
      async () => (await apiData<{ source: string }>(request, admin, '/api/v1/predicted_price/model')).source,
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('model');
  const model = await apiData<{ version: number; start_quantile: number }>(
    request,
    admin,
    '/api/v1/predicted_price/model',
  );

  const list = await apiData<{ briefcases: { id: number }[] }>(
    request,
    seller,
    '/api/v1/briefcases?owned=1&auction_type=classic&status=active&per_page=20',
  );
  const briefcaseId = list.briefcases[0]!.id;
  const lots = await apiData<{ lots: { id: number; attributes: { dpd: number | null } }[] }>(
    request,
    seller,
    `/api/v1/lots?briefcase_id=${briefcaseId}`,
  );
  const lot = lots.lots[0]!;
  const url = `/briefcases/${briefcaseId}/trade?id=${lot.id}`;

  const { context, page } = await signedInThroughForm(browser, ADMIN);
  await page.goto(url);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Прогноз' }).click();

  // Which model answers, and its honest error.
  const summary = dialog.getByTestId('forecast-model');
  await expect(summary).toContainText(`Отвечает модель версии ${model.version}`);
  // Which quantiles the range is (issue 17: "state which").
  await expect(summary).toContainText(
    `Квантильный случайный лес: начальная цена — ${Math.round(model.start_quantile * 100)}-й процентиль прогноза цены продажи, цена продажи — его медиана.`,
  );
  await expect(summary).toContainText('Средняя ошибка цены продажи (MAPE)');
  await expect(summary).toContainText('Факт попал в прогнозный диапазон');
  await expect(summary).toContainText('у медианы по типу продавца и DPD');

  // The form is the lot's own.
  const dpd = dialog.getByRole('textbox', { name: 'DPD, дней' });
  await expect(dpd).toHaveValue(String(lot.attributes.dpd ?? 0));

  // First the lot as it is: it becomes the lot's forecast.
  const submit = dialog.getByRole('button', { name: 'Рассчитать прогноз' });
  await submit.click();
  await expect(dialog.getByText('Рассчитан по параметрам лота и сохранён как прогноз лота.')).toBeVisible();
  const result = dialog.getByTestId('forecast-result');
  await expect(result.getByTestId('forecast-source-new')).toHaveText(`Модель, версия ${model.version}`);
  const ownStart = rubles(await result.getByTestId('forecast-start-new').textContent());
  const ownEnd = rubles(await result.getByTestId('forecast-end-new').textContent());
  expect(ownStart).toBeGreaterThan(0);
  expect(ownStart).toBeLessThanOrEqual(ownEnd);

  // Then a much older debt: a what-if, shown beside the previous forecast, with its reasons.
  await dpd.fill('3000');
  await submit.click();
  await expect(
    dialog.getByText('Рассчитан по изменённым параметрам; прогноз лота не изменился.'),
  ).toBeVisible();
  await expect(result.getByRole('columnheader', { name: 'Новый прогноз' })).toBeVisible();
  await expect(result.getByRole('columnheader', { name: 'Предыдущий прогноз' })).toBeVisible();
  expect(rubles(await result.getByTestId('forecast-start-previous').textContent())).toBe(ownStart);
  expect(rubles(await result.getByTestId('forecast-end-previous').textContent())).toBe(ownEnd);
  const whatIfEnd = rubles(await result.getByTestId('forecast-end-new').textContent());
  expect(whatIfEnd).toBeLessThan(ownEnd);
  const reasons = dialog.getByTestId('forecast-reasons').getByRole('row');
  await expect(reasons.first()).toBeVisible();
  expect(await reasons.count()).toBeLessThanOrEqual(5);
  await expect(dialog.getByTestId('forecast-reasons')).toContainText('DPD');

  // A percentage above 100 is refused in the form.
  await dialog.getByRole('textbox', { name: 'Должник умер' }).fill('150');
  await expect(dialog.getByText('Не должно быть больше 100')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByRole('button', { name: 'Вернуть параметры лота' }).click();
  await expect(dpd).toHaveValue(String(lot.attributes.dpd ?? 0));
  await expect(submit).toBeEnabled();

  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'forecast-tab', DIALOG_SHOTS);

  // The administrator retrains: a new version answers.
  await dialog.getByRole('button', { name: 'Переобучить модель' }).click();
  await expect(page.getByText('Модель переобучена')).toBeVisible({ timeout: 120_000 });
  await expect(summary).toContainText(`Отвечает модель версии ${model.version + 1}`);
  await context.close();

  // Neither the seller (owner) nor a buyer has the tab; the seller is refused the administrator's model figures.
  for (const email of [SELLER, BUYER]) {
    const other = await signedInThroughForm(browser, email);
    await other.page.goto(url);
    const otherDialog = other.page.getByRole('dialog');
    await expect(otherDialog.getByRole('tab', { name: 'Общая информация' })).toBeVisible();
    await expect(otherDialog.getByRole('tab', { name: 'Прогноз' })).toHaveCount(0);
    await other.context.close();
  }
  const buyer = await tokenOf(request, BUYER);
  const refused = await request.get(`/api/v1/predicted_price/forms?lot_id=${lot.id}`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
  });
  expect(refused.status()).toBe(403);
});

test('a seller’s freshly lotted registry shows the model’s predicted prices in the wizard’s lots table', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const file = await registry('forecast.xlsx', debts(60));
  const { context, page } = await signedInThroughForm(browser, SELLER);
  await page.goto('/briefcases/new');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/);
  const id = Number(/new\/(\d+)/.exec(page.url())![1]);

  const table = page.getByRole('table', { name: 'Лоты' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(page.getByTestId('lots-prediction-note')).toContainText('Прогноз цен — модель версии');

  // What the table shows is what the server stored on the lots from the model's forecast.
  const seller = await tokenOf(request, SELLER);
  await expect
    .poll(async () => {
      const forms = await apiData<{ forms: { predicted_price: unknown }[] }>(
        request,
        seller,
        `/api/v1/predicted_price/forms?briefcase_id=${id}`,
      );
      return forms.forms.filter((f) => f.predicted_price !== null).length;
    })
    .toBe(5);
  const forms = await apiData<{
    forms: {
      id: number;
      predicted_price: { start_price: number; end_price: number };
      latest: { model_version: number | null };
    }[];
  }>(request, seller, `/api/v1/predicted_price/forms?briefcase_id=${id}`);
  for (const lot of forms.forms) {
    expect(lot.latest.model_version).not.toBeNull();
    expect(lot.predicted_price.start_price).toBeGreaterThan(0);
    expect(lot.predicted_price.start_price).toBeLessThanOrEqual(lot.predicted_price.end_price);
    for (const [key, kopecks] of [
      ['start', lot.predicted_price.start_price],
      ['end', lot.predicted_price.end_price],
    ] as const) {
      const cell = page.getByTestId(`predicted-${key}-${lot.id}`);
      await expect(cell).toContainText('₽');
      expect(rubles(await cell.textContent())).toBe(Math.ceil(kopecks / 100));
    }
  }
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'forecast-wizard-lots');
  // On a phone the table scrolls sideways: the predicted prices are its last columns.
  await page.setViewportSize({ width: 390, height: 900 });
  const region = page.getByRole('region', { name: 'Лоты' });
  await region.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await elementScreenshot(region, 'forecast-wizard-lots-390-scrolled');
  await page.setViewportSize({ width: 1440, height: 900 });

  // After a reload the table reads the stored prices.
  await page.reload();
  const first = forms.forms[0]!;
  const reloaded = page.getByTestId(`predicted-end-${first.id}`);
  await expect(reloaded).toContainText('₽');
  expect(rubles(await reloaded.textContent())).toBe(Math.ceil(first.predicted_price.end_price / 100));

  // The draft is not needed by anyone else.
  const removed = await request.delete(`/api/v1/briefcases/${id}`, {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect(removed.ok()).toBe(true);
  await context.close();
});
