/**
 * The creation wizard (spec 1) in a real browser against the production build and a real server with the demo
 * data: a seller uploads a registry generated here in the platform template's layout (real transfer and
 * processing progress), lots it, sets up trading and sends it for approval; an administrator approves it in a
 * second context and a buyer finds it in the feed. Plus: a reload restores the step, a bad file is refused with
 * the spec's text, a registry with personal data needs the agreement, and axe finds nothing serious on any step.
 */
import { test } from '@playwright/test';
import { ADMIN, SELLER } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { debts, registry } from './support/registry.ts';
import { screenshot } from './support/screenshots.ts';
import { signedInThroughForm } from './support/signIn.ts';
import {
  describePortfolio,
  expect,
  moscowDigits,
  submitForApproval,
  typeDate,
  WIZARD_SHOTS,
} from './support/wizard.ts';

const BUYER = 'buyer.legal@etp-rd.ru';

test('a seller creates a classic procedure from a 20,000-row registry; the administrator approves it; a buyer finds it', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const file = await registry('classic.xlsx', debts(20_000));
  const seller = await signedInThroughForm(browser, SELLER);
  const page = seller.page;

  await page.goto('/briefcases');
  await page.getByRole('link', { name: 'Новая торговая процедура' }).click();
  await expect(page).toHaveURL(/\/briefcases\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Создание торговой процедуры' })).toBeVisible();
  await page.getByRole('radio', { name: /Классический аукцион/ }).click();
  await expect(page.getByRole('radio', { name: /Классический аукцион/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'step1', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 2: the upload with its progress: transfer, then the server's processing.
  await expect(page.getByRole('tab', { name: 'Загрузить шаблон ЭТП РД' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Скачать шаблон' })).toHaveAttribute('href', /etp_rd\.xlsx$/);
  // Every percentage the bar shows, sampled in the page itself (the test's own polling is too slow here).
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      seen: number[];
      document: { querySelector(s: string): { textContent: string | null } | null };
    };
    w.seen = [];
    setInterval(() => {
      const text = w.document.querySelector('[data-testid="upload-percent"]')?.textContent;
      if (text) w.seen.push(Number(text.replace('%', '')));
    }, 50);
  });
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page.getByTestId('upload-percent')).toBeVisible();
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 120_000 });
  const seen = await page.evaluate(() => (globalThis as unknown as { seen: number[] }).seen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(Math.max(...seen)).toBeGreaterThanOrEqual(80);
  expect(Math.max(...seen)).toBeLessThanOrEqual(99);

  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/, { timeout: 120_000 });
  const id = Number(/new\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: `Редактирование ТП №${id}` })).toBeVisible();
  await expect(page.getByText('Файл загружен')).toBeVisible();
  await expect(page.getByText('classic.xlsx').first()).toBeVisible();
  const lots = page.getByRole('table', { name: 'Лоты' });
  await expect(lots.getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Сводка' })).toContainText('20 000');

  // Next without the classifiers: the step shows its errors and the summary names it.
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Исправьте ошибки на шаге 2')).toBeVisible();
  await expect(page.getByText('Должно быть заполнено').first()).toBeVisible();
  await describePortfolio(page);
  await page.getByRole('checkbox', { name: 'Быстрое подписание' }).check();
  await page.getByRole('checkbox', { name: 'Бумажные досье' }).check();
  await page.getByRole('textbox', { name: 'Бумажные досье, %' }).fill('101');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Не должно быть больше 100')).toBeVisible();
  await page.getByRole('textbox', { name: 'Бумажные досье, %' }).fill('85,5');
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'step2', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Настройки процедуры', level: 2 })).toBeVisible();

  // Leaving on step 3 and coming back restores the draft there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Настройки процедуры', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Назад' }).click();
  await expect(page.getByRole('textbox', { name: 'Бумажные досье, %' })).toHaveValue('85.5');
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 3: dates in Moscow time, the step.
  const start = moscowDigits(3);
  await typeDate(page, 'start_datetime', start.digits);
  await expect(page.getByTestId('end_datetime-field')).toContainText(
    start.text.replace('11:00', '13:00').slice(0, 10),
  );
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Необходимо указать размер шага')).toBeVisible();
  await page.getByRole('textbox', { name: 'Шаг аукциона, ₽' }).fill('5000');
  await page.getByRole('checkbox', { name: 'Продлевать торги после последней ставки' }).check();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'step3', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 4: participants, then send for approval.
  await expect(page.getByRole('heading', { name: 'Участники', level: 2 })).toBeVisible();
  await expect(page.getByText('Вы ещё не добавили ни одной организации').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Физическое лицо' }).uncheck();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'step4', WIZARD_SHOTS);
  await submitForApproval(page, id);

  // The administrator approves it in a second context.
  const admin = await signedInThroughForm(browser, ADMIN);
  await admin.page.goto('/admin/briefcases');
  const row = admin.page.getByTestId(`moderation-${id}`);
  await expect(row).toBeVisible();
  await expectNoSeriousAxeViolations(admin.page, { drawings: true });
  await screenshot(admin.page, 'moderation', WIZARD_SHOTS);
  await row.getByRole('button', { name: 'Согласовать' }).click();
  await expect(admin.page.getByText('Торговая процедура подтверждена')).toBeVisible();
  await expect(row).toHaveCount(0);

  // A buyer finds it in the feed.
  const buyer = await signedInThroughForm(browser, BUYER);
  await buyer.page.goto(`/briefcases?query=${id}`);
  await expect(buyer.page.getByTestId('briefcase-card').filter({ hasText: `ТП №${id}` })).toBeVisible();

  // The seller can no longer change it.
  await page.goto(`/briefcases/new/${id}`);
  await expect(
    page.getByRole('button', { name: 'Процедура уже согласована, невозможно изменить' }),
  ).toBeDisabled();
  await Promise.all([seller.context.close(), admin.context.close(), buyer.context.close()]);
});

