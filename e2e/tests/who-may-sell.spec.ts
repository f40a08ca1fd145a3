import { NOT_A_SELLER_TEXT } from '@etp/domain';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshots } from './support/screenshots.ts';
import { signedIn } from './support/session.ts';

/** The shared machine is slow under load: screens get 30 s to appear. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(120_000);
const SHOTS = process.env.SELL_SHOTS ?? '/tmp/secfix/shots';
const NEW = 'Новая торговая процедура';

/** The banner of a user whose company is not accredited yet: it names creating procedures among what is closed. */
const UNDER_REVIEW =
  'Компания не аккредитована. Пройдите аккредитацию, чтобы видеть расширенную информацию о торгах, создавать торговые процедуры и участвовать в торгах.';

for (const [who, email, why, link] of [
  ['a buyer-only company', 'buyer.legal@etp-rd.ru', NOT_A_SELLER_TEXT, 'Данные компании'],
  // Under review, the wizard's address is closed like every trading screen: back to the feed, under the banner.
  ['a company under review', 'newbie@etp-rd.ru', UNDER_REVIEW, 'Пройти аккредитацию'],
] as const) {
  test(`${who}: no entry point in the feed, and the wizard's address says why and leads to the company`, async ({
    browser,
    request,
  }) => {
    const { context, page } = await signedIn(browser, request, email);
    await page.goto('/briefcases');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: NEW })).toHaveCount(0);

    // A bookmark or a shared link to the wizard: told at once, no file picker to fill in first.
    await page.goto('/briefcases/new');
    const reason = page.getByRole('alert').filter({ hasText: why });
    await expect(reason).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: NEW })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, `who-may-sell-${email.split('@')[0]}`, { dir: SHOTS });

    await reason.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(/\/profile\/client/);
    await context.close();
  });
}

test('a seller finds the entry point and reaches the wizard', async ({ browser, request }) => {
  const { context, page } = await signedIn(browser, request, 'seller.mfo@etp-rd.ru');
  await page.goto('/briefcases');
  await page.getByRole('link', { name: NEW }).click();
  await expect(page).toHaveURL(/\/briefcases\/new/);
  await expect(page.getByText(NOT_A_SELLER_TEXT)).toHaveCount(0);
  await context.close();
});
