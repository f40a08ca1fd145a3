/** The personal profile (spec 3 §7.2): view, edit with avatar, e-mail, phone, password, deletion. */
import {
  changePasswordBody,
  confirmPhoneBody,
  profileEmailBody,
  profilePhoneBody,
  profileUpdateFields,
} from '@etp/contracts';
import { AVATAR_MAX_BYTES } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { fieldErrorsOf, parseFields, readForm } from '../../http/form.ts';
import { AUTH_MESSAGES } from '../auth/auth.messages.ts';
import { createAuthLimits } from '../auth/credentials/limits.ts';
import { accountDeps } from '../auth/deps/accountDeps.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { loadUserContext } from '../user/user.queries.ts';
import { PROFILE_MESSAGES as M } from './profile.messages.ts';
import { presentProfile } from './profile.presenter.ts';
import {
  changeEmail,
  changePassword,
  confirmPhone,
  deleteProfile,
  sendPhoneCode,
  updateProfile,
} from './profile.service.ts';

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = accountDeps(ctx);

  async function currentProfile(userId: number) {
    const fresh = await loadUserContext(ctx.db, userId);
    if (!fresh) throw notFound();
    return presentProfile(fresh);
  }

  return async (app) => {
    const limits = createAuthLimits(app, ctx);
    const user = { onRequest: ctx.guards.user };

    app.get('/api/v1/profile', user, async (request) => ok(presentProfile(authOf(request))));

    app.put('/api/v1/profile', user, async (request) => {
      const auth = authOf(request);
      const form = await readForm(request, {
        files: { avatar: { maxBytes: AVATAR_MAX_BYTES, message: M.avatarTooLarge } },
        maxFiles: 1,
      });
      const fields = parseFields(profileUpdateFields, form.fields);
      await updateProfile(ctx, auth, fields, form.files[0]);
      return ok(await currentProfile(auth.user.id), M.updated);
    });

    app.patch(
      '/api/v1/profile',
      {
        schema: { body: profileEmailBody },
        config: limits.strict,
        onRequest: [ctx.guards.user, limits.messages],
      },
      async (request) => {
        const auth = authOf(request);
        const message = await changeEmail(deps, auth, request.body.email);
        return ok(await currentProfile(auth.user.id), message);
      },
    );

    app.post(
      '/api/v1/profile/sms',
      {
        schema: { body: profilePhoneBody },
        config: limits.strict,
        onRequest: [ctx.guards.user, limits.messages],
      },
      async (request) =>
        ok(await sendPhoneCode(deps, authOf(request), request.body.phone), AUTH_MESSAGES.codeSent),
    );

    app.post(
      '/api/v1/profile/confirm_phone',
      { ...user, schema: { body: confirmPhoneBody }, config: limits.strict },
      async (request) => {
        const auth = authOf(request);
        await confirmPhone(deps, auth, request.body.phone, request.body.code);
        return ok(await currentProfile(auth.user.id), M.phoneConfirmed);
      },
    );

    // The spec's screen shows a failed rule on `new_password` (spec 3 §8), so the body is checked here.
    app.put('/api/v1/user/update_password', { ...user, config: limits.strict }, async (request) => {
      const parsed = changePasswordBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const errors = fieldErrorsOf(parsed.error.issues, { password: 'new_password' });
        throw validationFailed(errors, parsed.error.issues[0]?.message);
      }
      await changePassword(deps, authOf(request), parsed.data.password, parsed.data.current_password);
      return ok(null, M.passwordChanged);
    });

    app.delete('/api/v1/profile', user, async (request) => {
      await deleteProfile(ctx, authOf(request));
      return ok(null, M.deleted);
    });
  };
}
