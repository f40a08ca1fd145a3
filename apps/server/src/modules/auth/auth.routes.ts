/**
 * Auth calls of spec 3 §7.1: sign-in methods, e-mail sign-in, refresh and sign-out here; the sms stage,
 * registration, password and e-mail confirmation in their own route files, registered from this plugin so
 * they share one budget of sent messages per client address (credentials/limits.ts).
 */
import { authorizeByEmailBody, refreshBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { authorizeByEmail, refreshSession, signOut } from './auth.service.ts';
import { createAuthLimits } from './credentials/limits.ts';
import { accountDeps } from './deps/accountDeps.ts';
import { authOf } from './guards/routeGuards.ts';
import { passwordRoutes } from './password.routes.ts';
import { registrationRoutes } from './registrations.routes.ts';
import { signInRoutes } from './signIn.routes.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = accountDeps(ctx);

  return async (app) => {
    const limits = createAuthLimits(app, ctx);

    app.get('/auth_methods', async () =>
      ok({ flash_call: false, sms: true, email: true, bank_id: ctx.config.oidc !== null }),
    );

    app.post(
      '/api/v2/auth/authorize_by_email',
      { schema: { body: authorizeByEmailBody }, config: limits.strict },
      async (request) => ok(await authorizeByEmail(deps, request.body.email, request.body.password)),
    );

    app.post(
      '/api/v2/auth/refresh',
      { schema: { body: refreshBody }, config: limits.strict },
      async (request) => ok({ jwt: await refreshSession(deps, request.body.refresh_token) }),
    );

    app.get('/api/v1/user/sign_out', { preHandler: ctx.guards.user }, async (request) => {
      const { sessionId } = authOf(request);
      await signOut(deps, sessionId);
      // The trading guard's cached contexts of this session go too, on every node.
      await ctx.guards.sessionClosed(sessionId);
      return ok(null, AUTH_MESSAGES.signedOut);
    });

    await app.register(signInRoutes(ctx, limits));
    await app.register(registrationRoutes(ctx, limits));
    await app.register(passwordRoutes(ctx, limits));
  };
}
