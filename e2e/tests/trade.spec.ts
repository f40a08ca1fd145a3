/**
 * Trading in the browser (issue 14): two buyers at once on one lot, live; an autobid; a sealed offer; the deep
 * link of the lot dialog; the seller's winner choice; the organiser's confirmation and an administrator's
 * rejection. Each screen is checked with axe (no serious or critical violations).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

const PASSWORD = 'Demo-2026!';
test.setTimeout(180_000);
const SHOTS = join(import.meta.dirname, '..', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

interface Jwt {
  token: string;
  refresh_token: string;
  expires_at: string;
  refresh_token_expires_at: string;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<Jwt> {
  const reply = await request.post('/api/v2/auth/authorize_by_email', {
    data: { email, password: PASSWORD },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data.jwt as Jwt;
}

/** A browser context signed in as `email` (the session the web app keeps in localStorage). */
async function signedIn(browser: Browser, request: APIRequestContext, email: string, width = 1440) {
  const jwt = await tokenOf(request, email);
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  await context.addInitScript((session) => {
    // Runs in the page: its globalThis is the window.
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
      .localStorage;
    storage.setItem('etp.jwt', JSON.stringify({ ...session, obtained_at: Date.now() }));
    storage.setItem('etp.cookies_accepted', '1');
  }, jwt);
  return { context, page: await context.newPage(), jwt };
}

async function findProcedure(request: APIRequestContext, jwt: Jwt, auctionType: string, status: string) {
  const reply = await request.get('/api/v1/briefcases', {
    params: { auction_type: auctionType, status, per_page: 40 },
    headers: { Authorization: `Bearer ${jwt.token}` },
  });
  const list = (await reply.json()).data.briefcases as { id: number }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0]!.id;
}

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

test('buyer A bids on a classic lot and buyer B sees the new price without reloading', async ({
  browser,
  request,
}) => {
  const a = await signedIn(browser, request, 'buyer.legal@etp-rd.ru');
  const b = await signedIn(browser, request, 'buyer.bank@etp-rd.ru');
  const id = await findProcedure(request, a.jwt, 'classic', 'active');
  await a.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  await b.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  const cardA = a.page.locator('[data-testid^="lot-card-"]').first();
  const lotId = (await cardA.getAttribute('data-testid'))!.replace('lot-card-', '');
  const cardB = b.page.getByTestId(`lot-card-${lotId}`);
  await expect(cardB).toBeVisible();
  await expectAccessible(b.page);
  await shot(b.page, 'trade-tab-1440');

  // Two steps: the bid button asks for confirmation, then the bid goes.
  await cardA.getByRole('button', { name: 'Добавить шаг' }).click();
  await expect(cardA.getByTestId(`bid-steps-${lotId}`)).toHaveText('2 шага');
  await cardA.getByRole('button', { name: 'Сделать ставку' }).click();
  const confirm = a.page.getByRole('dialog', { name: 'Подтверждение ставки' });
  await expect(confirm).toBeVisible();
  await expectAccessible(a.page);
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(a.page.getByTestId(`lot-condition-${lotId}`)).toHaveText('Вы лидируете');
  const price = (await a.page.getByTestId(`lot-price-${lotId}`).textContent())!;

  const started = Date.now();
  await expect(b.page.getByTestId(`lot-price-${lotId}`)).toHaveText(price, { timeout: 2000 });
  const seenInMs = Date.now() - started;
  console.log(`buyer B saw the new price ${seenInMs} ms after buyer A's acknowledgement`);
  expect(seenInMs).toBeLessThan(1000);
  // The header's own-bids sum of A follows the bid.
  await expect(a.page.getByTestId('own-bids-sum')).toBeVisible();

  // B's autobid answers A at once: A is outbid, B leads, both screens live.
  const cardB2 = b.page.getByTestId(`lot-card-${lotId}`);
  await cardB2.getByRole('button', { name: 'Включить автоставку' }).click();
  const autobid = b.page.getByRole('dialog', { name: 'Автоставка' });
  await autobid.getByLabel('Максимальная цена').fill('999999999');
  await autobid.getByRole('button', { name: 'Далее' }).click();
  await expectAccessible(b.page);
  await autobid.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(b.page.getByText('Автоставка включена')).toBeVisible();
  await expect(b.page.getByTestId(`autobid-${lotId}`)).toBeVisible();
  await expect(b.page.getByTestId(`lot-condition-${lotId}`)).toHaveText(/Включена автоставка|Вы лидируете/);
  await expect(a.page.getByTestId(`lot-condition-${lotId}`)).toHaveText('Ставка перебита', { timeout: 2000 });
  await expect(a.page.getByTestId(`lot-price-${lotId}`)).not.toHaveText(price);
  await a.context.close();
  await b.context.close();
});

