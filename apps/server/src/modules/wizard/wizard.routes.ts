/** The wizard's draft, save and send-for-approval calls (spec 1 §7; decisions/0080). */
import { briefcaseSaveBody, idParams } from '@etp/contracts';
import { COMPANY_KIND_LABELS } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards.ts';
import { WIZARD_MESSAGES as M } from './wizard.messages.ts';
import { searchParticipants } from './wizard.queries.ts';

const participantQuery = z.object({ full_name: z.string().trim().max(200).default('') });

import { applyDraft, loadDraft, saveDraft } from './wizard.service.ts';

export function wizardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/briefcases/:id/edit',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await loadDraft(ctx, authOf(request), request.params.id)),
    );

    app.put(
      '/api/v1/briefcases/:id',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: briefcaseSaveBody } },
      async (request) => ok(await saveDraft(ctx, authOf(request), request.params.id, request.body), M.saved),
    );

    app.post(
      '/api/v1/briefcases/:id/apply',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await applyDraft(ctx, authOf(request), request.params.id), M.applied),
    );

    // Participant suggestions (spec 1 §7): the user's own companies are left out; a company that is not
    // accredited comes with an error text and is shown disabled.
    app.get(
      '/api/v1/companies/search',
      { preHandler: ctx.guards.user, schema: { querystring: participantQuery } },
      async (request) => {
        const auth = authOf(request);
        const own = auth.memberships.map((m) => m.company.id);
        const rows = await searchParticipants(ctx.db, request.query.full_name, own);
        return ok({
          data: rows.map((c) => ({
            id: c.id,
            attributes: {
              full_name: c.fullName || c.name,
              inn: c.inn,
              kind_name: COMPANY_KIND_LABELS[c.kind],
              error: c.goodStanding ? null : M.notAccredited,
            },
          })),
        });
      },
    );
  };
}
