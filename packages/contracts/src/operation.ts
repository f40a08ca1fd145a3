/**
 * One call of the API as the contract declares it (issue 30, decisions/0254): its method and path, a name and a
 * summary for the OpenAPI document, its request schemas (the very objects the server's route validates with), and
 * its reply: the `data` of the envelope, a file, or a redirect. The server documents and (in its tests) checks every
 * reply against this; the web app calls through it (apps/web/src/api/call.ts), so a path is written once.
 */
import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error replies a call can give, each in the envelope with `status: "error"`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/** A reply that is not the JSON envelope: a file of this content type, a redirect, a page, or a WebSocket. */
type RawReply =
  | { file: string }
  | { redirect: true }
  | { html: true }
  | { websocket: true }
  | { json: z.ZodType };

export interface Operation {
  method: HttpMethod;
  /** Fastify's form: `/api/v1/lots/:id`. */
  path: string;
  /** An English sentence of what the call does, for the document and the reader. */
  summary: string;
  /** The group in the document (auth, briefcases, lots, …). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data` on success (a schema), or a reply that is not the envelope. */
  reply: z.ZodType | RawReply;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** No token needed (sign-in, registration, the public area). */
  public?: boolean;
  /** Error replies beyond those the call's shape implies (see errorStatusesOf). */
  errors?: readonly ErrorStatus[];
  /**
   * The whole reply where this call's envelope carries more than the common one (the registry upload repeats
   * report_id and personal_data_found beside it, and its refusals keep their data): `ok` for a success, `error` for an
   * error status. The typed `data` is still `reply`'s.
   */
  envelope?: { ok?: z.ZodType; error?: z.ZodType };
}

/** Keeps the literal types of one operation (its path, its schemas) for the typed client. */
export const operation = <const O extends Operation>(o: O): O => o;

/** A reply schema rather than a file, a redirect or a page. */
export function isEnvelopeReply(reply: Operation['reply']): reply is z.ZodType {
  return !(
    'file' in reply ||
    'redirect' in reply ||
    'html' in reply ||
    'websocket' in reply ||
    'json' in reply
  );
}

/**
 * The error replies of a call: 422 (its input, and any id-named query field: http/idBounds.ts checks those on every
 * call), 429 (the rate limits) and 503 (a dependency away) for every call; 401 and 403 for a call that needs a token;
 * 404 when the path names something; 409 and 413 (the body limit) for a write; and what the operation adds (404 when
 * its subject is implied, 400 for a malformed file…).
 */
export function errorStatusesOf(op: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([422, 429, 503]);
  if (!op.public) {
    statuses.add(401);
    statuses.add(403);
  }
  if (op.path.includes(':')) statuses.add(404);
  if (op.method !== 'GET') {
    statuses.add(409);
    statuses.add(413);
  }
  for (const status of op.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** `GET /api/v1/lots/:id`: how the server and the document name a route. */
export const routeKeyOf = (op: Pick<Operation, 'method' | 'path'>): string => `${op.method} ${op.path}`;
