/** Server time, health and dictionaries: calls with no business state. */
import { dictionariesQuery, REGISTRY_ATTRIBUTES_KEY, type RegistryAttributeItem } from '@etp/contracts';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { fail, ok } from '../../http/envelope.ts';
import { RETRY_AFTER_SECONDS } from '../../http/errorHandler.ts';
import { DICTIONARIES } from './catalog/dictionaries.ts';
import { pingDatabase } from './system.queries.ts';

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

/** The longest /health waits for the database. */
const HEALTH_TIMEOUT_MS = 2_000;

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/time', { config: { rateLimit: false } }, async () => {
      const now = ctx.now();
      // Whether main.ts runs the demo simulator (config.demoSimulation): the web app shows administrators a banner.
      return ok({
        time: now.toISOString(),
        unix_ms: now.getTime(),
        demo_simulation: ctx.config.demoSimulation,
      });
    });

    app.get('/health', { config: { rateLimit: false } }, async (_request, reply) => {
      try {
        // A database that does not answer within HEALTH_TIMEOUT_MS counts as down (a load balancer waits no longer).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          pingDatabase(ctx.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        return ok({ database: ctx.database.kind, status: 'up' });
      } catch {
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send(fail('База данных недоступна', 'unavailable'));
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
