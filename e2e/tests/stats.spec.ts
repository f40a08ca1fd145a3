/**
 * Статистика and Мониторинг (issue 16): the seller watches the statistics while a buyer bids in another browser,
 * and the counters change without a reload; the administrator sees a visitor come online and go away, then opens
 * the visitor's page. Each screen is checked with axe and photographed at 1440 and 390 px.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshots } from './support/screenshots.ts';
import { apiData, signedIn, tokenOf } from './support/session.ts';

test.setTimeout(120_000);

const SELLER = 'seller.bank@etp-rd.ru';
/** Buyers no other journey uses, so their bids and visits are this journey's own. */
const BIDDER = 'buyer.mfo@etp-rd.ru';
const VISITOR = 'buyer.self@etp-rd.ru';
const ADMIN = 'admin@etp-rd.ru';

const numberIn = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** Full-page shots start at the top, so the sticky header stays where it belongs. */
const toTop = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));

/** The first classic procedure trading now that the demo bank sells. */
async function banksTradingProcedure(request: APIRequestContext): Promise<number> {
  const seller = await tokenOf(request, SELLER);
  const owned = await apiData<{ briefcases: { id: number }[] }>(request, seller, '/api/v1/briefcases', {
    auction_type: 'classic',
    status: 'active',
    owned: 1,
  });
  return owned.briefcases[0]!.id;
}

/** The tallest bar the price-bars chart draws, in CSS pixels. */
async function tallestPriceBar(page: Page): Promise<number> {
  const bars = page.getByRole('region', { name: 'Цены лотов' }).locator('.MuiBarChart-element');
  const heights = await bars.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().height));
  return heights.length ? Math.max(...heights) : 0;
}

test('the seller watches Статистика while a buyer bids, and the counters change without a reload', async ({
  browser,
  request,
}) => {
  const seller = await signedIn(browser, request, SELLER);
  const bidder = await signedIn(browser, request, BIDDER);
  const id = await banksTradingProcedure(request);

  await seller.page.goto(`/briefcases/${id}/statistics`);
  await expect(seller.page.getByRole('heading', { name: 'Статистика', level: 2 })).toBeVisible();
  const bids = seller.page.getByTestId('stats-bids');
  await expect(bids).toHaveText(/\d/);
  const before = numberIn(await bids.textContent());
  // The tallest lot's bar fills the 72 px the spec allows, and no bar goes beyond (once the bars have grown in).
  await expect.poll(() => tallestPriceBar(seller.page)).toBeGreaterThan(71);
  expect(await tallestPriceBar(seller.page)).toBeLessThanOrEqual(72.5);

  // The buyer bids on a lot they do not lead, in their own browser.
  await bidder.page.goto(`/briefcases/${id}/trade`);
  const cards = bidder.page.locator('[data-testid^="lot-card-"]');
  await expect(cards.first()).toBeVisible();
  const card = cards
    .filter({ has: bidder.page.getByRole('button', { name: 'Сделать ставку', disabled: false }) })
    .filter({ has: bidder.page.getByText('Ваших ставок нет') })
    .first();
  const lotId = (await card.getAttribute('data-testid'))!.replace('lot-card-', '');
  const condition = bidder.page.getByTestId(`lot-condition-${lotId}`);
  await expect(condition).toHaveText('Ваших ставок нет');
  await card.getByRole('button', { name: 'Сделать ставку' }).click();
  await bidder.page
    .getByRole('dialog', { name: 'Подтверждение ставки' })
    .getByRole('button', { name: 'Подтвердить' })
    .click();
  // Accepted: the buyer leads, or another company's autobid has already answered.
  await expect(condition).toHaveText(/Вы лидируете|Ставка перебита/);

  // The seller's counters follow, live: the page is never reloaded.
  await expect
    .poll(async () => numberIn(await bids.textContent()), { timeout: 5000 })
    .toBeGreaterThan(before);
  await expect(seller.page.getByTestId('stats-users')).toHaveText(/\d/);
  const bidsOnLot = numberIn(await bidder.page.getByTestId(`lot-bids-${lotId}`).textContent());

  // The lots table, expanded: the lot's bid count is the one the buyer sees.
  const expand = seller.page.getByRole('button', { name: /Показать все лоты/ });
  if (await expand.isVisible()) await expand.click();
  await expect(seller.page.getByTestId(`stats-lot-bids-${lotId}`)).toHaveText(String(bidsOnLot));
  await expect(seller.page.getByRole('button', { name: /Свернуть/ })).toBeVisible();

  await expectNoSeriousAxeViolations(seller.page);
  await toTop(seller.page);
  await screenshots(seller.page, 'statistics');
  await seller.page.setViewportSize({ width: 390, height: 844 });
  await expect(seller.page.locator('[data-layout="narrow"]')).toBeVisible();
  await expectNoSeriousAxeViolations(seller.page);
  await seller.context.close();
  await bidder.context.close();
});

