/** Waiting for the page to have drawn itself: what a screenshot or a colour-contrast check must see. */
import type { Page } from '@playwright/test';

/**
 * Resolves once the page has painted twice since the call (a resize re-renders what depends on the width in the
 * frame after it) and no finite animation or transition is running (a dialog fading in, a label moving). Endless
 * ones (a spinner) are not waited for.
 */
export async function drawn(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frame = (globalThis as unknown as { requestAnimationFrame(f: () => void): void })
          .requestAnimationFrame;
        frame(() => frame(() => resolve()));
      }),
  );
  await page.waitForFunction(() =>
    (
      globalThis as unknown as {
        document: {
          getAnimations(): {
            playState: string;
            effect: { getComputedTiming(): { iterations: number } } | null;
          }[];
        };
      }
    ).document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
