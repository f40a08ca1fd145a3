/**
 * POST /api/v1/briefcases/:id/download_link: a short-lived signed link to one of the spec's download paths, for a
 * browser that opens the file without the Authorization header (decisions/0250). Given to whoever may open the card;
 * the download checks the file's own rule when the link is opened.
 */
import { type DownloadLink, dbId, downloadLinkRequestSchema } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { downloadLinkKey, signDownloadLink, specDownloadPath } from './downloadLinks.service.ts';

const params = z.object({ id: dbId });

export function downloadLinksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const key = downloadLinkKey(ctx.config.jwtSecret);
  return async (app) => {
    app.post(
      '/api/v1/briefcases/:id/download_link',
      { onRequest: ctx.guards.user, schema: { params, body: downloadLinkRequestSchema } },
      async (request) => {
        const auth = authOf(request);
        const { id } = request.params;
        await requireOpenBriefcase(ctx.db, auth, id);
        const link = signDownloadLink(
          key,
          specDownloadPath(id, request.body.file),
          { userId: auth.user.id, sessionId: auth.sessionId },
          ctx.now(),
        );
        const reply: DownloadLink = { url: link.url, expires_at: link.expiresAt.toISOString() };
        return ok(reply);
      },
    );
  };
}