test('the administrator sees a visitor come online in Мониторинг and go away, then opens their page', async ({
  browser,
  request,
}) => {
  const admin = await signedIn(browser, request, ADMIN);
  const visitor = await signedIn(browser, request, VISITOR);
  const id = await banksTradingProcedure(request);
  const me = await apiData<{ id: number; company_name: string | null }>(request, visitor.jwt, '/api/v1/user');

  await admin.page.goto(`/briefcases/${id}/monitoring`);
  await expect(admin.page.getByRole('heading', { name: 'Мониторинг', level: 2 })).toBeVisible();
  const online = admin.page.getByTestId('monitoring-online');
  await expect(online).toHaveText(/В сети: \d+/);
  const onlineBefore = numberIn(await online.textContent());
  const row = admin.page.getByTestId(`monitoring-user-${me.id}`);
  await expect(row).toHaveCount(0);

  // The visitor opens the card: a row appears, online.
  await visitor.page.goto(`/briefcases/${id}`);
  await expect(row).toContainText('В сети');
  await expect(online).toHaveText(`В сети: ${onlineBefore + 1}`);

  // The visitor switches to another tab. Headless Chromium never hides a page, so the journey does what the browser
  // does then: the document turns hidden and says so.
  await visitor.page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { dispatchEvent(event: unknown): void } }).document;
    Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(doc, 'hidden', { configurable: true, get: () => true });
    doc.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(row).toContainText('Отошёл');
  await expect(online).toHaveText(`В сети: ${onlineBefore}`);

  await expectNoSeriousAxeViolations(admin.page);
  await screenshots(admin.page, 'monitoring');

  // Meanwhile the visitor bids (through the API): the administrator's page of the visitor lists it.
  const lots = await apiData<{ lots: { id: number; attributes: { next_price: number; status: string } }[] }>(
    request,
    visitor.jwt,
    '/api/v1/lots',
    { briefcase_id: id, per_page: 48 },
  );
  const lot = lots.lots.find((l) => l.attributes.status === 'active')!;
  const bid = await request.post('/api/v1/bids', {
    data: { lot_id: lot.id, amount: lot.attributes.next_price },
    headers: { Authorization: `Bearer ${visitor.jwt.token}` },
  });
  expect(bid.ok()).toBe(true);

  // Each row opens the administrator's page of that user.
  await row.getByRole('link').click();
  await expect(admin.page).toHaveURL(`/admin/users/${me.id}`);
  await expect(admin.page.getByRole('heading', { level: 1 })).toBeVisible();
  if (me.company_name)
    await expect(admin.page.getByRole('list', { name: 'Компании' })).toContainText(me.company_name);
  await expect(admin.page.getByRole('list', { name: 'Посещения торговых процедур' })).toContainText(
    `ТП №${id}`,
  );
  await expect(admin.page.getByRole('list', { name: 'Сеансы входа' })).toContainText('Действует');
  await expect(admin.page.getByRole('list', { name: 'Последние действия' })).toContainText(
    `Ставка${new Intl.NumberFormat('ru-RU').format(lot.attributes.next_price / 100)}`,
  );
  await expectNoSeriousAxeViolations(admin.page);
  await screenshots(admin.page, 'admin-user');
  await admin.context.close();
  await visitor.context.close();
});
