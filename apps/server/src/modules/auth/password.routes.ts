/** Password reset and e-mail confirmation calls (spec 3 §2.4, §7.1). */
import {
  confirmationQuery,
  sendConfirmationBody,
  sendResetInstructionsBody,
  updatePasswordBody,
} from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { confirmEmail, resendConfirmation } from './confirmations.service.ts';
import type { AuthLimits } from './credentials/limits.ts';
import { accountDeps } from './deps/accountDeps.ts';
import { resetPassword, sendResetInstructions } from './password.service.ts';

export function passwordRoutes(ctx: AppContext, limits: AuthLimits): FastifyPluginAsyncZod {
  const deps = accountDeps(ctx);
  const sends = { config: limits.strict, onRequest: limits.messages };

  return async (app) => {
    app.post(
      '/api/v2/password/send_reset_instructions',
      { schema: { body: sendResetInstructionsBody }, ...sends },
      async (request) => {
        await sendResetInstructions(deps, request.body.email);
        return ok(null, AUTH_MESSAGES.resetInstructionsSent);
      },
    );

    app.put(
      '/api/v2/password',
      { schema: { body: updatePasswordBody }, config: limits.strict },
      async (request) => {
        await resetPassword(deps, request.body.reset_password_token, request.body.password);
        return ok(null, AUTH_MESSAGES.passwordChanged);
      },
    );

    app.post(
      '/api/v2/confirmations/send_instructions',
      { schema: { body: sendConfirmationBody }, ...sends },
      async (request) => {
        await resendConfirmation(deps, request.body.email);
        return ok(null, AUTH_MESSAGES.confirmationSent);
      },
    );

    // The link in the mail: confirm, then show the sign-in screen with its toast (spec 3 §2.2).
    app.get(
      '/api/v2/confirmations',
      { schema: { querystring: confirmationQuery } },
      async (request, reply) => {
        const confirmed = await confirmEmail(deps, request.query.confirmation_token);
        return reply.redirect(
          confirmed ? '/users/sign_in?confirmed=1' : '/users/sign_in?confirmation_failed=1',
        );
      },
    );
  };
}
