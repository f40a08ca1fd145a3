/** Server time, health and dictionaries: calls with no business state. */
import { dictionariesQuery, REGISTRY_ATTRIBUTES_KEY, type RegistryAttributeItem } from '@etp/contracts';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { fail, ok } from '../../http/envelope.ts';
import { DICTIONARIES } from './dictionaries.data.ts';

/** Column matching offers every registry attribute: value, text, required, analytics and the template's hint. */
function registryAttributesDictionary(): RegistryAttributeItem[] {
  return REGISTRY_ATTRIBUTES.map(({ value, text, required, analytics, hint }) => ({
    value,
    text,
    required,
    analytics,
    hint,
  }));
}

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
      ok(
        Object.fromEntries(
          request.query.keys.map((key) => [
            key,
            key === REGISTRY_ATTRIBUTES_KEY ? registryAttributesDictionary() : DICTIONARIES[key],
          ]),
        ),
      ),
    );
  };
}
