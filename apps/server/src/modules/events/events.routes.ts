/** GET /api/v1/events (the user's events, newest first) and POST /api/v1/events/read. */
import { type EventItem, eventsQuery, readEventsBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { EVENT_TEXTS } from './events.messages.ts';
import { countEvents, type EventRow, findEventsPage, markEventsRead } from './events.queries.ts';

function presentEvent(row: EventRow): EventItem {
  const text = row.payload.text;
  return {
    id: row.id,
    kind: row.kind,
    text: typeof text === 'string' ? text : EVENT_TEXTS.fallback[row.kind],
    briefcase_id: row.briefcaseId,
    lot_id: row.lotId,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/events',
      { onRequest: ctx.guards.user, schema: { querystring: eventsQuery } },
      async (request) => {
        const userId = authOf(request).user.id;
        const { page, per_page } = request.query;
        const [rows, counts] = await Promise.all([
          findEventsPage(ctx.db, userId, per_page, (page - 1) * per_page),
          countEvents(ctx.db, userId),
        ]);
        return ok({
          collection: rows.map(presentEvent),
          count: counts.total,
          total_pages: Math.ceil(counts.total / per_page),
          unread_count: counts.unread,
        });
      },
    );

    app.post(
      '/api/v1/events/read',
      { onRequest: ctx.guards.user, schema: { body: readEventsBody } },
      async (request) => {
        const marked = await markEventsRead(ctx.db, authOf(request).user.id, request.body.ids, ctx.now());
        return ok({ marked });
      },
    );
  };
}
