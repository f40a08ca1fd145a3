/**
 * The wizard's step-3 documents and step-4 participant lists (spec 1 §2, §5, §7) in a real browser against the
 * production build and a real server with the demo data. A seller creates a closed request for offers: uploads a
 * document (a wrong one is refused with the spec's texts, by name in the browser and by content on the server),
 * leaves on step 3 and comes back to the same draft, chooses its kind, invites one company from the "previously
 * chosen" history (removing another from that history) and one from the typeahead (where a company that cannot
 * take part is shown disabled with its reason), and sends it; the administrator approves it and the invited buyer
 * downloads the document from the card. A dutch procedure on a phone: the end is computed by the step formula.
 */
import { readFileSync } from 'node:fs';
import { splitDutchMaxPrice } from '@etp/domain';
import { type Page, test } from '@playwright/test';
import { ADMIN, SELLER } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { debts, registry } from './support/registry.ts';
import { screenshot } from './support/screenshots.ts';
import { signedInThroughForm } from './support/signIn.ts';
import {
  describePortfolio,
  expect,
  moscowDigits,
  moscowText,
  submitForApproval,
  tokenIn,
  typeDate,
  WIZARD_SHOTS,
} from './support/wizard.ts';

const INVITED_BUYER = 'buyer.bank@etp-rd.ru';
const HISTORY_KEPT = 'Акционерное общество «Коллект Банк»';
const HISTORY_REMOVED = 'Общество с ограниченной ответственностью Микрокредитная компания «Займ Экспресс»';
const TYPED = 'Индивидуальный предприниматель Кравцов Дмитрий Олегович';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface DraftLot {
  id: number;
  start_price: number;
  composite: boolean;
}
interface Draft {
  briefcase: { end_datetime: string | null; start_datetime: string | null };
  lots: DraftLot[];
}

async function loadDraft(page: Page, id: number): Promise<Draft> {
  const token = await tokenIn(page);
  const reply = await page.request.get(`/api/v1/briefcases/${id}/edit`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data as Draft;
}

/** Step 1 (the type) and step 2 (the registry and the portfolio); returns the procedure's id. */
async function throughStep2(page: Page, type: RegExp, rows: number, file: string): Promise<number> {
  await page.goto('/briefcases/new');
  await page.getByRole('radio', { name: type }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles(await registry(file, debts(rows)));
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 120_000 });
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/, { timeout: 60_000 });
  const id = Number(/new\/(\d+)/.exec(page.url())![1]);
  await describePortfolio(page);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByTestId('start_datetime-field')).toBeVisible();
  return id;
}

