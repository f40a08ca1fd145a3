import { chromium } from '@playwright/test';

const base = 'http://localhost:4211';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({
  viewport: { width: 1440, height: 900 },
  locale: 'ru-RU',
  timezoneId: 'Europe/Moscow',
});
const r = await ctx.request.post(base + '/api/v2/auth/authorize_by_email', {
  data: { email: 'buyer.legal@etp-rd.ru', password: 'Demo-2026!' },
});
const jwt = (await r.json()).data.jwt;
await ctx.addInitScript((s) => {
  localStorage.setItem('etp.jwt', JSON.stringify({ ...s, obtained_at: Date.now() }));
  localStorage.setItem('etp.cookies_accepted', '1');
}, jwt);
const page = await ctx.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
await page.goto(base + '/briefcases?per_page=40');
await page.getByTestId('briefcase-card').first().waitFor();
console.log(await page.getByRole('tab').allTextContents());
const first = page.getByTestId('briefcase-card').first();
const title = await first.getAttribute('aria-label');
await first.getByRole('button', { name: `В избранное: ${title}` }).click();
await page.getByRole('tab', { name: /Избранное/ }).click();
await page.getByRole('article', { name: title }).waitFor();
console.log(page.url());
await page.waitForTimeout(1500);
console.log(page.url());
await page.getByRole('tab', { name: /Все/ }).click();
for (let i = 0; i < 10; i++) {
  console.log(i, page.url());
  await page.waitForTimeout(200);
}
console.log(page.url());
await page.getByRole('tab', { name: /Мои/ }).click();
await page.waitForTimeout(1500);
console.log(page.url());
await browser.close();
