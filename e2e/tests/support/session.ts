/** Browser contexts signed in through the API (the session the web app keeps in localStorage), and API look-ups. */
import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { PASSWORD } from './accounts.ts';

export interface Jwt {
  token: string;
  refresh_token: string;
  expires_at: string;
  refresh_token_expires_at: string;
}

/** Signs in through the API: the session a sign-in gives. */
export async function tokenOf(request: APIRequestContext, email: string): Promise<Jwt> {
  const reply = await request.post('/api/v2/auth/authorize_by_email', {
    data: { email, password: PASSWORD },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data.jwt as Jwt;
}

/** The Authorization header of `jwt`, as request options. */
export const authorised = (jwt: Jwt) => ({ headers: { Authorization: `Bearer ${jwt.token}` } });

export interface JourneyContextOptions {
  width?: number;
  /** A phone's touch screen and pixel density (MUI's pickers and menus take their mobile forms on it). */
  touch?: boolean;
  acceptDownloads?: boolean;
  /**
   * The satisfaction survey that a finished procedure's card asks after 5 s, taken as closed in this session
   * (sessionStorage) for that procedure, so that it does not cover a menu midway.
   */
  surveyClosedFor?: number | null;
}

/**
 * A browser context as the journeys use it: Russian, Moscow time, cookies accepted (the banner would cover the lower
 * half of a phone's screen); signed in with `jwt` when one is given (the session the web app keeps in localStorage).
 */
export async function journeyContext(
  browser: Browser,
  jwt: Jwt | null,
  {
    width = 1440,
    touch = false,
    acceptDownloads = false,
    surveyClosedFor = null,
  }: JourneyContextOptions = {},
) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    ...(acceptDownloads ? { acceptDownloads } : {}),
    ...(touch ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(
    ({ session, survey, surveysKey }) => {
      // Runs in the page: its globalThis is the window.
      type Store = { setItem(k: string, v: string): void };
      const window = globalThis as unknown as { localStorage: Store; sessionStorage: Store };
      if (session)
        window.localStorage.setItem('etp.jwt', JSON.stringify({ ...session, obtained_at: Date.now() }));
      window.localStorage.setItem('etp.cookies_accepted', '1');
      if (survey) window.sessionStorage.setItem(surveysKey, JSON.stringify([survey]));
    },
    {
      session: jwt,
      survey: surveyClosedFor ? `csi:/briefcases/${surveyClosedFor}/trade` : null,
      // apps/web/src/lib/storageKeys.ts STORAGE_KEYS.surveysClosed
      surveysKey: 'etp.surveys_closed',
    },
  );
  return { context, page: await context.newPage() };
}

/** A browser context signed in as `email` through the API; below 500 px wide, a phone with a touch screen. */
export async function signedIn(browser: Browser, request: APIRequestContext, email: string, width = 1440) {
  const jwt = await tokenOf(request, email);
  const { context, page } = await journeyContext(browser, jwt, { width, touch: width < 500 });
  return { context, page, jwt };
}

/** GET with the user's token; the reply's data. */
export async function apiData<T>(
  request: APIRequestContext,
  jwt: Jwt,
  path: string,
  params = {},
): Promise<T> {
  const reply = await request.get(path, { params, ...authorised(jwt) });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).data as T;
}
