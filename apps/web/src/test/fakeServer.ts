/** A stand-in for the server in component tests: answers fetch by path with envelopes. */
import type { BriefcaseListAttributes, User } from '@etp/contracts';
import { vi } from 'vitest';

const envelope = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => envelope(200, { status: 'ok', data, message: null, errors: {} });

export interface FakeServerState {
  user: User | null;
  briefcases: BriefcaseListAttributes[];
}

export function stubServer(state: FakeServerState) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/time':
        return ok({ time: new Date().toISOString(), unix_ms: Date.now() });
      case '/api/v1/user':
        return state.user
          ? ok(state.user)
          : envelope(401, {
              status: 'error',
              data: null,
              message: 'Требуется вход',
              errors: {},
              code: 'unauthorized',
            });
      case '/api/v1/briefcases/counts':
        return ok({ total: state.briefcases.length, with_bids: 0, favourited: 0, my: 0 });
      case '/api/v1/briefcases': {
        const zeros = Object.fromEntries(
          ['total', 'created', 'pending', 'ready', 'active', 'finished', 'closed', 'rejected'].map((k) => [
            k,
            0,
          ]),
        );
        return ok({
          briefcases: state.briefcases.map((attributes) => ({ id: attributes.id, attributes })),
          statuses_counts: zeros,
          total_pages: 1,
          total_count: state.briefcases.length,
          page: 1,
          per_page: 10,
        });
      }
      default:
        return envelope(404, {
          status: 'error',
          data: null,
          message: 'Не найдено',
          errors: {},
          code: 'not_found',
        });
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
