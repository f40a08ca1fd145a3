/**
 * Аналитика портфеля (issue 16): a buyer opens the tab of a demo procedure, every block shows the API's numbers,
 * and the PDF button lays the charts out for A4; Chromium's PDF of it holds the six tile values.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshots } from './support/screenshots.ts';
import { signIn } from './support/signIn.ts';

interface Card {
  id: number;
  auction_type: string;
  items_count: number;
  analytics: {
    regions_list: Record<string, number>;
    amount_bottomline_list: { title: string; value: number }[];
    kinds_list: { title: string; value: number }[];
  };
  birth_dates: { title: string; total: number }[];
}

const percent = (part: number, whole: number) =>
  `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format((part / whole) * 100)}%`;

function hasPdfToText(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('a buyer reads the analytics of a demo procedure and prints them to PDF', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'buyer.legal@etp-rd.ru');
  const cards = page.getByTestId('briefcase-card');
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  const title =
    (await cards
      .first()
      .getByText(/ТП №\d+/)
      .first()
      .textContent()) ?? '';
  const id = /ТП №(\d+)/.exec(title)?.[1];

  const cardReply = page.waitForResponse((r) => new RegExp(`/api/v1/briefcases/${id}$`).test(r.url()));
  // Print opens the browser's dialog: the test records the call instead, and the layout stays for print.
  await page.addInitScript(() => {
    const w = globalThis as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
    };
  });
  await page.goto(`/briefcases/${id}/analytics`);
  const card = ((await (await cardReply).json()) as { data: { attributes: Card } }).data.attributes;

  await expect(page.getByRole('heading', { name: 'Аналитика портфеля' })).toBeVisible({ timeout: 60_000 });
  const tiles = page.locator('[data-tile]');
  await expect(tiles).toHaveCount(card.auction_type === 'bank_to_bank' ? 4 : 6);
  await expect(page.locator('[data-tile="items"]')).toContainText(
    new Intl.NumberFormat('ru-RU').format(card.items_count),
  );

  // Two numbers computed here from the card's lists, independently of the tab's code.
  // 1. Every debt falls in exactly one ОСЗ bucket: the buckets add up to the number of cases.
  const buckets = card.analytics.amount_bottomline_list;
  expect(buckets.reduce((sum, b) => sum + b.value, 0)).toBe(card.items_count);
  const composition = page.getByRole('list', { name: 'Легенда: Структура ОСЗ' });
  const biggest = buckets.reduce((a, b) => (b.value > a.value ? b : a));
  await expect(composition).toContainText(`${biggest.title}${percent(biggest.value, card.items_count)}`);
  // 2. The region with most debts, and its share of all the regions' debts, as the map's legend writes it.
  const regions = Object.entries(card.analytics.regions_list).sort(([, a], [, b]) => b - a);
  const regionTotal = regions.reduce((sum, [, n]) => sum + n, 0);
  const [topCode, topCount] = regions[0]!;
  const regionLegend = page.getByRole('list', { name: 'Легенда: Регионы должников' });
  await expect(regionLegend.getByRole('listitem').first()).toContainText(percent(topCount, regionTotal));
  await expect(page.locator(`path[data-region="${topCode}"]`)).toBeVisible({ timeout: 60_000 });
  if (regions.length > 10) {
    await expect(regionLegend.getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: `Показать ещё ${regions.length - 10}` }).click();
    await expect(regionLegend.getByRole('listitem')).toHaveCount(regions.length);
    await page.getByRole('button', { name: 'Свернуть' }).click();
  }
  // The region's tooltip after hovering.
  await page.locator(`path[data-region="${topCode}"]`).hover();
  // A tooltip of an element hovered before may still be closing beside it: pick the region's own.
  await expect(page.getByRole('tooltip').filter({ hasText: percent(topCount, regionTotal) })).toBeVisible();
  await page.mouse.move(0, 0);

  if (card.birth_dates.some((b, i) => i < card.birth_dates.length - 1 && b.total > 0)) {
    await expect(page.getByRole('list', { name: 'Легенда: Пол и возраст должников' })).toContainText(
      'Мужчины',
    );
  }
  await expect(page.locator('[data-feature]')).toHaveCount(16);
  await expect(page.getByRole('heading', { name: 'Виды кредитов' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Первоначальные кредиторы' })).toBeVisible();
  // The map of regions included (issue 29 #18a: 85 regions each carried a prohibited aria-label), at both widths.
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(page.locator(`path[data-region="${topCode}"]`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, { drawings: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshots(page, 'analytics');

  const tileTexts = await page.locator('[data-tile] > p:first-child').allTextContents();
  expect(tileTexts).toHaveLength(await tiles.count());

  await page.getByRole('button', { name: 'PDF' }).click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { printed: number }).printed))
    .toBe(1);
  await expect(page.locator('[data-printing]')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  const dir = mkdtempSync(join(tmpdir(), 'etp-analytics-'));
  writeFileSync(join(dir, 'analytics.pdf'), pdf);
  test.info().attachments.push({
    name: 'analytics.pdf',
    path: join(dir, 'analytics.pdf'),
    contentType: 'application/pdf',
  });
  if (hasPdfToText()) {
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'analytics.pdf'), '-'], {
      encoding: 'utf8',
    });
    const plain = (s: string) => s.replace(/\s+/g, ' ');
    for (const value of tileTexts) expect(plain(text)).toContain(plain(value));
    expect(text).toContain('Аналитика портфеля');
  } else {
    test
      .info()
      .annotations.push({ type: 'note', description: 'pdftotext is not installed: PDF text not checked' });
  }
});