test('on a phone (390 px) a buyer bids through the lot dialog opened by its address', async ({
  browser,
  request,
}) => {
  const a = await signedIn(browser, request, 'buyer.mfo@etp-rd.ru', 390);
  const id = await findProcedure(request, a.jwt, 'classic', 'active');
  await a.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  const first = a.page.locator('[data-testid^="lot-card-"]').first();
  const lotId = (await first.getAttribute('data-testid'))!.replace('lot-card-', '');
  await shot(a.page, 'trade-tab-390');
  await a.page.goto(`/briefcases/${id}/trade?id=${lotId}`, { waitUntil: 'domcontentloaded' });
  const dialog = a.page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Общая информация' })).toBeVisible();
  await expectAccessible(a.page);
  await shot(a.page, 'lot-dialog-390');
  await dialog.getByRole('button', { name: 'Сделать ставку' }).click();
  await a.page
    .getByRole('dialog', { name: 'Подтверждение ставки' })
    .getByRole('button', { name: 'Подтвердить' })
    .click();
  await expect(dialog.getByTestId(`lot-condition-${lotId}`)).toHaveText('Вы лидируете');
  await dialog.getByRole('tab', { name: 'Ставки' }).click();
  await expect(dialog.getByRole('table')).toContainText('Ставка');
  await expectAccessible(a.page);
  await a.context.close();
});

test('the lot dialog opens from its address on a desktop, steps to the next lot and back', async ({
  browser,
  request,
}) => {
  const a = await signedIn(browser, request, 'buyer.legal@etp-rd.ru');
  const id = await findProcedure(request, a.jwt, 'classic', 'active');
  await a.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  const first = a.page.locator('[data-testid^="lot-card-"]').first();
  const lotId = (await first.getAttribute('data-testid'))!.replace('lot-card-', '');
  await a.page.goto(`/briefcases/${id}/trade?id=${lotId}`, { waitUntil: 'domcontentloaded' });
  const dialog = a.page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(a.page, 'lot-dialog-1440');
  await dialog.getByRole('button', { name: 'Следующий лот' }).click();
  await expect(a.page).not.toHaveURL(new RegExp(`id=${lotId}$`));
  await dialog.getByRole('button', { name: 'Предыдущий лот' }).click();
  await expect(a.page).toHaveURL(new RegExp(`id=${lotId}$`));
  await shot(a.page, 'card-header-1440');
  await a.context.close();
});

test('a sealed offer is made, and the other buyer sees no amount', async ({ browser, request }) => {
  const a = await signedIn(browser, request, 'buyer.legal@etp-rd.ru');
  const b = await signedIn(browser, request, 'buyer.bank@etp-rd.ru');
  const id = await findProcedure(request, a.jwt, 'private_requests', 'active');
  await a.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  const card = a.page.locator('[data-testid^="lot-card-"]').first();
  const lotId = (await card.getAttribute('data-testid'))!.replace('lot-card-', '');
  const minimum = (await a.page.getByTestId(`lot-price-${lotId}`).textContent())!;
  const kopecks = Number(minimum.replace(/\D/g, '')) * 100 + 100_000_00;
  await card.getByRole('button', { name: /Сделать предложение|Изменить предложение/ }).click();
  const dialog = a.page.getByRole('dialog');
  await dialog.getByLabel('Ваше предложение').fill(String(kopecks / 100));
  await dialog.getByRole('button', { name: 'Далее' }).click();
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(a.page.getByTestId(`own-offer-${lotId}`)).toBeVisible();
  await expect(a.page.getByTestId(`lot-condition-${lotId}`)).toHaveText('Ваша ставка принята');

  await b.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  await expect(b.page.getByTestId(`lot-card-${lotId}`)).toBeVisible();
  await expect(b.page.getByTestId(`lot-price-${lotId}`)).toHaveText(minimum);
  await expect(b.page.getByTestId(`lot-card-${lotId}`)).not.toContainText(
    (kopecks / 100).toLocaleString('ru-RU'),
  );
  await expectAccessible(b.page);
  await a.context.close();
  await b.context.close();
});

