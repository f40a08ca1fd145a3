import type { Jwt } from '@etp/contracts';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test/memoryStorage.ts';
import { ApiError } from './ApiError.ts';
import { createApiClient } from './createApiClient.ts';
import { createTokenStore } from './createTokenStore.ts';

const jwt = (token: string, refresh: string): Jwt => ({
  token,
  expires_at: '2026-11-22T10:00:00.000Z',
  refresh_token: refresh,
  refresh_token_expires_at: '2026-12-22T10:00:00.000Z',
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => reply(200, { status: 'ok', data, message: null, errors: {} });
const expired = () =>
  reply(401, {
    status: 'error',
    data: null,
    message: 'Срок действия сессии истёк',
    errors: {},
    code: 'token_expired',
  });

interface Call {
  url: string;
  auth: string | null;
  body: unknown;
}

/** A fake server: answers by a handler and records what the client sent. */
function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: String(input),
      auth: headers.Authorization ?? null,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return handler(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function setup(handler: (call: Call) => Response | Promise<Response>) {
  const storage = memoryStorage();
  const tokens = createTokenStore(storage);
  tokens.set(jwt('old-access', 'old-refresh'), 1000);
  const server = fakeFetch(handler);
  const client = createApiClient({ fetch: server.fetch, tokens, now: () => 5000 });
  return { client, tokens, storage, calls: server.calls };
}

describe('createApiClient', () => {
  it('unwraps the data of an ok envelope and sends the bearer token', async () => {
    const { client, calls } = setup(() => ok({ id: 7, first_name: 'Анна' }));
    await expect(client.request('/api/v1/user')).resolves.toEqual({ id: 7, first_name: 'Анна' });
    expect(calls[0]?.auth).toBe('Bearer old-access');
  });

  it('builds the query string, skipping empty values', async () => {
    const { client, calls } = setup(() => ok(null));
    await client.request('/api/v1/briefcases', {
      query: { page: 2, status: undefined, query: '', owned: true },
    });
    expect(calls[0]?.url).toBe('/api/v1/briefcases?page=2&owned=true');
  });

  it('throws an ApiError with the status, code, message and field errors of an error envelope', async () => {
    const { client } = setup(() =>
      reply(404, {
        status: 'error',
        data: null,
        message: 'Пользователь с таким Email не найден',
        errors: { email: ['Пользователь с таким Email не найден'] },
        code: 'user_not_found',
      }),
    );
    const error = await client.request('/api/v2/auth/authorize_by_email', { auth: false }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'Пользователь с таким Email не найден',
    });
    expect((error as ApiError).fieldMessage('email')).toBe('Пользователь с таким Email не найден');
  });

  it('turns a failed connection into a Russian network error', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request('/api/v1/user')).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('refreshes once on token_expired, stores the new pair and retries with it', async () => {
    const { client, tokens, calls } = setup((call) => {
      if (call.url === '/api/v2/auth/refresh') return ok({ jwt: jwt('new-access', 'new-refresh') });
      return call.auth === 'Bearer new-access' ? ok({ id: 7 }) : expired();
    });
    await expect(client.request('/api/v1/user')).resolves.toEqual({ id: 7 });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/user', '/api/v2/auth/refresh', '/api/v1/user']);
    expect(calls[1]?.body).toEqual({ refresh_token: 'old-refresh' });
    expect(tokens.get()).toMatchObject({
      token: 'new-access',
      refresh_token: 'new-refresh',
      obtained_at: 5000,
    });
  });

  it('shares one refresh between calls that expire at the same time', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, calls } = setup(async (call) => {
      if (call.url === '/api/v2/auth/refresh') {
        await gate;
        return ok({ jwt: jwt('new-access', 'new-refresh') });
      }
      return call.auth === 'Bearer new-access' ? ok(call.url) : expired();
    });
    const all = Promise.all([client.request('/a'), client.request('/b'), client.request('/c')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await expect(all).resolves.toEqual(['/a', '/b', '/c']);
    expect(calls.filter((c) => c.url === '/api/v2/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh a second time when the retried call is refused again, and signs out', async () => {
    const { client, tokens, calls } = setup((call) =>
      call.url === '/api/v2/auth/refresh' ? ok({ jwt: jwt('new-access', 'new-refresh') }) : expired(),
    );
    await expect(client.request('/api/v1/user')).rejects.toMatchObject({
      status: 401,
      code: 'token_expired',
    });
    expect(calls.filter((c) => c.url === '/api/v2/auth/refresh')).toHaveLength(1);
    expect(tokens.get()).toBeNull();
  });

  it('signs out when the refresh token is refused', async () => {
    const { client, tokens, storage } = setup((call) =>
      call.url === '/api/v2/auth/refresh'
        ? reply(401, {
            status: 'error',
            data: null,
            message: 'Сессия истекла',
            errors: {},
            code: 'refresh_token_invalid',
          })
        : expired(),
    );
    await expect(client.request('/api/v1/user')).rejects.toMatchObject({ status: 401 });
    expect(tokens.get()).toBeNull();
    expect(storage.getItem('etp.jwt')).toBeNull();
    expect(storage.getItem('etp.authorized')).toBeNull();
  });

  it('does not refresh on a 401 that is not token_expired, nor for calls made without a token', async () => {
    const { client, calls } = setup(() =>
      reply(401, {
        status: 'error',
        data: null,
        message: 'Неверный пароль',
        errors: {},
        code: 'invalid_credentials',
      }),
    );
    await expect(client.request('/api/v2/auth/authorize_by_email', { auth: false })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.auth).toBeNull();
  });
});
