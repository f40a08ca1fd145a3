/** Registration calls (spec 3 §4.2, §7.1): a code to the phone, its check, the account. */
import { checkSmsBody, registrationBody, registrationSmsBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import type { AuthLimits } from './credentials/limits.ts';
import { accountDeps } from './deps/accountDeps.ts';
import { checkRegistrationCode, register, sendRegistrationCode } from './registrations.service.ts';

export function registrationRoutes(ctx: AppContext, limits: AuthLimits): FastifyPluginAsyncZod {
  const deps = accountDeps(ctx);

  return async (app) => {
    app.post(
      '/api/v2/registrations/sms',
      { schema: { body: registrationSmsBody }, config: limits.strict, onRequest: limits.messages },
      async (request) => ok(await sendRegistrationCode(deps, request.body.phone), AUTH_MESSAGES.codeSent),
    );

    app.post(
      '/api/v2/registrations/check_sms',
      { schema: { body: checkSmsBody }, config: limits.strict },
      async (request) => {
        await checkRegistrationCode(deps, request.body.phone, request.body.code);
        return ok(null);
      },
    );

    app.post(
      '/api/v2/registrations',
      { schema: { body: registrationBody }, config: limits.strict },
      async (request) => ok(await register(deps, request.body), AUTH_MESSAGES.registered),
    );
  };
}
