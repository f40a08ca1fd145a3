/** Browser contexts signed in through the API (the session the web app keeps in localStorage), and API look-ups. */
import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { PASSWORD } from './tabs.ts';

export interface Jwt {
  token: string;
  refresh_token: string;
  expires_at: string;
  refresh_token_expires_at: string;
}

export async function tokenOf(request: APIRequestContext, email: string): Promise<Jwt> {
  const reply = await request.post('/api/v2/auth/authorize_by_email', {
    data: { email, password: PASSWORD },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data.jwt as Jwt;
}

/** A browser context signed in as `email` (the session the web app keeps in localStorage). */
export async function signedIn(browser: Browser, request: APIRequestContext, email: string, width = 1440) {
  const jwt = await tokenOf(request, email);
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    ...(width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript((session) => {
    // Runs in the page: its globalThis is the window.
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
      .localStorage;
    storage.setItem('etp.jwt', JSON.stringify({ ...session, obtained_at: Date.now() }));
    storage.setItem('etp.cookies_accepted', '1');
  }, jwt);
  return { context, page: await context.newPage(), jwt };
}

/** GET with the user's token; the reply's data. */
export async function apiData<T>(
  request: APIRequestContext,
  jwt: Jwt,
  path: string,
  params = {},
): Promise<T> {
  const reply = await request.get(path, { params, headers: { Authorization: `Bearer ${jwt.token}` } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data as T;
}
