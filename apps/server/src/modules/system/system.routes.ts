/** Server time, health and dictionaries: calls with no business state. */
import { dictionariesQuery } from '@etp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { fail, ok } from '../../http/envelope.ts';
import { DICTIONARIES } from './dictionaries.data.ts';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/time', { config: { rateLimit: false } }, async () => {
      const now = ctx.now();
      return ok({ time: now.toISOString(), unix_ms: now.getTime() });
    });

    app.get('/health', { config: { rateLimit: false } }, async (_request, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return ok({ database: ctx.database.kind, status: 'up' });
      } catch {
        return reply.code(503).send(fail('База данных недоступна', 'internal'));
      }
    });

    app.get('/api/v1/dictionaries', { schema: { querystring: dictionariesQuery } }, async (request) =>
      ok(Object.fromEntries(request.query.keys.map((key) => [key, DICTIONARIES[key]]))),
    );
  };
}
