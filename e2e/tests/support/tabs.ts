/** Shared steps of the card-tab journeys: sign in, the axe check, screenshots at 1440 and 390 px. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo-2026!';
const SHOTS = join(import.meta.dirname, '../../screenshots');

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/users/sign_in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page
    .getByLabel(/пароль/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: /войти|продолжить/i }).click();
  await expect(page).toHaveURL(/\/briefcases/);
}

/**
 * Serious and critical accessibility violations of the page as it is now. The charts' drawing (thousands of SVG
 * nodes, each chart labelled as a whole) is left out unless `drawings` asks for it: axe on every chart of a page
 * outlasts the test on this shared machine, so only the screens whose drawings carry their own markup (the
 * analytics tab's map of regions) check them.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  { drawings = false }: { drawings?: boolean } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page });
  const result = await (drawings ? builder : builder.exclude('svg')).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Full-page PNGs at 1440 and 390 px wide, named after the screen, in e2e/screenshots/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
