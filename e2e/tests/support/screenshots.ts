/** Pictures of the journeys' screens for people to look at: one at the page's width, or one per width. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { drawn } from './settled.ts';

/**
 * Whether the pictures are written. They are for people to look at; CI sets `E2E_SCREENSHOTS=0` (decisions/0271): the
 * page is still laid out and drawn at every width, and every check a journey runs there still runs, but no PNG is
 * encoded (about a second of a core each on this machine, for files a clean clone throws away).
 */
const PICTURES = process.env.E2E_SCREENSHOTS !== '0';

/** Where the pictures go unless a journey names its own folder: e2e/screenshots/. */
export const SHOTS = join(import.meta.dirname, '../../screenshots');
mkdirSync(SHOTS, { recursive: true });

export interface ScreenshotOptions {
  /** The folder (made when missing). */
  dir?: string;
  /** The whole page's length, or the window as the user sees it (a dialog scrolls inside itself). */
  fullPage?: boolean;
  /** Name the file `<name>-<the window's width>.png`. */
  widthInName?: boolean;
}

/** The page as it is, drawn, in `<dir>/<name>.png`. */
export async function screenshot(
  page: Page,
  name: string,
  { dir = SHOTS, fullPage = true, widthInName = false }: ScreenshotOptions = {},
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await drawn(page);
  if (!PICTURES) return;
  const file = widthInName ? `${name}-${page.viewportSize()?.width}` : name;
  await page.screenshot({ path: join(dir, `${file}.png`), fullPage });
}

/** One element (a card, a section) in `<dir>/<name>.png`, once it is drawn. */
export async function elementScreenshot(element: Locator, name: string, { dir = SHOTS } = {}): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await drawn(element.page());
  if (!PICTURES) return;
  await element.screenshot({ path: join(dir, `${name}.png`) });
}

export interface WidthsOptions extends ScreenshotOptions {
  widths?: readonly number[];
  /** The window's height at a width: a phone's 844 px below 500 px, 900 px above, unless a journey needs more. */
  height?: (width: number) => number;
  /** Called at each width before the picture (an axe check, moving the pointer away). */
  before?: (page: Page, width: number) => Promise<void>;
}

/**
 * `<dir>/<name>-<width>.png` at each width (1440 and 390 px by default); the window gets its own size back after.
 */
export async function screenshots(
  page: Page,
  name: string,
  {
    widths = [1440, 390],
    height = (width) => (width < 500 ? 844 : 900),
    before,
    ...options
  }: WidthsOptions = {},
): Promise<void> {
  const own = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: height(width) });
    await before?.(page, width);
    await screenshot(page, name, { ...options, widthInName: true });
  }
  if (own) await page.setViewportSize(own);
}
