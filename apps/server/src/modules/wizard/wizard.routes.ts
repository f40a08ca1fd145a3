/** The wizard's draft, save and send-for-approval calls (spec 1 §7; decisions/0080). */
import { briefcaseSaveBody, idParams } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards.ts';
import { WIZARD_MESSAGES as M } from './wizard.messages.ts';
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
      { preValidation: ctx.guards.user, schema: { params: idParams, body: briefcaseSaveBody } },
      async (request) => ok(await saveDraft(ctx, authOf(request), request.params.id, request.body), M.saved),
    );

    app.post(
      '/api/v1/briefcases/:id/apply',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await applyDraft(ctx, authOf(request), request.params.id), M.applied),
    );
  };
}
