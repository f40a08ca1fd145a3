/** The wizard's draft, save and send-for-approval calls (spec 1 §7; decisions/0080). */
import { briefcaseSaveRequest, idParams } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards.ts';
import { WIZARD_MESSAGES as M } from './wizard.messages.ts';
import { foldSaveBody } from './wizard.saveBody.ts';
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
      // The guard runs before the body is validated: a caller without a session learns nothing of the body's rules.
      // Then the spec's wrapped form and names are folded into our flat body, which the schema checks (decisions/0253).
      {
        preValidation: [
          ctx.guards.user,
          async (request) => {
            // Not validated yet: the schema below checks what the fold gives.
            request.body = foldSaveBody(
              request.body,
              (request.params as { id?: unknown }).id,
            ) as typeof request.body;
          },
        ],
        schema: { params: idParams, body: briefcaseSaveRequest },
      },
      async (request) => ok(await saveDraft(ctx, authOf(request), request.params.id, request.body), M.saved),
    );

    app.post(
      '/api/v1/briefcases/:id/apply',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await applyDraft(ctx, authOf(request), request.params.id), M.applied),
    );
  };
}