test('the seller picks the winner of a finished lot', async ({ browser, request }) => {
  const admin = await tokenOf(request, 'admin@etp-rd.ru');
  const id = await findProcedure(request, admin, 'classic', 'finished');
  const seller = await signedIn(browser, request, 'seller.bank@etp-rd.ru');
  await seller.page.goto(`/briefcases/${id}/trade`, { waitUntil: 'domcontentloaded' });
  const pick = seller.page.getByRole('button', { name: 'Выбрать победителя' }).first();
  await expect(pick).toBeVisible();
  const card = seller.page.locator('[data-testid^="lot-card-"]', { has: pick }).first();
  const lotId = (await card.getAttribute('data-testid'))!.replace('lot-card-', '');
  await pick.click();
  const dialog = seller.page.getByRole('dialog', { name: 'Выбор победителя' });
  await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await dialog.getByRole('radio').first().check();
  await expectAccessible(seller.page);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(seller.page.getByTestId(`lot-condition-${lotId}`)).toHaveText(
    /Победитель выбран|Победителя нет/,
  );
  await seller.context.close();
});

test('the seller confirms what an administrator prepared, and an administrator rejects a sent procedure', async ({
  browser,
  request,
}) => {
  const adminJwt = await tokenOf(request, 'admin@etp-rd.ru');
  const list = await request.get('/api/v1/briefcases', {
    params: { status: 'pending', per_page: 40 },
    headers: { Authorization: `Bearer ${adminJwt.token}` },
  });
  const pending = (await list.json()).data.briefcases as {
    id: number;
    attributes: { auction_type: string };
  }[];
  const byAdmin = pending.find((p) => p.attributes.auction_type === 'classic')!.id;
  const bySeller = pending.find((p) => p.attributes.auction_type === 'private_requests')!.id;

  const seller = await signedIn(browser, request, 'seller.mfo@etp-rd.ru');
  await seller.page.goto(`/briefcases/${byAdmin}`, { waitUntil: 'domcontentloaded' });
  await seller.page.getByRole('button', { name: 'Подтвердить' }).click();
  const dialog = seller.page.getByRole('dialog', { name: 'Подтверждение торговой процедуры' });
  await expect(dialog).toContainText('опубликована в списке и календаре');
  await expectAccessible(seller.page);
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(seller.page.getByText('Торговая процедура подтверждена')).toBeVisible();
  await expect(seller.page.getByRole('button', { name: 'Не подтверждать' })).toBeHidden();

  const admin = await signedIn(browser, request, 'admin@etp-rd.ru');
  await admin.page.goto(`/briefcases/${bySeller}`, { waitUntil: 'domcontentloaded' });
  await admin.page.getByRole('button', { name: 'Не подтверждать' }).click();
  const reject = admin.page.getByRole('dialog', { name: 'Торговая процедура не подтверждена' });
  await reject.getByLabel('Комментарий').fill('Проверьте описание портфеля');
  await expectAccessible(admin.page);
  await reject.getByRole('button', { name: 'Отправить' }).click();
  await expect(admin.page.getByRole('button', { name: 'Не подтверждать' })).toBeHidden();
  await seller.context.close();
  await admin.context.close();
});
