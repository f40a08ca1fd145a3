import { chromium } from '@playwright/test';
const base = 'http://localhost:4301';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function signed(email) {
  const r = await fetch(base + '/api/v2/auth/authorize_by_email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo-2026!' }) });
  const jwt = (await r.json()).data.jwt;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((s) => { localStorage.setItem('etp.jwt', JSON.stringify({ ...s, obtained_at: Date.now() })); localStorage.setItem('etp.cookies_accepted', '1'); }, jwt);
  const page = await context.newPage();
  page.on('websocket', ws => { ws.on('framereceived', f => { if (String(f.payload).includes('lot_update') && String(f.payload).includes(`"id":${lot}`)) console.log(email, 'ws', String(f.payload).slice(0, 400)); }); });
  return page;
}
const lot = Number(process.argv[2]);
const a = await signed('buyer.legal@etp-rd.ru');
const b = await signed('buyer.bank@etp-rd.ru');
await a.goto(base + '/briefcases/14/trade'); await b.goto(base + '/briefcases/14/trade');
const cardA = a.getByTestId(`lot-card-${lot}`); const cardB = b.getByTestId(`lot-card-${lot}`);
await cardA.waitFor(); await cardB.waitFor();
let release; const released = new Promise((r) => (release = r));
await a.route(/\/api\/v1\/lots\?/, async (route) => { console.log('held', route.request().url()); const response = await route.fetch(); await released; await route.fulfill({ response }); });
a.on('console', (m) => console.log('A console', m.text()));
await cardA.getByRole('button', { name: 'Сделать ставку' }).click();
await a.getByRole('dialog', { name: 'Подтверждение ставки' }).getByRole('button', { name: 'Подтвердить' }).click();
await a.getByTestId(`lot-condition-${lot}`).filter({ hasText: 'Вы лидируете' }).waitFor();
console.log('A leads'); release();
await cardB.getByRole('button', { name: 'Включить автоставку' }).click();
const d = b.getByRole('dialog', { name: 'Автоставка' });
await d.getByLabel('Максимальная цена').fill('999999999');
await d.getByRole('button', { name: 'Далее' }).click();
await d.getByRole('button', { name: 'Подтвердить' }).click();
for (let i = 0; i < 8; i++) {
  await a.waitForTimeout(500);
  console.log(i, 'A:', await a.getByTestId(`lot-condition-${lot}`).textContent(), await a.getByTestId(`lot-price-${lot}`).textContent(), 'B:', await b.getByTestId(`lot-condition-${lot}`).textContent());
}
await browser.close();
