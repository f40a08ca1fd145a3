/**
 * The web app's one way to the server (issue 30 part 4, decisions/0254): a call names an operation of
 * `@etp/contracts` (its method, path and schemas) and gives its path parameters, query and body with the contract's
 * types; the reply's `data` comes back typed from the same contract. No request path is written anywhere else
 * (apps/web/test/noRequestPaths.test.ts holds that).
 */
import type { Envelope, Operation } from '@etp/contracts';
import type { z } from 'zod';
import { apiClient } from './apiClient.ts';
import type { QueryValue } from './createApiClient.ts';

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The reply's `data` as the contract declares it (unknown for a file, a redirect or a page). */
export type ReplyOf<O extends Operation> = O['reply'] extends z.ZodType ? z.output<O['reply']> : unknown;

/** The names of a path's parameters: `/api/v1/lots/:id/bids` → 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsArg<O extends Operation> = [ParamNames<O['path']>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<O['path']>, string | number> };
type QueryArg<O extends Operation> = O['query'] extends z.ZodType
  ? { query?: Partial<Record<keyof InputOf<O['query']>, QueryValue>> }
  : { query?: never };
type BodyArg<O extends Operation> = O['body'] extends z.ZodType
  ? { body: InputOf<O['body']> | FormData }
  : { body?: FormData };

/** The arguments, optional when the operation needs none (no path parameter, no body). */
type OptionalArgs<O extends Operation> =
  Record<string, never> extends CallArgs<O> ? [CallArgs<O>?] : [CallArgs<O>];

export type CallArgs<O extends Operation> = ParamsArg<O> &
  QueryArg<O> &
  BodyArg<O> & { signal?: AbortSignal };

/** The operation's path with its parameters filled: `/api/v1/lots/:id` → `/api/v1/lots/7`. */
export function pathOf<O extends Operation>(op: O, params?: Record<string, string | number>): string {
  return op.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

function optionsOf<O extends Operation>(op: O, args: CallArgs<O>) {
  const { query, body, signal } = args as {
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return { method: op.method, query, body, signal, auth: !op.public };
}

/** Calls the operation; its reply's `data`, typed by the contract. Failures throw an ApiError. */
export function call<O extends Operation>(op: O, ...[args]: OptionalArgs<O>) {
  const given = (args ?? {}) as CallArgs<O>;
  return apiClient.request<ReplyOf<O>>(
    pathOf(op, (given as { params?: Record<string, string | number> }).params),
    optionsOf(op, given),
  );
}

/** Like call, but the whole envelope: for calls whose message or per-field notes the screen shows. */
export function callEnvelope<O extends Operation>(
  op: O,
  ...[args]: OptionalArgs<O>
): Promise<Envelope<ReplyOf<O>>> {
  const given = (args ?? {}) as CallArgs<O>;
  return apiClient.requestEnvelope<ReplyOf<O>>(
    pathOf(op, (given as { params?: Record<string, string | number> }).params),
    optionsOf(op, given),
  );
}
