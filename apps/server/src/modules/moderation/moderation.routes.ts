/** POST /api/v1/briefcases/{id}/confirm and /reject (spec 2 §7): the organiser's confirmation. */
import { idParams, type ModerationReply, rejectBriefcaseBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import type { BriefcaseRow } from '../lots/trading/lotState.ts';
import { MODERATION_TEXTS } from './moderation.messages.ts';
import { rejectionMessage } from './moderation.policy.ts';
import { confirmBriefcase, rejectBriefcase } from './moderation.service.ts';

const present = (row: BriefcaseRow): ModerationReply => ({
  id: row.id,
  status: row.status === 'ready' ? 'ready' : 'rejected',
  published_at: row.publishedAt?.toISOString() ?? null,
});

export function moderationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/briefcases/:id/confirm',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        const row = await confirmBriefcase(ctx, authOf(request), request.params.id);
        return ok(present(row), MODERATION_TEXTS.confirmed);
      },
    );

    app.post(
      '/api/v1/briefcases/:id/reject',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: rejectBriefcaseBody } },
      async (request) => {
        const auth = authOf(request);
        const { row, moderator } = await rejectBriefcase(ctx, auth, request.params.id, request.body.note);
        return ok(present(row), rejectionMessage(moderator));
      },
    );
  };
}