test('a file that is not an xlsx is refused with the spec’s text', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await signedInThroughForm(browser, SELLER);
  await page.goto('/briefcases/new');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles({
    name: 'реестр.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from('not a workbook'),
  });
  await expect(page.getByText('Файл должен быть в формате MS Excel - XLSX')).toBeVisible();
  // The same bytes named .xlsx reach the server, which checks the content.
  await page.getByTestId('registry-input').setInputFiles({
    name: 'реестр.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('not a workbook'),
  });
  await expect(page.getByText('Файл должен быть в формате MS Excel - XLSX')).toBeVisible();
  await expect(page).toHaveURL(/\/briefcases\/new$/);
  await context.close();
});

test('a registry with errors shows the check report link, and the report downloads as xlsx', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const file = await registry(
    'errors.xlsx',
    debts(80, (i) => (i % 2 ? { amount_total: 'много' } : {})),
  );
  const { context, page } = await signedInThroughForm(browser, SELLER);
  await page.goto('/briefcases/new');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page.getByText('Ошибка обработки файла')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText('Найдено большое количество ошибок, пожалуйста, ознакомьтесь с файлом проверки реестра'),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать файл проверки реестра' }).click();
  const saved = await (await download).path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved!).subarray(0, 2).toString()).toBe('PK');
  await screenshot(page, 'step2-errors', WIZARD_SHOTS);
  await context.close();
});

test('a registry with personal data needs the agreement before it is ingested', async ({ browser }) => {
  test.setTimeout(120_000);
  const file = await registry(
    'pd.xlsx',
    debts(30, (i) =>
      i <= 3
        ? { first_creditor: 'Иванов Иван Иванович', loan_kind: `+7 916 123-45-${String(i).padStart(2, '0')}` }
        : {},
    ),
  );
  const { context, page } = await signedInThroughForm(browser, SELLER, 390);
  await page.goto('/briefcases/new');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page.getByText('Подозрение на наличие персональных данных').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'step2-personal-data', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Отправить результат на почту' }).click();
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('не может быть пустым')).toBeVisible();
  await page.getByLabel('Электронная почта').fill('seller.bank@etp-rd.ru');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Результат проверки отправлен')).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить персональные данные' }).click();
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Лоты' })).toBeVisible();
  await screenshot(page, 'step2', WIZARD_SHOTS);
  await context.close();
});

test('phone layout: every step of a restored draft at 390 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const file = await registry('phone.xlsx', debts(200));
  const { context, page } = await signedInThroughForm(browser, SELLER, 390);
  await page.goto('/briefcases/new');
  await expect(page.getByRole('radio', { name: /Классический аукцион/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'step1', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles(file);
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 60_000 });
  await describePortfolio(page);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('textbox', { name: 'Шаг аукциона, ₽' })).toBeVisible();
  await typeDate(page, 'start_datetime', moscowDigits(5).digits);
  await page.getByRole('textbox', { name: 'Шаг аукциона, ₽' }).fill('1000');
  await screenshot(page, 'step3', WIZARD_SHOTS);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('heading', { name: 'Приглашённые организации', level: 3 })).toBeVisible();
  await screenshot(page, 'step4', WIZARD_SHOTS);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await context.close();
});
