/** Auth calls of spec 3 §7.1 that the foundation needs: e-mail sign-in, refresh, sign-out. */
import { authorizeByEmailBody, refreshBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { authorizeByEmail, refreshSession, signOut } from './auth.service.ts';
import { authOf } from './guards.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = {
    db: ctx.db,
    tokens: ctx.tokens,
    refreshTtlDays: ctx.config.refreshTokenTtlDays,
    now: ctx.now,
  };
  // Sign-in and refresh get a thirtieth of the general budget (20 a minute by default) against password guessing.
  const strict = {
    rateLimit: { max: Math.max(20, Math.floor(ctx.config.rateLimitPerMinute / 30)), timeWindow: '1 minute' },
  };

  return async (app) => {
    app.post(
      '/api/v2/auth/authorize_by_email',
      { schema: { body: authorizeByEmailBody }, config: strict },
      async (request) => ok(await authorizeByEmail(deps, request.body.email, request.body.password)),
    );

    app.post('/api/v2/auth/refresh', { schema: { body: refreshBody }, config: strict }, async (request) =>
      ok({ jwt: await refreshSession(deps, request.body.refresh_token) }),
    );

    app.get('/api/v1/user/sign_out', { preHandler: ctx.guards.user }, async (request) => {
      await signOut(deps, authOf(request).sessionId);
      return ok(null, AUTH_MESSAGES.signedOut);
    });
  };
}
