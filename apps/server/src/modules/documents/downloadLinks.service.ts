/**
 * The six downloads of spec 2 §7 at the spec's own paths (`/briefcases/{id}/report`…) beside `/api/v1/...`, and the
 * short-lived signed link a browser uses where it cannot send the Authorization header (a plain <a href>, a new tab):
 * decisions/0250. A signed link names one path, the user and the session it was issued to, and its expiry, sealed
 * with an HMAC whose key derives from the server's signing key (as the one-time codes and the bank-identity state do).
 * Opening it loads that user as the Bearer guard would (a closed session or a deleted user is refused), and the
 * download then checks the user's rights exactly as under /api/v1.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { dbId, isDbId, SPEC_DOWNLOADS, type SpecDownload } from '@etp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { isFamilyRevoked } from '../auth/auth.queries.ts';
import type { Guard } from '../auth/guards/routeGuards.ts';
import { loadUserContext } from '../user/user.queries.ts';

/** How long a signed link opens its file: long enough for the click that asked for it, too short to pass around. */
const DOWNLOAD_LINK_TTL_SECONDS = 60;

export const DOWNLOAD_LINK_MESSAGES = {
  expired: 'Ссылка для скачивания устарела, запросите файл снова',
  invalid: 'Ссылка для скачивания недействительна',
} as const;

/** The query of a spec path: the signed link's seal, when the request carries no Authorization header. */
export type { SpecDownload };

const signedLinkQuery = z.object({ signature: z.string().max(1000).optional() });

/** The spec's path of a download (the path a signed link names). */
export const specDownloadPath = (briefcaseId: number | string, what: SpecDownload) =>
  `/briefcases/${briefcaseId}/${what}`;

/** True for a request to one of the spec's download paths (they are rate limited like the calls). */
const SPEC_DOWNLOAD_URL = new RegExp(`^/briefcases/[^/?]+/(${SPEC_DOWNLOADS.join('|')})(\\?|$)`);
export const isSpecDownloadUrl = (url: string) => SPEC_DOWNLOAD_URL.test(url);

export const downloadLinkKey = (secret: string): Buffer =>
  createHash('sha256').update(`etp-rd download links\0${secret}`).digest();

const seal = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export interface SignedLink {
  url: string;
  expiresAt: Date;
}

/** The signed link to `path` for this user's session, good for DOWNLOAD_LINK_TTL_SECONDS from `now`. */
export function signDownloadLink(
  key: Buffer,
  path: string,
  who: { userId: number; sessionId: string },
  now: Date,
): SignedLink {
  const exp = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
  const payload = Buffer.from(JSON.stringify({ p: path, u: who.userId, s: who.sessionId, e: exp })).toString(
    'base64url',
  );
  return { url: `${path}?signature=${payload}.${seal(key, payload)}`, expiresAt: new Date(exp * 1000) };
}

/** Whose link it is, 'expired' for a well-sealed link past its time, or null when forged or for another path. */
function openDownloadLink(
  key: Buffer,
  signature: string,
  path: string,
  now: Date,
): { userId: number; sessionId: string } | 'expired' | null {
  const [payload, given, extra] = signature.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(seal(key, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  let data: { p?: unknown; u?: unknown; s?: unknown; e?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (
    data.p !== path ||
    typeof data.u !== 'number' ||
    !isDbId(data.u) ||
    typeof data.s !== 'string' ||
    typeof data.e !== 'number'
  )
    return null;
  if (data.e * 1000 <= now.getTime()) return 'expired';
  return { userId: data.u, sessionId: data.s };
}

/**
 * The guard of a spec path: the Bearer token when the request has one (as under /api/v1), otherwise the signed
 * link of exactly this path; nothing else.
 */
function signedOrBearer(ctx: AppContext, what: SpecDownload): Guard {
  const key = downloadLinkKey(ctx.config.jwtSecret);
  return async (request: FastifyRequest) => {
    if (request.headers.authorization) return ctx.guards.user(request);
    const signature = (request.query as { signature?: unknown } | undefined)?.signature;
    if (typeof signature !== 'string' || signature === '') throw unauthorized();
    const id = (request.params as { id?: unknown } | undefined)?.id;
    const opened = openDownloadLink(key, signature, specDownloadPath(String(id), what), ctx.now());
    if (opened === 'expired') throw new AppError(401, 'token_expired', DOWNLOAD_LINK_MESSAGES.expired);
    if (!opened) throw unauthorized(DOWNLOAD_LINK_MESSAGES.invalid);
    const [user, revoked] = await Promise.all([
      loadUserContext(ctx.db, opened.userId),
      isFamilyRevoked(ctx.db, opened.sessionId, opened.userId),
    ]);
    if (!user || revoked) throw unauthorized(DOWNLOAD_LINK_MESSAGES.invalid);
    request.auth = { ...user, sessionId: opened.sessionId };
  };
}

const idParams = z.object({ id: dbId });

/** A download's handler: the procedure's id (validated), the request (its `auth` set by the guard) and the reply. */
export type DownloadHandler = (id: number, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers a download at `/api/v1/briefcases/:id/<what>` (Bearer token) and at the spec's `/briefcases/:id/<what>`
 * (Bearer token or signed link): one handler, so both answer alike. Being routes, the spec's paths are never taken
 * by the web app's page fallback; its own routes (/briefcases/:id/trade…) still are.
 */
export function mountDownload(
  ctx: AppContext,
  app: Parameters<FastifyPluginAsyncZod>[0],
  what: SpecDownload,
  handler: DownloadHandler,
): void {
  app.get(
    `/api/v1/briefcases/:id/${what}`,
    { onRequest: ctx.guards.user, schema: { params: idParams } },
    (request, reply) => handler(request.params.id, request, reply),
  );
  app.get(
    specDownloadPath(':id', what),
    { onRequest: signedOrBearer(ctx, what), schema: { params: idParams, querystring: signedLinkQuery } },
    (request, reply) => handler(request.params.id, request, reply),
  );
}
