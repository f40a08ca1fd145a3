import { chromium } from '@playwright/test';

const base = 'http://localhost:4211';
const [path, width, email, out, action] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({
  viewport: { width: Number(width), height: Number(width) < 500 ? 844 : 900 },
  locale: 'ru-RU',
  timezoneId: 'Europe/Moscow',
});
const r = await ctx.request.post(base + '/api/v2/auth/authorize_by_email', {
  data: { email, password: 'Demo-2026!' },
});
const jwt = (await r.json()).data.jwt;
await ctx.addInitScript((s) => {
  localStorage.setItem('etp.jwt', JSON.stringify({ ...s, obtained_at: Date.now() }));
  localStorage.setItem('etp.cookies_accepted', '1');
}, jwt);
const page = await ctx.newPage();
await page.goto(base + path);
await page.waitForLoadState('networkidle');
if (action) await eval(action);
await page.waitForTimeout(800);
await page.screenshot({ path: out });
await browser.close();
