/**
 * Documents after the end (issue 18): the seller of a finished demo procedure chooses a winner, then downloads the
 * trade protocol and the download-all archive from the card header's documents dropdown; the winning buyer sees
 * "вы победили" in /profile/events, and on the card's dropdown the main report but no protocol. Screenshots of the
 * dropdown at 1440 and 390 px, and of the protocol's and the main report's page 1 (pdftoppm, installed by .ci/run),
 * are left in e2e/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { elementScreenshot, SHOTS, screenshot } from './support/screenshots.ts';
import { apiData, type Jwt, journeyContext, tokenOf } from './support/session.ts';

const SELLERS = ['seller.bank@etp-rd.ru', 'seller.mfo@etp-rd.ru'];
const BUYERS = [
  'buyer.bank@etp-rd.ru',
  'buyer.mfo@etp-rd.ru',
  'buyer.legal@etp-rd.ru',
  'buyer.self@etp-rd.ru',
  'buyer.physical@etp-rd.ru',
];
test.setTimeout(240_000);
/** The card, its documents (a protocol made on request in a file worker) and the PDFs take long on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

const auth = (jwt: Jwt) => ({ Authorization: `Bearer ${jwt.token}` });

/** A PDF's text as pdftotext reads it (poppler-utils), runs of white space made one space. */
const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-layout', path, '-']).toString().replace(/\s+/g, ' ');

/** Page 1 of a PDF drawn by pdftoppm into the screenshots, to be looked at. */
const pictureFirstPage = (path: string, name: string) =>
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    path,
    join(SHOTS, name),
  ]);

