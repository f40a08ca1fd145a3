/** GET /api/v1/admin/users/{id} (spec 2 §2): the administrator's user page, linked from the monitoring rows. */
import { type AdminUser, idParams } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { presentAdminUser } from './adminUsers.presenter.ts';
import {
  findUserActions,
  findUserById,
  findUserCompanies,
  findUserSessions,
  findUserVisits,
} from './adminUsers.queries.ts';

const USER_NOT_FOUND = 'Пользователь не найден';

export function adminUsersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/admin/users/:id',
      { onRequest: ctx.guards.admin, schema: { params: idParams } },
      async (request) => {
        const { id } = request.params;
        const user = await findUserById(ctx.db, id);
        if (!user) throw notFound(USER_NOT_FOUND);
        const [companies, sessions, visits, actions] = await Promise.all([
          findUserCompanies(ctx.db, id),
          findUserSessions(ctx.db, id),
          findUserVisits(ctx.db, id),
          findUserActions(ctx.db, id),
        ]);
        return ok<AdminUser>(
          presentAdminUser({ user, companies, sessions, visits, actions, now: ctx.now() }),
        );
      },
    );
  };
}
