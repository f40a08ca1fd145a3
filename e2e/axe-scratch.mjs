import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://localhost:4301';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const [email, path, button, width] = process.argv.slice(2);
const r = await fetch(base + '/api/v2/auth/authorize_by_email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo-2026!' }) });
const jwt = (await r.json()).data.jwt;
const context = await browser.newContext({ viewport: { width: Number(width ?? 1440), height: 900 } });
await context.addInitScript((s) => { localStorage.setItem('etp.jwt', JSON.stringify({ ...s, obtained_at: Date.now() })); localStorage.setItem('etp.cookies_accepted', '1'); }, jwt);
const page = await context.newPage();
await page.goto(base + path);
await page.waitForTimeout(3000);
if (button) { await page.getByRole('button', { name: button }).first().click(); await page.waitForTimeout(800); }
const res = await new AxeBuilder({ page }).analyze();
for (const v of res.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')) for (const n of v.nodes) console.log(v.id, n.target.join(' '), n.html.slice(0, 200), n.any?.[0]?.message);
await page.screenshot({ path: '/tmp/trade-scratch/axe.png', fullPage: false });
await browser.close();
