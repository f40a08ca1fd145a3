/**
 * The custom template of the wizard (spec 1 §2 step 2): a seller uploads a registry in the bank's own layout
 * (generated here), clears the suggested matching and matches every column by hand in the header dropdowns,
 * watches the remaining required and recommended counts fall, opens the table full screen, runs 'Проверить'
 * (the note on the platform template's headers goes), reopens the matching to change a column and checks again,
 * lots the checked registry with a composite whole-portfolio lot, sets up trading and sends it for approval.
 * axe finds nothing serious on the matching table or its full-screen mode; screenshots at 1440 and 390 px.
 */
import { test } from '@playwright/test';
import { SELLER } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { customRegistry } from './support/registry.ts';
import { screenshot } from './support/screenshots.ts';
import { signedInThroughForm } from './support/signIn.ts';
import { chooseOption, expect, moscowDigits, submitForApproval, WIZARD_SHOTS } from './support/wizard.ts';

/** The bank's own layout: none of these headers is the platform template's. */
const HEADERS = [
  'Идентификатор кредита',
  'Пачка',
  'Субъект РФ (код)',
  'Тело долга',
  'Итого к взысканию',
  'Срок просрочки',
  'Комментарий менеджера',
];
/** Column → attribute chosen by hand (null: the column is not loaded). */
const MATCH: readonly [string, string | null][] = [
  ['Идентификатор кредита', 'Номер договора'],
  ['Пачка', 'Номер лота'],
  ['Субъект РФ (код)', 'Код региона'],
  ['Тело долга', 'Сумма основного долга (ОД), руб.'],
  ['Итого к взысканию', 'Остаток задолженности (ОСЗ), руб.'],
  ['Срок просрочки', 'Дней просрочки (DPD)'],
  ['Комментарий менеджера', null],
];

function* rows(count: number) {
  for (let i = 1; i <= count; i++)
    yield [
      `BANK/${1000 + i}`,
      (i % 3) + 1,
      [77, 50, 78, 23][i % 4]!,
      40_000 + (i % 50) * 1_000,
      65_000 + (i % 50) * 1_400,
      120 + (i % 400),
      i % 2 ? 'звонок не дозвонились' : 'исполнительное производство',
    ] as const;
}

const header = (name: string) => new RegExp(`^${name.replace(/[()]/g, '\\$&')}`);

