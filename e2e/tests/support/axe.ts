/** The journeys' accessibility check: no serious or critical axe violation on the page as it is now. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { drawn } from './settled.ts';

export interface AxeOptions {
  /**
   * Check the charts' drawing (SVG) too. Left out by default: thousands of SVG nodes, each chart labelled as a
   * whole, and axe on every chart of a page outlasts the test on this shared machine; screens whose drawings carry
   * their own markup (the analytics map) and those without charts (the wizard, the trading screens) ask for it.
   */
  drawings?: boolean;
}

/**
 * Checks once the page has settled: the pointer moved away, tooltips gone and transitions ended. A tooltip fading,
 * a dialog fading in or a label moving is half-transparent for a moment, which axe reads as low contrast.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  { drawings = false }: AxeOptions = {},
): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
  await drawn(page);
  // Legacy mode runs axe.run in the page itself. The default mode finishes every check in a new blank page, for
  // results across frames, which the app has none of: that page cost more than the check (1.5 s against 0.6 s a
  // check on the trading screen, decisions/0275). Only violations come back in full.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const result = await (drawings ? builder : builder.exclude('svg')).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
