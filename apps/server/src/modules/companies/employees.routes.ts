/**
 * Employees and invitations (spec 3 §7.2): the owner's calls under /api/v1/company/users, the invited user's
 * under /api/v1/company/user, and the switch between one's companies.
 */
import { changeCompanyBody, employeeEmailBody, inviteAnswerBody, inviteUsersBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { createAuthLimits } from '../auth/credentials/limits.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { presentUser } from '../user/user.presenter.ts';
import { loadUserContext } from '../user/user.queries.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';
import { ownedCompanyOf } from './employees.policy.ts';
import { presentEmployee, presentInvited } from './employees.presenter.ts';
import { findEmployees, findInvited, setCurrentCompany } from './employees.queries.ts';
import { handOverOwnership, removeEmployee } from './employees.service.ts';
import { answerInvitation, inviteEmployees, inviteInfo } from './invitations.service.ts';

export function employeesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  async function freshUser(userId: number) {
    const fresh = await loadUserContext(ctx.db, userId);
    if (!fresh) throw notFound();
    return presentUser(fresh);
  }

  return async (app) => {
    const limits = createAuthLimits(app, ctx);
    const user = { onRequest: ctx.guards.user };

    app.get('/api/v1/company/users', user, async (request) => {
      const rows = await findEmployees(ctx.db, ownedCompanyOf(authOf(request)).id);
      return ok({ collection: rows.map(presentEmployee), count: rows.length });
    });

    app.get('/api/v1/company/users/invited', user, async (request) => {
      const rows = await findInvited(ctx.db, ownedCompanyOf(authOf(request)).id);
      return ok({ collection: rows.map(presentInvited), count: rows.length });
    });

    app.post(
      '/api/v1/company/users/remove_user',
      { ...user, schema: { body: employeeEmailBody } },
      async (request) => ok(null, await removeEmployee(ctx, authOf(request), request.body.email)),
    );

    app.post(
      '/api/v1/company/users/switch_owner',
      { ...user, schema: { body: employeeEmailBody } },
      async (request) => {
        const auth = authOf(request);
        const message = await handOverOwnership(ctx, auth, request.body.email);
        return ok(await freshUser(auth.user.id), message);
      },
    );

    app.post(
      '/api/v1/company/users/invite_users',
      { schema: { body: inviteUsersBody }, onRequest: [ctx.guards.user, limits.messages] },
      async (request) => {
        const result = await inviteEmployees(ctx, authOf(request), request.body.emails);
        return {
          ...ok({ invited: result.invited }, T.invited(result.invited.length)),
          errors: result.errors,
        };
      },
    );

    app.get('/api/v1/company/user/invite_company_info', user, async (request) =>
      ok(await inviteInfo(ctx, authOf(request))),
    );

    for (const [path, accept] of [
      ['accept_invite', true],
      ['decline_invite', false],
    ] as const) {
      app.post(
        `/api/v1/company/user/${path}`,
        { ...user, schema: { body: inviteAnswerBody } },
        async (request) => {
          const auth = authOf(request);
          const message = await answerInvitation(ctx, auth, request.body.invitation_id, accept);
          return ok(await freshUser(auth.user.id), message);
        },
      );
    }

    app.post(
      '/api/v1/allowed_companies/change',
      { ...user, schema: { body: changeCompanyBody } },
      async (request) => {
        const auth = authOf(request);
        const membership = auth.memberships.find((m) => m.company.id === request.body.company_id);
        if (!membership) throw forbidden(T.companyNotAllowed);
        await setCurrentCompany(ctx.db, auth.user.id, membership.company.id);
        await ctx.access.changed({ users: [auth.user.id] });
        return ok(await freshUser(auth.user.id), T.companyChanged(membership.company.name));
      },
    );
  };
}
