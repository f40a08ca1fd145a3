/**
 * Вопрос-ответ and the feed's calendar (issue 16): a buyer asks a question and it appears live on the
 * administrator's open tab; the administrator answers it (a draft the buyer does not see), attaches a document and
 * publishes it, and the answer appears on the buyer's open tab without a reload, and the buyer is told; the
 * calendar opens full screen, changes month by keyboard, opens a day's carousel and a chosen day filters the list
 * until "Показать за всё время"; the organisation filter, the favourite star, the date groups' order. Axe on each
 * screen; screenshots at 1440 and 390 px.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MONTHS_GENITIVE } from '@etp/domain';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshot, screenshots } from './support/screenshots.ts';
import { type Jwt, signedIn } from './support/session.ts';

test.setTimeout(120_000);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const DIST = join(import.meta.dirname, '../../apps/web/dist');
const MONTHS: readonly string[] = MONTHS_GENITIVE;
/** '2026-11-25' → '25 ноября 2026', as the app writes a Moscow day. */
const dayLabel = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
const moscowMonth = (offset = 0) => {
  const now = new Date(Date.now() + 3 * 3_600_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return month.toISOString().slice(0, 7);
};

/** Snackbars gone (they come and go on their own), so axe and the screenshots see the page itself. */
async function settled(page: Page) {
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 15_000 });
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

