/** Signing in through the sign-in form, as a person does, and a browser context signed in that way. */
import { type Browser, expect, type Page } from '@playwright/test';
import { PASSWORD } from './accounts.ts';
import { journeyContext } from './session.ts';

/** Fills the sign-in form on screen and submits it. */
export async function submitSignInForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(/e-?mail/i).fill(email);
  await page
    .getByLabel(/пароль/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /войти|продолжить/i }).click();
}

/**
 * Opens the sign-in screen and signs in as `email`; waits until the app has left the sign-in screen unless
 * `signedIn: false` (an account the form asks more of, such as its name and an SMS code, stays there).
 */
export async function signIn(
  page: Page,
  email: string,
  { password = PASSWORD, signedIn = true }: { password?: string; signedIn?: boolean } = {},
): Promise<void> {
  await page.goto('/users/sign_in');
  await submitSignInForm(page, email, password);
  // The shared machine is slow under load: the first screen after signing in gets 30 s.
  if (signedIn) await expect(page).not.toHaveURL(/sign_in/, { timeout: 30_000 });
}

/** A new browser context (cookies accepted, no touch screen) signed in as `email` through the form. */
export async function signedInThroughForm(browser: Browser, email: string, width = 1440) {
  const { context, page } = await journeyContext(browser, null, { width });
  await signIn(page, email);
  return { context, page };
}