/** Opens the card header's documents dropdown once the card is shown. */
async function openDocuments(page: Page, id: number) {
  await expect(page.getByTestId('briefcase-title')).toHaveText(`ТП №${id}`);
  await page.getByRole('button', { name: 'Документы', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Документы торговой процедуры' });
  await expect(menu).toBeVisible();
  return menu;
}

async function finishedProcedure(request: APIRequestContext) {
  for (const email of SELLERS) {
    const jwt = await tokenOf(request, email);
    const list = await apiData<{ briefcases: { id: number; attributes: { auction_type: string } }[] }>(
      request,
      jwt,
      '/api/v1/briefcases?status=finished&owned=1&per_page=40',
    );
    for (const { id, attributes } of list.briefcases) {
      if (attributes.auction_type !== 'classic') continue;
      const lots = await apiData<{
        lots: { id: number; attributes: { status: string; bids_count: number } }[];
      }>(request, jwt, `/api/v1/lots?briefcase_id=${id}&per_page=48`);
      const lot = lots.lots.find((l) => l.attributes.status === 'finished' && l.attributes.bids_count > 0);
      if (lot) return { id, lotId: lot.id, seller: { email, jwt } };
    }
  }
  throw new Error('no finished classic demo procedure with a lot to decide');
}

test('after the end the seller downloads the protocol and the archive; the winner sees the result in events', async ({
  browser,
  request,
}) => {
  const { id, lotId, seller } = await finishedProcedure(request);
  const [best] = await apiData<{ id: number; userCompanyName: string }[]>(
    request,
    seller.jwt,
    `/api/v1/lots/${lotId}/bidders`,
  );
  expect(best).toBeDefined();
  const chosen = await request.post(`/api/v1/lots/${lotId}/set_winner`, {
    headers: auth(seller.jwt),
    data: { bid_id: best!.id },
  });
  expect(chosen.ok()).toBe(true);

  // The seller, on the card: the dropdown lists the protocol (made again for the winner) and the archive.
  const s = await journeyContext(browser, seller.jwt, {
    width: 1440,
    acceptDownloads: true,
    surveyClosedFor: id,
  });
  await s.page.goto(`/briefcases/${id}`, { waitUntil: 'domcontentloaded' });
  const menu = await openDocuments(s.page, id);
  await expect(menu.getByRole('menuitem', { name: /Протокол торгов/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Общие результаты аукциона/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Регламент проведения торгов/ })).toBeVisible();
  await expectNoSeriousAxeViolations(s.page);
  await screenshot(s.page, 'documents-menu-1440', { fullPage: false });

  const protocolDownload = s.page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: /Протокол торгов/ }).click();
  const protocol = await protocolDownload;
  expect(protocol.suggestedFilename()).toBe(`Протокол торгов ТП №${id}.pdf`);
  const dir = mkdtempSync(join(tmpdir(), 'etp-documents-'));
  const pdf = join(dir, 'protocol.pdf');
  await protocol.saveAs(pdf);
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain(`Протокол о результатах торговой процедуры ТП №${id}`);
  expect(text).toContain(best!.userCompanyName);
  expect(text).toMatch(/Хеш последней записи \(SHA-256\): [0-9a-f]{64}/);
  pictureFirstPage(pdf, 'documents-protocol-page1');

  await openDocuments(s.page, id);
  const archiveDownload = s.page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Скачать всё архивом' }).click();
  const archive = await archiveDownload;
  expect(archive.suggestedFilename()).toBe(`Документы ТП №${id}.zip`);
  const zip = join(dir, 'documents.zip');
  await archive.saveAs(zip);
  const bytes = readFileSync(zip);
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes(Buffer.from(`Протокол торгов ТП №${id}.pdf`))).toBe(true);

  // The Портфель tab: the seller's documents, reports and the two downloads just made in the history.
  const section = s.page.getByTestId('portfolio-documents');
  await expect(section.getByText('Общие результаты аукциона', { exact: true })).toBeVisible();
  await expect(section.getByRole('table', { name: 'История скачиваний' })).toContainText(
    `Документы ТП №${id}.zip`,
  );
  await elementScreenshot(section, 'documents-portfolio-1440');
  await s.context.close();

  // On a phone the dropdown opens the same list, and the Портфель tab's documents fit the width.
  const phone = await journeyContext(browser, seller.jwt, {
    width: 390,
    acceptDownloads: true,
    surveyClosedFor: id,
  });
  await phone.page.goto(`/briefcases/${id}`, { waitUntil: 'domcontentloaded' });
  const phoneMenu = await openDocuments(phone.page, id);
  await expect(phoneMenu.getByRole('menuitem', { name: /Протокол торгов/ })).toBeVisible();
  // The menu fades in: the picture is taken once it is opaque.
  await expect(phone.page.locator('#briefcase-documents-menu .MuiPaper-root')).toHaveCSS('opacity', '1');
  await screenshot(phone.page, 'documents-menu-390', { fullPage: false });
  await phone.page.keyboard.press('Escape');
  await expect(phoneMenu).toBeHidden();
  // Gone, not fading: the page's picture must not catch the menu on its way out.
  await expect(phone.page.locator('#briefcase-documents-menu')).toHaveCount(0);
  // The whole page: an element's picture on a phone would carry the sticky header across it.
  await expect(phone.page.getByTestId('portfolio-documents')).toBeVisible();
  await screenshot(phone.page, 'documents-portfolio-390');
  await phone.context.close();

  // The winner's buyer: the result is in the events.
  let winner: Jwt | null = null;
  for (const email of BUYERS) {
    const jwt = await tokenOf(request, email);
    const user = await apiData<{ company_name: string | null }>(request, jwt, '/api/v1/user');
    if (user.company_name === best!.userCompanyName) winner = jwt;
  }
  expect(winner).not.toBeNull();
  const b = await journeyContext(browser, winner!, {
    width: 1440,
    acceptDownloads: true,
    surveyClosedFor: id,
  });
  await b.page.goto('/profile/events', { waitUntil: 'domcontentloaded' });
  await expect(b.page.getByText(new RegExp(`ТП №${id}: вы победили`)).first()).toBeVisible();
  await expectNoSeriousAxeViolations(b.page);
  await screenshot(b.page, 'documents-events-won-1440', { fullPage: false });

  // The same buyer on the card: the results for everyone, no trade protocol (spec 2 §6), and no company named.
  await b.page.goto(`/briefcases/${id}`, { waitUntil: 'domcontentloaded' });
  const buyerMenu = await openDocuments(b.page, id);
  const results = buyerMenu.getByRole('menuitem', { name: /Общие результаты аукциона/ });
  await expect(results).toBeVisible();
  await expect(buyerMenu.getByRole('menuitem', { name: /Скачать всё архивом/ })).toBeVisible();
  await expect(buyerMenu.getByRole('menuitem', { name: /Протокол торгов/ })).toHaveCount(0);
  const reportDownload = b.page.waitForEvent('download');
  await results.click();
  const report = await reportDownload;
  expect(report.suggestedFilename()).toBe(`Общие результаты аукциона ТП №${id}.pdf`);
  const reportPdf = join(dir, 'main-report.pdf');
  await report.saveAs(reportPdf);
  const reportText = pdfText(reportPdf);
  expect(reportText).toContain(`Общие результаты аукциона · ТП №${id}`);
  expect(reportText).toContain('Определён победитель');
  expect(reportText).not.toContain(best!.userCompanyName);
  expect(reportText).toMatch(/Хеш последней записи \(SHA-256\): [0-9a-f]{64}/);
  pictureFirstPage(reportPdf, 'documents-main-report-page1');
  await b.context.close();
});

test('the open API page shows the calls from the OpenAPI document', async ({ page }) => {
  await page.goto('/api/docs/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: /ЭТП РД API/ })).toBeVisible();
  // Groups start folded; the downloads' group holds the download links (decisions/0254: tags per area). Swagger UI
  // breaks long paths with <wbr>: an operation is found by its path's end (its summary follows it).
  await page.getByRole('link', { name: 'downloads', exact: true }).click();
  await expect(page.getByRole('button', { name: /^GET \S*zip_documents( |$)/ }).first()).toBeVisible();
  await screenshot(page, 'open-api-1440', { fullPage: false });
});