test('a buyer asks a question, the administrator answers and publishes it, the buyer reads the answer', async ({
  browser,
  request,
}) => {
  const buyer = await signedIn(browser, request, 'buyer.legal@etp-rd.ru');
  const admin = await signedIn(browser, request, 'admin@etp-rd.ru');
  const id = await findProcedure(request, buyer.jwt, 'classic', 'ready');
  const title = `Передаются ли вместе с досье исполнительные листы? (${Date.now()})`;
  const answer = 'Да: исполнительные листы передаются по описи вместе с кредитными досье.';

  // Both tabs stay open from here on: what the other does shows live (decisions/0180), never by a reload.
  // The first load of the app may be slow on a busy machine.
  await admin.page.goto(`/briefcases/${id}/faq`);
  await expect(admin.page.getByRole('heading', { name: 'Вопрос-ответ' })).toBeVisible({ timeout: 30_000 });
  await buyer.page.goto(`/briefcases/${id}/faq`);
  await expect(buyer.page.getByRole('heading', { name: 'Вопрос-ответ' })).toBeVisible({ timeout: 30_000 });
  const notReloaded = (page: Page) => page.evaluate(() => (globalThis as { stay?: boolean }).stay === true);
  for (const page of [admin.page, buyer.page])
    await page.evaluate(() => {
      (globalThis as { stay?: boolean }).stay = true;
    });
  await buyer.page.getByLabel('Ваш вопрос организатору').fill(title);
  await buyer.page.getByRole('button', { name: 'Задать вопрос' }).click();
  await expect(buyer.page.getByText('Ваш вопрос направлен Организатору')).toBeVisible();
  const mine = buyer.page.getByRole('article', { name: title });
  await expect(mine).toContainText('Без ответа');
  await expect(mine).toContainText('Ваш вопрос');
  await expect(mine).toContainText('Ответ готовится');
  await expect(buyer.page.getByLabel('Ваш вопрос организатору')).toHaveValue('');
  await settled(buyer.page);
  await expectNoSeriousAxeViolations(buyer.page);
  await screenshots(buyer.page, 'faq-ask');

  // The question appears on the administrator's open tab; they write the answer as a draft, with a document.
  const question = admin.page.getByRole('article', { name: title });
  await expect(question.getByText('Не опубликован', { exact: true })).toBeVisible();
  await question.getByRole('button', { name: 'Изменить' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Изменить вопрос' });
  await dialog.getByRole('textbox', { name: 'Ответ' }).fill(answer);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Опись документов.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('Опись документов.pdf')).toBeVisible();
  await expectNoSeriousAxeViolations(admin.page);
  await screenshots(admin.page, 'faq-dialog', { fullPage: false });
  // The buyer's tab re-reads its questions when the live channel says they changed.
  const buyerReread = buyer.page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/v1/briefcases/${id}/questions`,
  );
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(admin.page.getByText('Вопрос успешно изменен')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(question.getByText('Черновик', { exact: true })).toBeVisible();

  // A draft stays with the administrator: the buyer's tab has re-read its question, still without the answer.
  expect((await buyerReread).ok()).toBe(true);
  await expect(mine).toContainText('Ответ готовится');
  await expect(mine).not.toContainText(answer);

  await question.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(question.getByText('Опубликован', { exact: true })).toBeVisible();
  await expect(question).toContainText(answer);
  await settled(admin.page);
  await expectNoSeriousAxeViolations(admin.page);
  await screenshots(admin.page, 'faq-admin');

  // Published: the answer appears on the buyer's open tab.
  await expect(mine).toContainText(answer);
  await expect(mine).not.toContainText('Без ответа');
  expect(await notReloaded(buyer.page)).toBe(true);
  expect(await notReloaded(admin.page)).toBe(true);
  const downloading = buyer.page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Скачать Опись документов.pdf' }).click();
  expect((await downloading).suggestedFilename()).toBe('Опись документов.pdf');
  await expectNoSeriousAxeViolations(buyer.page);
  await screenshots(buyer.page, 'faq');

  await buyer.page.goto('/profile/events');
  await expect(buyer.page.getByText(`ТП №${id}: опубликован ответ на ваш вопрос`).first()).toBeVisible();
  await buyer.context.close();
  await admin.context.close();
});

test('the calendar opens full screen, changes month by keyboard, opens a day’s carousel and filters the list', async ({
  browser,
  request,
}) => {
  const { page, context } = await signedIn(browser, request, 'buyer.legal@etp-rd.ru');
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
  });
  const calendarReply = page.waitForResponse((r) => r.url().includes('/api/v1/calendar'));
  await page.goto('/briefcases');
  const calendar = (await (await calendarReply).json()).data as {
    briefcases: Record<string, { id: number; attributes: { auction_type: string } }[]>;
  };
  const panel = page.getByRole('region', { name: 'Календарь торгов' });
  await expect(panel.getByRole('grid')).toBeVisible();
  await expect(page.getByTestId('briefcase-card').first()).toBeVisible();

  // What the first load of the feed costs: every script it fetched, gzipped (recorded; the calendar and the date
  // pickers come in chunks of their own, the FAQ tab is not loaded here).
  const gzipKb =
    [...scripts].reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path))).length, 0) / 1024;
  test.info().annotations.push({ type: 'feed first-load JS', description: `${gzipKb.toFixed(1)} kB gzip` });
  console.info(`feed first-load JS: ${gzipKb.toFixed(1)} kB gzip in ${scripts.size} scripts`);
  expect([...scripts].some((p) => /\/FeedCalendar-[\w-]+\.js$/.test(p))).toBe(true);
  expect([...scripts].some((p) => /\/FaqTab-/.test(p))).toBe(false);

  // The busiest day of this month (or the next, early in a month), and its dots: one per format, at most three.
  const month = [moscowMonth(0), moscowMonth(1)].find((m) =>
    Object.keys(calendar.briefcases).some((d) => d.startsWith(m)),
  );
  expect(month).toBeDefined();
  const [day, entries] = Object.entries(calendar.briefcases)
    .filter(([d]) => d.startsWith(month!))
    .sort(([, a], [, b]) => b.length - a.length)[0]!;
  const label = dayLabel(day);
  const stepsAhead = month === moscowMonth(0) ? 0 : 1;
  if (stepsAhead) await panel.getByRole('button', { name: 'Следующий месяц' }).click();
  const compactDay = panel.locator(`[data-day="${day}"]`).first();
  await expect(compactDay).toHaveAttribute('aria-label', `${label}: торговых процедур — ${entries.length}`);
  const formats = new Set(entries.map((e) => e.attributes.auction_type)).size;
  await expect(compactDay.locator('span[aria-hidden] > span')).toHaveCount(Math.min(3, formats));
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'calendar-compact');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Развернуть календарь' }).click();
  await expect(panel.getByRole('grid')).toBeVisible();
  await screenshot(page, 'calendar-compact-open-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Full screen; the arrow keys change the month.
  await panel.getByRole('button', { name: 'Открыть на весь экран' }).click();
  const full = page.getByRole('dialog', { name: 'Календарь торгов' });
  await expect(full).toBeVisible();
  const monthLabel = full.locator('.MuiPickersCalendarHeader-label');
  const shown = await monthLabel.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(monthLabel).not.toHaveText(shown!);
  const next = await monthLabel.textContent();
  await page.keyboard.press('ArrowLeft');
  await expect(monthLabel).toHaveText(shown!);
  await page.keyboard.press('ArrowLeft');
  await expect(monthLabel).not.toHaveText(shown!);
  await expect(monthLabel).not.toHaveText(next!);
  await full.getByRole('button', { name: 'Сегодня' }).click();
  if (stepsAhead) await page.keyboard.press('ArrowRight');
  await expect(monthLabel).toHaveText(shown!);

  const cell = full.locator(`[data-day="${day}"]`).first();
  const procedures = cell.getByRole('button', { name: /^ТП №\d+/ });
  await expect(procedures).toHaveCount(entries.length <= 2 ? entries.length : 1);
  if (entries.length > 2) await expect(cell).toContainText(`Ещё ${entries.length - 1} ТП`);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'calendar-full');

  // The day's carousel: arrows (buttons and keys), Escape closes it and leaves the month open.
  await procedures.first().click();
  const carousel = page.getByRole('dialog', { name: `Торговые процедуры ${label}` });
  await expect(carousel).toBeVisible();
  const position = carousel.getByTestId('carousel-position');
  await expect(position).toHaveText(`1 из ${entries.length}`);
  await expect(carousel.getByTestId('briefcase-card')).toHaveAttribute('aria-label', `ТП №${entries[0]!.id}`);
  if (entries.length > 1) {
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText(`2 из ${entries.length}`);
    await expect(carousel.getByTestId('briefcase-card')).toHaveAttribute(
      'aria-label',
      `ТП №${entries[1]!.id}`,
    );
    await carousel.getByRole('button', { name: 'Предыдущая процедура' }).click();
    await expect(position).toHaveText(`1 из ${entries.length}`);
  }
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'calendar-carousel');
  await page.keyboard.press('Escape');
  await expect(carousel).toBeHidden();
  await expect(full).toBeVisible();

  // Choosing the day closes the month and filters the list; "Показать за всё время" clears it.
  await cell.getByRole('button', { name: `${label}: торговых процедур — ${entries.length}` }).click();
  await expect(full).toBeHidden();
  await expect(page.getByTestId('chosen-day')).toHaveText(`Торговые процедуры на ${label}`);
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  const cards = page.getByTestId('briefcase-card');
  await expect(cards).toHaveCount(Math.min(entries.length, 10));
  await expect(page.locator('main section[aria-label]').first()).toHaveAttribute('aria-label', label);
  const [y, m, d] = day.split('-');
  for (const card of await cards.all()) await expect(card).toContainText(`${d}.${m}.${y}`);
  await page.getByRole('button', { name: 'Показать за всё время' }).click();
  await expect(page.getByTestId('chosen-day')).toBeHidden();
  await expect(page).not.toHaveURL(/date=/);
  await expect(cards.first()).toBeVisible();

  // Escape closes the full screen.
  await panel.getByRole('button', { name: 'Открыть на весь экран' }).click();
  await expect(full).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();
  await context.close();
});

test('the feed: organisation filter with kind chips, favourite star, legend, channel link, date groups in list order', async ({
  browser,
  request,
}) => {
  const { page, context } = await signedIn(browser, request, 'buyer.legal@etp-rd.ru');
  await page.goto('/briefcases?per_page=40');
  const cards = page.getByTestId('briefcase-card');
  await expect(cards.first()).toBeVisible();

  // Trading and upcoming procedures run soonest first, then the rest newest first: the date groups go forward,
  // then back, never to and fro (decisions/0116).
  const labels = await page
    .locator('main section[aria-label]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
  const asDate = (text: string) => {
    const [d, month, y] = text.split(' ');
    return Date.UTC(Number(y), MONTHS.indexOf(month!), Number(d));
  };
  const dates = labels.filter((l) => /^\d+ \S+ \d{4}$/.test(l)).map(asDate);
  expect(dates.length).toBeGreaterThan(2);
  const turn = dates.findIndex((date, i) => i > 0 && date < dates[i - 1]!);
  const forward = turn === -1 ? dates : dates.slice(0, turn);
  const back = turn === -1 ? [] : dates.slice(turn);
  expect(forward).toEqual([...forward].sort((a, b) => a - b));
  expect(back).toEqual([...back].sort((a, b) => b - a));
  expect(new Set(forward).size).toBe(forward.length);
  expect(new Set(back).size).toBe(back.length);

  await expect(page.getByRole('list', { name: 'Типы торгов' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Подписаться на @etp_rd' })).toHaveAttribute(
    'href',
    'https://t.me/etp_rd',
  );

  // The favourite star: on, shown in Избранное, off again.
  const first = cards.first();
  const title = (await first.getAttribute('aria-label'))!;
  const star = first.getByRole('button', { name: `В избранное: ${title}` });
  const unstar = first.getByRole('button', { name: `Убрать из избранного: ${title}` });
  const wasFavourite = await unstar.isVisible();
  if (wasFavourite) await unstar.click();
  await star.click();
  await expect(unstar).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: /Избранное/ }).click();
  await expect(page.getByRole('tab', { name: /Избранное/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=favorites/);
  // The favourites list is on screen once no card in it is without the star.
  await expect(page.getByRole('button', { name: /^В избранное: / })).toHaveCount(0);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await page.getByRole('tab', { name: /Все/ }).click();
  await expect(page).not.toHaveURL(/tab=favorites/);
  if (!wasFavourite) {
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Убрать из избранного: ${title}` })
      .click();
    await expect(
      page.getByRole('article', { name: title }).getByRole('button', { name: `В избранное: ${title}` }),
    ).toBeVisible();
  }

  // The organisation filter: kind chips, "Компании не найдены", a chosen seller filters the list.
  const organiser = page.getByRole('combobox', { name: 'Организатор' });
  await organiser.click();
  const kinds = page.getByRole('group', { name: 'Тип организатора' });
  await expect(kinds.getByRole('button')).toHaveText(['Все', 'Банки', 'МФО', 'ПКО', 'Другие юрлица']);
  await organiser.fill('нет такой компании');
  await expect(page.getByText('Компании не найдены')).toBeVisible();
  await organiser.fill('');
  await kinds.getByRole('button', { name: 'Банки' }).click();
  await expect(kinds.getByRole('button', { name: 'Банки' })).toHaveAttribute('aria-pressed', 'true');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const company = (await option.locator('p').first().textContent())!.trim();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'feed-organiser-filter');
  await option.click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/company_ids/);
  await expect(cards.first()).toContainText(company);
  for (const card of await cards.all()) await expect(card).toContainText(company);
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(page).not.toHaveURL(/company_ids/);
  await context.close();
});
