/**
 * Screenshots of every screen at 1440 px and 390 px, for people to look at: `npm run screenshots --workspace
 * e2e` against a running server (BASE_URL, default http://localhost:3000). PNGs go to e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/chromium.mjs';
import { submitSignInForm } from './tests/support/signIn.ts';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = join(import.meta.dirname, 'screenshots');
const ACCOUNT = process.env.SCREENS_EMAIL ?? 'buyer.legal@etp-rd.ru';
const extra = (process.env.SCREENS_PATHS ?? '').split(',').filter(Boolean);

const PUBLIC = [
  '/',
  '/users/sign_in',
  '/users/sign_in?stage=restore',
  '/users/sign_in?stage=noEmail',
  '/users/sign_up',
  '/users/password/edit',
  '/no-such-page',
];
const PRIVATE = [
  '/briefcases',
  '/profile',
  '/profile/client',
  '/profile/client/users',
  '/profile/events',
  '/briefcases?new_user=1',
  '/classic',
  ...extra,
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

for (const [label, width, height] of [
  ['desktop', 1440, 900],
  ['mobile', 390, 844],
] as const) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  const page = await context.newPage();
  const shoot = async (path: string) => {
    await page.goto(BASE + path);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'landing';
    await page.screenshot({ path: join(OUT, `${name}-${label}.png`), fullPage: true });
  };
  for (const path of PUBLIC) await shoot(path);
  await page.goto(`${BASE}/users/sign_in`);
  await submitSignInForm(page, ACCOUNT);
  await page.waitForURL(/\/briefcases/).catch(async (error) => {
    await page.screenshot({ path: join(OUT, `sign-in-failed-${label}.png`) });
    throw error;
  });
  for (const path of PRIVATE) await shoot(path);
  const firstCard = page.getByTestId('briefcase-card').first();
  await page.goto(`${BASE}/briefcases`);
  await firstCard.click();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(OUT, `card-${label}.png`), fullPage: true });
  await context.close();
}
await browser.close();
console.log(`screenshots in ${OUT}`);
