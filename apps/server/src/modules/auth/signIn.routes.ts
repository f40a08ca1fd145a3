/** The sms stage of sign-in and the stages that fill a missing phone, e-mail, password or name (spec 3 §4.1). */
import {
  authorizeBody,
  authorizeDataNotFilledBody,
  authorizePhoneNotFilledBody,
  notMyNumberBody,
  phoneBody,
  signInSmsBody,
  smsDataNotFilledBody,
  smsPhoneNotFilledBody,
} from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import type { AuthLimits } from './credentials/limits.ts';
import { accountDeps } from './deps/accountDeps.ts';
import {
  authorizeDataNotFilled,
  authorizePhoneNotFilled,
  sendDataCode,
  sendPhoneCode,
} from './fillData.service.ts';
import { authorizeWithCode, infoByPhone, reportNotMyNumber, sendSignInCode } from './signIn.service.ts';

export function signInRoutes(ctx: AppContext, limits: AuthLimits): FastifyPluginAsyncZod {
  const deps = accountDeps(ctx);
  const sends = { config: limits.strict, onRequest: limits.messages };

  return async (app) => {
    app.post('/api/v2/auth/sms', { schema: { body: signInSmsBody }, ...sends }, async (request) => {
      const result = await sendSignInCode(deps, request.body.email, request.body.password);
      return ok(result, result.sent ? AUTH_MESSAGES.codeSent : null);
    });

    app.post(
      '/api/v2/auth/authorize',
      { schema: { body: authorizeBody }, config: limits.strict },
      async (request) => ok(await authorizeWithCode(deps, request.body)),
    );

    app.post(
      '/api/v2/auth/info_by_phone',
      { schema: { body: phoneBody }, config: limits.strict },
      async (request) => ok(await infoByPhone(deps, request.body.phone)),
    );

    app.post(
      '/api/v2/auth/sms_data_not_filled',
      { schema: { body: smsDataNotFilledBody }, ...sends },
      async (request) => ok(await sendDataCode(deps, request.body), AUTH_MESSAGES.codeSent),
    );

    app.post(
      '/api/v2/auth/authorize_data_not_filled',
      { schema: { body: authorizeDataNotFilledBody }, config: limits.strict },
      async (request) => ok(await authorizeDataNotFilled(deps, request.body)),
    );

    app.post(
      '/api/v2/auth/sms_phone_not_filled',
      { schema: { body: smsPhoneNotFilledBody }, ...sends },
      async (request) => ok(await sendPhoneCode(deps, request.body), AUTH_MESSAGES.codeSent),
    );

    app.post(
      '/api/v2/auth/authorize_phone_not_filled',
      { schema: { body: authorizePhoneNotFilledBody }, config: limits.strict },
      async (request) => ok(await authorizePhoneNotFilled(deps, request.body)),
    );

    app.post(
      '/api/v2/auth/not_my_number',
      { schema: { body: notMyNumberBody }, ...sends },
      async (request) => {
        await reportNotMyNumber(deps, request.body);
        return ok(null, AUTH_MESSAGES.notMyNumber);
      },
    );
  };
}
