/**
 * The typed HTTP client of the web app. Every reply is the envelope {status, data, message, errors, code}: a
 * success gives `data`, anything else throws an ApiError. Authenticated calls carry `Authorization: Bearer`;
 * a 401 `token_expired` triggers one token refresh (shared by every call that hits it at the same time) and
 * one retry. When the session cannot be renewed the tokens are cleared, which signs the user out.
 */
import type { Envelope, RefreshResult } from '@etp/contracts';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './ApiError.ts';
import type { TokenStore } from './createTokenStore.ts';
import { OPERATIONS } from './operations.ts';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData (profile, company: files with fields). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the access token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Like request, but the whole ok envelope: for calls whose message or per-field notes the screen shows. */
  requestEnvelope<T>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /** A file the server serves only to signed-in users (avatars, company documents), as a Blob. */
  download(path: string, options?: Pick<RequestOptions, 'signal'>): Promise<Blob>;
  /** Renews the token pair; resolves false (and clears the tokens) when the session cannot be renewed. */
  refreshTokens(): Promise<boolean>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  baseUrl?: string;
  now?: () => number;
}

function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const body = (await response.json()) as Envelope<T>;
    return body && typeof body === 'object' && 'status' in body ? body : null;
  } catch {
    return null;
  }
}

export function createApiClient({
  fetch: fetchFn,
  tokens,
  baseUrl = '',
  now = Date.now,
}: ApiClientDeps): ApiClient {
  let refreshing: Promise<boolean> | null = null;

  async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    // A multipart body sets its own Content-Type with the boundary.
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await fetchFn(`${baseUrl}${path}${buildQueryString(options.query)}`, {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
    }
  }

  async function unwrapEnvelope<T>(response: Response): Promise<Envelope<T>> {
    const envelope = await readEnvelope<T>(response);
    if (response.ok && envelope?.status === 'ok') return envelope;
    throw new ApiError(
      response.status,
      envelope?.code ?? (response.ok ? 'internal' : `http_${response.status}`),
      envelope?.message ?? GENERIC_ERROR_MESSAGE,
      envelope?.errors ?? {},
    );
  }

  async function unwrap<T>(response: Response): Promise<T> {
    return (await unwrapEnvelope<T>(response)).data;
  }

  async function doRefresh(): Promise<boolean> {
    const session = tokens.get();
    if (!session) return false;
    try {
      const response = await send(
        OPERATIONS.refreshToken.path,
        { method: 'POST', body: { refresh_token: session.refresh_token } },
        null,
      );
      const { jwt } = await unwrap<RefreshResult>(response);
      tokens.set(jwt, now());
      return true;
    } catch (error) {
      // A refused refresh ends the session; a network failure leaves it for the next attempt.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) tokens.clear();
      return false;
    }
  }

  function refreshTokens(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function sendWithSession(path: string, options: RequestOptions): Promise<Response> {
    const useAuth = options.auth ?? true;
    const token = useAuth ? (tokens.get()?.token ?? null) : null;
    let response = await send(path, options, token);

    if (useAuth && token && response.status === 401) {
      const envelope = await readEnvelope<unknown>(response.clone());
      if (envelope?.code === 'token_expired') {
        // Another call may have renewed the pair while this one was in flight: then just retry.
        const renewed = tokens.get()?.token !== token || (await refreshTokens());
        if (renewed) response = await send(path, options, tokens.get()?.token ?? null);
      }
      // Still refused after at most one refresh: the session is over.
      if (response.status === 401) tokens.clear();
    }
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return unwrap<T>(await sendWithSession(path, options));
  }

  async function requestEnvelope<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    return unwrapEnvelope<T>(await sendWithSession(path, options));
  }

  async function download(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Blob> {
    const response = await sendWithSession(path, options);
    if (response.ok) return response.blob();
    return unwrap<never>(response);
  }

  return { request, requestEnvelope, download, refreshTokens };
}