test('a closed request for offers with a document and a whitelist partly from history: sent, approved, the document downloads from the card', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const seller = await signedInThroughForm(browser, SELLER);
  const page = seller.page;
  const id = await throughStep2(page, /Закрытый запрос предложений/, 300, 'private.xlsx');

  // Step 3: documents. A program is refused by its name before it is sent, a fake PDF by its content.
  await expect(
    page.getByText(/Форматы: DOC, DOCX, XLS, XLSX, PDF, JPG, JPEG, PNG, TIFF, ZIP, 7Z, RAR\./),
  ).toBeVisible();
  await expect(page.getByText(/Максимальный размер файла 30 МБ, всех документов — 100 МБ/)).toBeVisible();
  await page
    .getByTestId('documents-input')
    .setInputFiles([{ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
  await expect(page.getByText('Ошибка отправки документа: Формат файла EXE не поддерживается')).toBeVisible();
  await page
    .getByTestId('documents-input')
    .setInputFiles([
      { name: 'Поддельный.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') },
    ]);
  await expect(page.getByText('Ошибка отправки документа: Формат файла PDF не поддерживается')).toBeVisible();
  await page
    .getByTestId('documents-input')
    .setInputFiles([{ name: 'Регламент торгов.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  const documents = page.getByRole('list', { name: 'Загруженные документы' });
  await expect(documents.getByText('Регламент торгов.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Скрыть: setup.exe' }).click();
  await page.getByRole('button', { name: 'Скрыть: Поддельный.pdf' }).click();

  // Leaving on step 3 and coming back: the same draft, on step 3, with the uploaded document.
  await page.goto('/briefcases');
  await page.goto(`/briefcases/new/${id}`);
  await expect(page.getByRole('heading', { name: 'Настройки процедуры', level: 2 })).toBeVisible();
  await expect(documents.getByText('Регламент торгов.pdf')).toBeVisible();

  const start = moscowDigits(6);
  await typeDate(page, 'start_datetime', start.digits);
  await expect(page.getByTestId('end_datetime-field')).toContainText(start.text.slice(0, 10));
  // A document without a kind blocks the step with the spec's text.
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Не выбран тип файла')).toBeVisible();
  await expect(page.getByText('Исправьте ошибки на шаге 3')).toBeVisible();
  await page.getByRole('combobox', { name: 'Тип документа' }).click();
  await page.getByRole('option', { name: 'Регламент' }).click();
  await expect(page.locator('.MuiMenu-root:visible')).toHaveCount(0);
  await expect(page.getByText('Не выбран тип файла')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'lists-step3', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 4: the whitelist's history (the seller's earlier closed request invited three companies).
  await expect(page.getByRole('heading', { name: 'Участники', level: 2 })).toBeVisible();
  const whitelist = page.getByRole('region', { name: 'Приглашённые организации' });
  await whitelist.getByRole('button', { name: 'Ранее выбранные' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ранее выбранные: приглашённые организации' });
  await expect(dialog.getByText(HISTORY_KEPT)).toBeVisible();
  await expect(dialog.getByText(HISTORY_REMOVED)).toBeVisible();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'lists-history', WIZARD_SHOTS);
  await dialog.getByRole('button', { name: `Удалить из истории: ${HISTORY_REMOVED}` }).click();
  await expect(dialog.getByText(HISTORY_REMOVED)).toHaveCount(0);
  await dialog.getByText(HISTORY_KEPT).click();
  await dialog.getByRole('button', { name: 'Добавить выбранные' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(whitelist.getByRole('list', { name: 'Приглашённые организации' })).toContainText(HISTORY_KEPT);
  // The removal holds: the history opened again no longer has it, and the kept one is marked as chosen.
  await whitelist.getByRole('button', { name: 'Ранее выбранные' }).click();
  await expect(dialog.getByText('Уже в списке')).toBeVisible();
  await expect(dialog.getByText(HISTORY_REMOVED)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  // The typeahead (debounced): a company that cannot take part is shown with its reason and cannot be chosen.
  const search = whitelist.getByRole('combobox', { name: 'Найти организацию по названию или ИНН' });
  await search.fill('Новый Кредитор');
  const lapsed = page.getByRole('option', { name: /Новый Кредитор/ });
  await expect(lapsed).toContainText('Компания не аккредитована');
  await expect(lapsed).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'lists-typeahead', WIZARD_SHOTS);
  await search.fill('Кравцов');
  await page.getByRole('option', { name: new RegExp(TYPED) }).click();
  await expect(whitelist.getByRole('list', { name: 'Приглашённые организации' })).toContainText(TYPED);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'lists-step4', WIZARD_SHOTS);
  await submitForApproval(page, id);

  // The administrator approves it.
  const admin = await signedInThroughForm(browser, ADMIN);
  await admin.page.goto('/admin/briefcases');
  const row = admin.page.getByTestId(`moderation-${id}`);
  await row.getByRole('button', { name: 'Согласовать' }).click();
  await expect(admin.page.getByText('Торговая процедура подтверждена')).toBeVisible();

  // The invited buyer downloads the document from the card's documents dropdown.
  const buyer = await signedInThroughForm(browser, INVITED_BUYER);
  await buyer.page.goto(`/briefcases/${id}`);
  await buyer.page.getByRole('button', { name: 'Документы' }).click();
  const menu = buyer.page.getByRole('menu', { name: 'Документы торговой процедуры' });
  const item = menu.getByRole('menuitem', { name: /Регламент торгов\.pdf/ });
  await expect(item).toBeVisible();
  await expectNoSeriousAxeViolations(buyer.page, { drawings: true });
  await screenshot(buyer.page, 'lists-card-documents', WIZARD_SHOTS);
  const download = buyer.page.waitForEvent('download');
  await item.click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Регламент торгов.pdf');
  expect(
    readFileSync((await saved.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await Promise.all([seller.context.close(), admin.context.close(), buyer.context.close()]);
});

test('a dutch procedure on a phone: the end is the step formula’s, the field is disabled; sent for approval', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const { context, page } = await signedInThroughForm(browser, SELLER, 390);
  const id = await throughStep2(page, /Голландский аукцион/, 200, 'dutch.xlsx');

  const draft = await loadDraft(page, id);
  const lots = draft.lots.filter((l) => !l.composite);
  const totalStart = lots.reduce((sum, l) => sum + l.start_price, 0);
  // Twice the portfolio's start price as the maximum, a step of a tenth of it, 15 minutes a step (in roubles).
  const maxRub = Math.ceil((2 * totalStart) / 100);
  const stepRub = Math.max(1, Math.ceil(totalStart / 100 / 10));
  const start = moscowDigits(4);
  await typeDate(page, 'start_datetime', start.digits);
  await page.getByRole('textbox', { name: 'Максимальная цена, ₽' }).fill(String(maxRub));
  await page.getByRole('textbox', { name: 'Шаг аукциона, ₽' }).fill(String(stepRub));
  await page.getByRole('textbox', { name: 'Длительность шага, мин' }).fill('15');

  // spec 1 §4: each lot's step count = ceil((max − start) / step) + 1, its end = start + count × minutes; the
  // procedure ends with its last lot. A lot's maximum is its price plus its share of what the procedure's
  // maximum exceeds their sum by (decision 0239).
  const startAt = new Date(start.iso).getTime();
  const maxima = splitDutchMaxPrice(
    maxRub * 100,
    lots.map((lot) => lot.start_price),
  );
  const ends = lots.map((lot, i) => {
    const steps = Math.ceil((maxima[i]! - lot.start_price) / (stepRub * 100)) + 1;
    return startAt + steps * 15 * 60_000;
  });
  const expectedEnd = new Date(Math.max(...ends));
  const shown = moscowText(expectedEnd);
  const endField = page.getByTestId('end_datetime-field');
  await expect(endField).toContainText(shown.date);
  await expect(endField).toContainText(shown.time);
  await expect(endField.getByRole('spinbutton').first()).toBeDisabled();
  await expect(page.getByText('Окончание рассчитывается по шагам')).toBeVisible();
  // A document on a phone: its kind chosen under its name.
  await page
    .getByTestId('documents-input')
    .setInputFiles([{ name: 'Чек-лист передачи досье.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expect(page.getByText('Чек-лист передачи досье.pdf')).toBeVisible();
  await page.getByRole('combobox', { name: 'Тип документа' }).click();
  await page.getByRole('option', { name: 'Чек-лист' }).click();
  await expect(page.locator('.MuiMenu-root:visible')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'lists-dutch-step3', WIZARD_SHOTS);
  await page.getByRole('button', { name: 'Далее' }).click();

  // The server computed the same end.
  await expect(page.getByRole('region', { name: 'Исключённые организации' })).toBeVisible();
  expect((await loadDraft(page, id)).briefcase.end_datetime).toBe(expectedEnd.toISOString());

  // Step 4 and the blacklist's history on a phone.
  const blacklist = page.getByRole('region', { name: 'Исключённые организации' });
  await blacklist.getByRole('button', { name: 'Ранее выбранные' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ранее выбранные: исключённые организации' });
  await expect(dialog.getByText('Белова Анна Сергеевна')).toBeVisible();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await screenshot(page, 'lists-history-blacklist', WIZARD_SHOTS);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await screenshot(page, 'lists-dutch-step4', WIZARD_SHOTS);
  await submitForApproval(page, id);
  await context.close();
});