test('a seller creates a procedure from a custom template matched column by column and submits it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const file = await customRegistry('свой-реестр.xlsx', HEADERS, rows(300));
  const seller = await signedInThroughForm(browser, SELLER);
  const page = seller.page;

  await page.goto('/briefcases/new');
  await page.getByRole('radio', { name: /Классический аукцион/ }).click();
  await page.getByRole('button', { name: 'Далее' }).click();

  // The custom tab: its own note, then the seller's file.
  await page.getByRole('tab', { name: 'Загрузить свой шаблон' }).click();
  await expect(page.getByRole('tab', { name: 'Загрузить свой шаблон' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(/Загрузите реестр в своём формате/)).toBeVisible();
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/, { timeout: 120_000 });
  const id = Number(/new\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText('В файле не совпадают заголовки')).toBeVisible();
  // The platform template's headers are not in the file: a note says where they were looked for.
  await expect(page.getByTestId('upload-warnings')).toContainText('Заголовки шаблона не найдены');
  const matching = page.getByTestId('column-matching');
  await expect(matching).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Загрузить свой шаблон' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The first 5 rows of the file under its own headers.
  await expect(matching.getByRole('table').getByRole('row')).toHaveCount(6);
  await expect(matching.getByText('BANK/1001')).toBeVisible();
  await expect(matching.getByText('BANK/1006')).toHaveCount(0);

  // Clear whatever was suggested, so every column is matched by hand.
  const check = page.getByRole('button', { name: 'Проверить' });
  for (const name of HEADERS) {
    const remove = page.getByRole('button', { name: `Удалить сопоставление столбца «${name}»` });
    if (await remove.isVisible()) await remove.click();
  }
  await expect(page.getByTestId('remaining-required')).toHaveText('4');
  await expect(check).toBeDisabled();

  const recommendedBefore = Number(await page.getByTestId('remaining-recommended').textContent());
  for (const [column, attribute] of MATCH) {
    if (attribute) await chooseOption(page, header(column), attribute);
  }
  await expect(page.getByTestId('remaining-required')).toHaveText('0');
  await expect(page.getByTestId('remaining-recommended')).toHaveText(String(recommendedBefore - 1));
  // DPD (recommended) and the region (required) feed the analytics: their columns carry the badge.
  await expect(page.getByTestId('match-column-5').getByText('Аналитика')).toBeVisible();
  await expect(page.getByTestId('match-column-2').getByText('Аналитика')).toBeVisible();
  await expect(page.getByTestId('match-column-6')).toContainText('Не загружается');
  await expect(check).toBeEnabled();

  // Choosing an attribute already taken moves it: the other column is freed and the check blocks again.
  await chooseOption(page, header('Комментарий менеджера'), 'Код региона');
  await expect(page.getByTestId('remaining-required')).toHaveText('0');
  await expect(page.getByTestId('match-column-2')).toContainText('Не загружается');
  await page.getByRole('button', { name: 'Удалить сопоставление столбца «Комментарий менеджера»' }).click();
  await expect(page.getByTestId('remaining-required')).toHaveText('1');
  await expect(check).toBeDisabled();
  await chooseOption(page, header('Субъект РФ (код)'), 'Код региона');
  await expect(check).toBeEnabled();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'custom-matching', WIZARD_SHOTS);

  // Full screen: the same table with the side menu, then back.
  await page.getByRole('button', { name: 'На весь экран' }).click();
  const full = page.getByRole('dialog', { name: /Сопоставление столбцов: свой-реестр\.xlsx/ });
  await expect(full).toBeVisible();
  await expect(full.getByRole('combobox', { name: header('Тело долга') })).toContainText(
    'Сумма основного долга (ОД), руб.',
  );
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'custom-matching-full', WIZARD_SHOTS);
  await full.getByRole('button', { name: 'Свернуть' }).click();
  await expect(full).toHaveCount(0);

  // 'Проверить' checks the whole file with this matching, then the lotting panel appears.
  await check.click();
  await expect(page.getByRole('main').getByText('Файл загружен')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('column-matching')).toHaveCount(0);
  // The columns are matched: the note on the platform template's headers no longer applies.
  await expect(page.getByTestId('upload-warnings')).toHaveCount(0);
  const lots = page.getByRole('table', { name: 'Лоты' });
  await expect(lots.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('navigation', { name: 'Сводка' })).toContainText('300');

  // The matching opens again after the check: the manager's comment becomes the product type, checked again.
  await page.getByRole('button', { name: 'Изменить сопоставление' }).click();
  await expect(page.getByTestId('column-matching')).toBeVisible();
  await expect(page.getByRole('main').getByText('Файл загружен')).toBeVisible();
  await expect(page.getByRole('combobox', { name: header('Тело долга') })).toContainText(
    'Сумма основного долга (ОД), руб.',
  );
  await expect(page.getByTestId('match-column-6')).toContainText('Не загружается');
  await chooseOption(page, header('Комментарий менеджера'), 'Тип продукта');
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await check.click();
  await expect(page.getByTestId('column-matching')).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByRole('main').getByText('Файл загружен')).toBeVisible();
  await expect(lots.getByRole('row')).toHaveCount(4);
  // Kept on the server: after a reload the reopened table shows the new match, and closes unchanged.
  await page.reload();
  await page.getByRole('button', { name: 'Изменить сопоставление' }).click();
  await expect(page.getByTestId('match-column-6')).toContainText('Тип продукта');
  await page.getByRole('button', { name: 'Оставить как было' }).click();
  await expect(page.getByTestId('column-matching')).toHaveCount(0);
  await expect(lots.getByRole('row')).toHaveCount(4);

  // Portfolio characteristics with the composite whole-portfolio lot.
  await chooseOption(page, 'Деятельность', '');
  await chooseOption(page, 'Вид портфеля', '');
  await chooseOption(page, 'Тип должника', '');
  await chooseOption(page, 'Обеспечение', 'Беззалоговое');
  await page.getByRole('radio', { name: 'Создать' }).check();
  await expect(page.getByTestId('composite-preview')).toContainText('300 дел');
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'custom-lotted', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 3 and 4, then sent for approval.
  await expect(page.getByRole('heading', { name: 'Настройки процедуры', level: 2 })).toBeVisible();
  await page.getByTestId('start_datetime-field').getByRole('spinbutton').first().click();
  await page.keyboard.type(moscowDigits(3).digits, { delay: 20 });
  await page.getByRole('textbox', { name: 'Шаг аукциона, ₽' }).fill('5000');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Участники', level: 2 })).toBeVisible();
  await submitForApproval(page, id);
  await seller.context.close();
});

test('phone layout: the matching table and its full-screen mode at 390 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const file = await customRegistry('реестр-телефон.xlsx', HEADERS, rows(20));
  const seller = await signedInThroughForm(browser, SELLER, 390);
  const page = seller.page;
  await page.goto('/briefcases/new');
  await page.getByRole('radio', { name: /Классический аукцион/ }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('tab', { name: 'Загрузить свой шаблон' }).click();
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page.getByTestId('column-matching')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('remaining-required')).toBeVisible();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'custom-matching', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'На весь экран' }).click();
  const full = page.getByRole('dialog');
  await expect(full).toBeVisible();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'custom-matching-full', WIZARD_SHOTS);
  await full.getByRole('button', { name: 'Свернуть' }).click();
  // Deleting the file deletes the draft procedure.
  await page.getByRole('button', { name: 'Удалить файл' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить процедуру' }).click();
  await expect(page).toHaveURL(/\/briefcases$/);
  await seller.context.close();
});
