/**
 * The federated bank-identity sign-in (spec 3 §7.1, OpenID Connect): the sign-in screen takes an authenticity
 * token from GET /users/auth/authenticity_token and posts it as a form to /users/auth/bank_id, which redirects
 * to the provider; GET /users/auth/bank_id/callback comes back and redirects to the sign-in screen with a
 * hand-over code in the fragment (`/users/sign_in?oauth=ok#token=…`) or with `?oauth_failed=1`.
 */
import { bankIdTokenBody, federatedSignInForm } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { BankIdClient } from './bankId/client.ts';
import {
  AUTH_PATH,
  authenticityHolds,
  BANK_ID_COOKIE,
  BANK_ID_PATH,
  issueAuthenticity,
  openPending,
  readCookie,
  sealPending,
  setCookieHeader,
} from './bankId/cookie.ts';
import { issueHandover, linkBankIdentity, redeemHandover } from './bankId.service.ts';
import { accountDeps } from './deps/accountDeps.ts';

const BANK_ID_FAILED = '/users/sign_in?oauth_failed=1';

export function bankIdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = accountDeps(ctx);
  const callbackUri = `${deps.publicUrl}${BANK_ID_PATH}/callback`;
  const client = ctx.config.oidc ? new BankIdClient(ctx.config.oidc, callbackUri) : null;
  const secure = deps.publicUrl.startsWith('https://');
  // These paths are outside /api, which the general limit skips; they get one of their own.
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute', allowList: () => false } };

  return async (app) => {
    // The form post is url-encoded; this parser lives in this plugin's scope only, for the few bytes it takes.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(`${AUTH_PATH}/authenticity_token`, { config: limited }, async (_request, reply) => {
      const { token, cookie } = issueAuthenticity(deps.codeKey, secure);
      reply.header('set-cookie', cookie).header('cache-control', 'no-store');
      return ok({ authenticity_token: token });
    });

    app.post(BANK_ID_PATH, { config: limited }, async (request, reply) => {
      const form = federatedSignInForm.safeParse(request.body);
      if (
        !form.success ||
        !authenticityHolds(deps.codeKey, request.headers.cookie, form.data.authenticity_token)
      ) {
        request.log.warn('bank id: the form came without a valid authenticity token');
        return reply.redirect(BANK_ID_FAILED, 303);
      }
      if (!client) return reply.redirect(BANK_ID_FAILED, 303);
      try {
        const { url, pending } = await client.start();
        reply.header('set-cookie', setCookieHeader(sealPending(deps.codeKey, pending, ctx.now()), secure));
        return reply.redirect(url.href, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'bank id: the provider is unavailable');
        return reply.redirect(BANK_ID_FAILED, 303);
      }
    });

    app.get(`${BANK_ID_PATH}/callback`, { config: limited }, async (request, reply) => {
      reply.header('set-cookie', setCookieHeader('', secure));
      const pending = openPending(
        deps.codeKey,
        readCookie(request.headers.cookie, BANK_ID_COOKIE),
        ctx.now(),
      );
      if (!client || !pending) return reply.redirect(BANK_ID_FAILED);
      try {
        const at = request.url.indexOf('?');
        const query = at >= 0 ? request.url.slice(at) : '';
        const identity = await client.finish(new URL(`${callbackUri}${query}`), pending);
        const userId = await linkBankIdentity(deps, identity);
        if (!userId) {
          request.log.info('bank id: no account for this identity');
          return reply.redirect(BANK_ID_FAILED);
        }
        const token = await issueHandover(deps, userId);
        return reply.redirect(`/users/sign_in?oauth=ok#token=${encodeURIComponent(token)}`);
      } catch (error) {
        request.log.warn({ err: error }, 'bank id: the sign-in failed');
        return reply.redirect(BANK_ID_FAILED);
      }
    });

    app.post('/api/v2/auth/bank_id/token', { schema: { body: bankIdTokenBody } }, async (request) =>
      ok(await redeemHandover(deps, request.body.token)),
    );
  };
}
