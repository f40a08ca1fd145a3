/**
 * A stand-in for the server in component tests: answers fetch by method and path with envelopes, and keeps
 * what was sent, so a test can check the request the user's action produced.
 */
import type { BriefcaseListAttributes, User } from '@etp/contracts';
import { vi } from 'vitest';

const envelope = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const ok = (data: unknown, message: string | null = null, errors: object = {}) =>
  envelope(200, { status: 'ok', data, message, errors });

export const failure = (status: number, code: string, message: string, errors: object = {}) =>
  envelope(status, { status: 'error', data: null, message, errors, code });

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
}

/** 'POST /api/v2/auth/sms' → an answer; a plain value is answered as ok data. */
export type Routes = Record<string, ((request: SentRequest) => Response | Promise<Response>) | object | null>;

const notFound = () => failure(404, 'not_found', 'Не найдено');

export function stubApi(routes: Routes) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const request = { method, path: url.pathname, query: url.searchParams, body };
    sent.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return notFound();
    return typeof route === 'function' ? route(request) : ok(route);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sent, last: (key: string) => sent.filter((r) => `${r.method} ${r.path}` === key).at(-1) };
}

export interface FakeServerState {
  user: User | null;
  briefcases: BriefcaseListAttributes[];
}

/** The calls every page makes (time, the current user, the feed), plus any the test adds. */
export function stubServer(state: FakeServerState, extra: Routes = {}) {
  const zeros = Object.fromEntries(
    ['total', 'created', 'pending', 'ready', 'active', 'finished', 'closed', 'rejected'].map((k) => [k, 0]),
  );
  return stubApi({
    'GET /time': () => ok({ time: new Date().toISOString(), unix_ms: Date.now() }),
    'GET /api/v1/user': () => (state.user ? ok(state.user) : failure(401, 'unauthorized', 'Требуется вход')),
    'GET /api/v1/briefcases/counts': { total: state.briefcases.length, with_bids: 0, favourited: 0, my: 0 },
    'GET /api/v1/briefcases': () =>
      ok({
        briefcases: state.briefcases.map((attributes) => ({ id: attributes.id, attributes })),
        statuses_counts: zeros,
        total_pages: 1,
        total_count: state.briefcases.length,
        page: 1,
        per_page: 10,
      }),
    'GET /api/v1/public_briefcases': [],
    'GET /auth_methods': { flash_call: false, sms: true, email: true, bank_id: false },
    ...extra,
  }).fetch;
}
