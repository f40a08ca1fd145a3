/**
 * GET /api/v1/briefcases/{id}/company/{whitelist|blacklist} and POST …/company/remove_from_{list} (spec 1 §7): the
 * "previously chosen" history of the procedure's seller and removal from it. Whoever may open the procedure in the
 * wizard (its seller's users, administrators); anyone else gets 404 as for a procedure that does not exist.
 */
import { companyListParams, type HistoryCompany, idParams, removeFromListBody } from '@etp/contracts';
import { COMPANY_KIND_LABELS } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { participantError } from '../companies/participant.policy.ts';
import { requireManagedBriefcase } from '../registries/registries.service.ts';
import {
  type CompanyListName,
  findListHistory,
  type HistoryRow,
  removeFromHistory,
} from './companyLists.queries.ts';
import { WIZARD_MESSAGES as M } from './wizard.messages.ts';

const present = (row: HistoryRow): HistoryCompany => ({
  id: row.id,
  full_name: row.fullName,
  inn: row.inn,
  kind_name: COMPANY_KIND_LABELS[row.kind],
  error: participantError(row),
  last_chosen_at: row.lastChosenAt.toISOString(),
});

async function historyOf(ctx: AppContext, auth: AuthContext, id: number, list: CompanyListName) {
  const managed = await requireManagedBriefcase(ctx, auth, id, { editable: false });
  return { owner: managed.companyId, rows: await findListHistory(ctx.db, managed.companyId, list) };
}

export function companyListsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/briefcases/:id/company/:list',
      { preHandler: ctx.guards.user, schema: { params: companyListParams } },
      async (request) => {
        const { id, list } = request.params;
        return ok((await historyOf(ctx, authOf(request), id, list)).rows.map(present));
      },
    );

    for (const list of ['whitelist', 'blacklist'] as const)
      app.post(
        `/api/v1/briefcases/:id/company/remove_from_${list}`,
        // The guard runs before the body is validated: a caller without a session learns nothing of its rules.
        {
          preValidation: ctx.guards.user,
          schema: { params: idParams, body: removeFromListBody },
        },
        async (request) => {
          const auth = authOf(request);
          const { owner, rows } = await historyOf(ctx, auth, request.params.id, list);
          const companyId = request.body.company_id;
          if (!rows.some((row) => row.id === companyId)) throw notFound(M.companyUnknown);
          await removeFromHistory(ctx.db, owner, list, companyId);
          return ok(rows.filter((row) => row.id !== companyId).map(present));
        },
      );
  };
}
