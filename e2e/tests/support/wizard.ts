/** Helpers of the wizard's journeys: where their pictures go, Moscow dates, MUI selects, the steps they share. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect as baseExpect, type Page } from '@playwright/test';
import { ADMIN } from './accounts.ts';
import { type RegistryRow, registry } from './registry.ts';
import type { ScreenshotOptions } from './screenshots.ts';
import { signedInThroughForm } from './signIn.ts';

/** The shared machine is slow under load: screens get 30 s to appear. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** The wizard journeys' pictures: `<name>-<width>.png` in WIZARD_SHOTS (a temporary folder by default). */
export const WIZARD_SHOTS: ScreenshotOptions = {
  dir: process.env.WIZARD_SHOTS ?? join(tmpdir(), 'wizard-shots'),
  widthInName: true,
};

/**
 * "Отправить на согласование": the seller lands on the procedure's card and is told so. The address changes as
 * the card starts to load (navigations are transitions, decisions/0230), while the wizard's own notice is still
 * on screen: the card is waited for first, then the message.
 */
export async function submitForApproval(page: Page, id: string | number) {
  await page.getByRole('button', { name: 'Отправить на согласование' }).click();
  await expect(page).toHaveURL(new RegExp(`/briefcases/${id}$`));
  await expect(page.getByTestId('briefcase-title')).toHaveText(`ТП №${id}`);
  await expect(page.getByText('Торговая процедура отправлена на согласование')).toBeVisible();
}

/** Moscow wall time `days` from now at `hours`:00, as the picker's digits (DDMMYYYYHHmm) and as shown. */
export function moscowDigits(days: number, hours = 11): { digits: string; text: string; iso: string } {
  const d = new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(d.getUTCFullYear());
  const hh = String(hours).padStart(2, '0');
  return {
    digits: `${dd}${mm}${yyyy}${hh}00`,
    text: `${dd}.${mm}.${yyyy} ${hh}:00`,
    iso: new Date(`${yyyy}-${mm}-${dd}T${hh}:00:00+03:00`).toISOString(),
  };
}

/** A moment as the wizard shows it in Moscow time: 'DD.MM.YYYY' and 'HH:mm'. */
export function moscowText(at: Date): { date: string; time: string } {
  const d = new Date(at.getTime() + 3 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`,
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
  };
}

/**
 * Types a date and time into the picker's sections (DDMMYYYYHHmm) and waits until the sections hold them. A key sent
 * before the picker has selected its first section is lost on a busy machine (CI once kept the day of the default
 * while the rest was typed): then the whole date is typed again, as a person would.
 */
export async function typeDate(page: Page, name: string, digits: string) {
  const sections = page.getByTestId(`${name}-field`).getByRole('spinbutton');
  await expect(async () => {
    await sections.first().click();
    await page.keyboard.type(digits, { delay: 20 });
    expect((await sections.allInnerTexts()).join('')).toBe(digits);
  }).toPass({ timeout: 30_000 });
}

export async function chooseOption(page: Page, label: string | RegExp, option?: string) {
  await page.getByRole('combobox', { name: label }).first().click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
  // The menu fades out: until it is gone axe would read its half-transparent options as low contrast. While it
  // fades it is aria-hidden, so a role query no longer sees it; a menu kept mounted stays in the page with
  // visibility: hidden once closed, so wait until no menu is visible.
  await expect(page.locator('.MuiMenu-root:visible')).toHaveCount(0);
}

export async function describePortfolio(page: Page) {
  await chooseOption(page, 'Деятельность');
  await chooseOption(page, 'Вид портфеля');
  await chooseOption(page, 'Тип должника');
  await chooseOption(page, 'Обеспечение', 'Беззалоговое');
}

/** The signed-in page's access token (the session the web app keeps in localStorage). */
export async function tokenIn(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      JSON.parse(
        (
          globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
        ).localStorage.getItem('etp.jwt') ?? '{}',
      ).token as string,
  );
}

/** The administrator approves procedure `id` in the moderation queue. */
export async function approve(browser: Browser, id: number) {
  const admin = await signedInThroughForm(browser, ADMIN);
  await admin.page.goto('/admin/briefcases');
  await admin.page.getByTestId(`moderation-${id}`).getByRole('button', { name: 'Согласовать' }).click();
  await expect(admin.page.getByText('Торговая процедура подтверждена')).toBeVisible();
  await admin.context.close();
}

/**
 * Brings an approved procedure's start `seconds` from now through the journeys' test hook, its end and its lots'
 * times moved by as much: an approval needs a start ahead, and a journey need not wait minutes for it.
 */
export async function startSoon(browser: Browser, id: number, seconds = 3) {
  const admin = await signedInThroughForm(browser, ADMIN);
  const reply = await admin.page.request.post(`/api/v1/test/briefcases/${id}/starts_in`, {
    data: { seconds },
    headers: { Authorization: `Bearer ${await tokenIn(admin.page)}` },
  });
  expect(reply.status()).toBe(200);
  await admin.context.close();
}

/** As if `seconds` had passed for a trading procedure: its times and its lots' move back by as much (a test hook). */
export async function timePasses(browser: Browser, id: number, seconds: number) {
  const admin = await signedInThroughForm(browser, ADMIN);
  const reply = await admin.page.request.post(`/api/v1/test/briefcases/${id}/advance`, {
    data: { seconds },
    headers: { Authorization: `Bearer ${await tokenIn(admin.page)}` },
  });
  expect(reply.status()).toBe(200);
  await admin.context.close();
}

/** Moscow wall time of `at` as the date picker's digits DDMMYYYYHHmm. */
export function pickerDigits(at: Date): string {
  const m = moscowText(at);
  return `${m.date.replaceAll('.', '')}${m.time.replace(':', '')}`;
}

/** The next whole minute at least `minutes` from now. */
export function minutesAhead(minutes: number): Date {
  return new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
}

/**
 * Steps 1 and 2 of a new procedure: the type chosen, the registry uploaded, the portfolio described (by
 * `describe`); returns the procedure's id once step 3 opens with no field refused.
 */
export async function throughStep2(
  page: Page,
  type: RegExp,
  file: string,
  rows: Iterable<RegistryRow>,
  describe: (page: Page) => Promise<void> = describePortfolio,
): Promise<number> {
  await page.goto('/briefcases/new');
  await page.getByRole('radio', { name: type }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByTestId('registry-input').setInputFiles(await registry(file, rows));
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 120_000 });
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/, { timeout: 60_000 });
  const id = Number(/new\/(\d+)/.exec(page.url())![1]);
  await describe(page);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByTestId('start_datetime-field')).toBeVisible();
  await expect(page.getByText('Должно быть заполнено')).toHaveCount(0);
  return id;
}

/** A lot of `GET /api/v1/lots` as the journeys read it. */
export interface JourneyLot {
  id: number;
  status: string;
  start_price: number;
  max_price: number | null;
  min_price: number | null;
  step_price: number;
  step_count: number | null;
  start_datetime: string;
  end_datetime: string | null;
}

/** The procedure's lots as the page's user sees them through the API, by id. */
export async function lotsOf(page: Page, id: number): Promise<JourneyLot[]> {
  const reply = await page.request.get('/api/v1/lots', {
    params: { briefcase_id: id },
    headers: { Authorization: `Bearer ${await tokenIn(page)}` },
  });
  expect(reply.ok()).toBe(true);
  const lots = (await reply.json()).data.lots as { id: number; attributes: Omit<JourneyLot, 'id'> }[];
  return lots.map((l) => ({ ...l.attributes, id: l.id })).sort((a, b) => a.id - b.id);
}
