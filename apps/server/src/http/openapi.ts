/**
 * The open API (issue 18 part 5, docs/decisions/0126): an OpenAPI 3.1 document made from the routes' own zod
 * schemas (request: params, query, body) and, for the calls a buyer's systems use, the reply contracts of
 * `packages/contracts` in the envelope. Served at /api/docs/openapi.json, with Swagger UI at /api/docs.
 * Registered before the routes, so every route is seen.
 */

import {
  authResultSchema,
  briefcaseCardSchema,
  briefcaseCountsSchema,
  briefcaseDocumentsSchema,
  briefcaseListSchema,
  briefcaseStatsSchema,
  downloadLinkSchema,
  envelopeSchema,
  eventsPageSchema,
  lotAttributesSchema,
  profileSchema,
  SPEC_DOWNLOADS,
  userSchema,
} from '@etp/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Replies documented from the contracts, by route; other calls are documented as the envelope. */
const REPLIES: Record<string, z.ZodType> = {
  'POST /api/v2/auth/authorize_by_email': authResultSchema,
  'POST /api/v2/auth/authorize': authResultSchema,
  'GET /api/v1/user': userSchema,
  'GET /api/v1/profile': profileSchema,
  'GET /api/v1/briefcases': briefcaseListSchema,
  'GET /api/v1/briefcases/counts': briefcaseCountsSchema,
  'GET /api/v1/briefcases/:id': briefcaseCardSchema,
  'GET /api/v1/briefcases/:id/documents': briefcaseDocumentsSchema,
  'GET /api/v1/lots': z.object({
    lots: z.array(z.object({ id: z.number().int(), attributes: lotAttributesSchema })),
    total_pages: z.number().int(),
  }),
  'GET /api/v1/lots/:id': z.object({ id: z.number().int(), attributes: lotAttributesSchema }),
  'GET /api/v1/charts/briefcases/:id/stats': briefcaseStatsSchema,
  'GET /api/v1/events': eventsPageSchema,
  'POST /api/v1/briefcases/:id/download_link': downloadLinkSchema,
};

/** The GET links that answer a file rather than JSON. */
const FILES: Record<string, string> = {
  'GET /api/v1/briefcases/:id/zip_documents': 'application/zip',
  'GET /api/v1/briefcases/:id/main_report': 'application/pdf',
  'GET /api/v1/briefcases/:id/protocol': 'application/pdf',
  'GET /api/v1/briefcases/:id/documents/:documentId': 'application/octet-stream',
  'GET /api/v1/briefcases/:id/report': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'GET /api/v1/briefcases/:id/lots_report':
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'GET /api/v1/briefcases/:id/downloads_info':
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'GET /api/v1/briefcases/:id/companies_info': 'text/csv',
};
// The same files at the spec's own paths (spec 2 §7; decisions/0250): Bearer token or a signed link.
for (const what of SPEC_DOWNLOADS) {
  FILES[`GET /briefcases/:id/${what}`] = FILES[`GET /api/v1/briefcases/:id/${what}`]!;
}

const anyEnvelope = envelopeSchema(z.unknown());

/** The built web app's routes (app.ts registerWebApp): pages, not calls. */
const WEB_APP_ROUTES = new Set(['/', '/*']);

type JsonSchema = { anyOf?: JsonSchema[]; type?: unknown; [key: string]: unknown };

/**
 * A query parameter that takes one value or several (`keys=a` or `keys[]=a&keys[]=b`, a zod union) is documented
 * as its array form: Swagger UI stops drawing the page at a parameter whose schema is an anyOf.
 */
function simpleQuery<T extends { schema: { querystring?: unknown } }>(result: T): T {
  const query = result.schema.querystring as { properties?: Record<string, JsonSchema> } | undefined;
  if (!query?.properties) return result;
  const properties = Object.fromEntries(
    Object.entries(query.properties).map(([name, property]) => {
      if (!property.anyOf) return [name, property];
      const chosen = property.anyOf.find((s) => s.type === 'array') ?? property.anyOf[0]!;
      const { anyOf: _anyOf, ...rest } = property;
      return [name, { ...rest, ...chosen }];
    }),
  );
  return { ...result, schema: { ...result.schema, querystring: { ...query, properties } } };
}

/** The first path segment after the version names the group ("briefcases", "lots", "auth"...); the rest is "system". */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  return (parts[0] === 'api' ? parts[2] : undefined) ?? 'system';
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ЭТП РД API',
        version,
        description:
          'Вызовы площадки. Каждый JSON-ответ — конверт {status, data, message, errors, code?}; деньги в копейках, время в ISO 8601. Вход: POST /api/v2/auth/authorize_by_email, затем заголовок Authorization: Bearer <jwt.token>.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route, ...document }) => {
      // The web app's pages and files (registered when it is built) are not calls.
      if (WEB_APP_ROUTES.has(url)) return { schema: { hide: true }, url };
      const method = [route.method].flat()[0] ?? 'GET';
      const key = `${method} ${url}`;
      const file = FILES[key];
      const reply = { 200: envelopeSchema(REPLIES[key] ?? z.unknown()), default: anyEnvelope };
      const documented = {
        ...schema,
        tags: [tagOf(url)],
        ...(file ? {} : { response: schema?.response ?? reply }),
      };
      const result = simpleQuery(
        jsonSchemaTransform({ schema: documented as never, url, route, ...document }),
      );
      if (!file) return result;
      // A file is not JSON: its answer is described by hand, after the zod schemas are turned into JSON Schema.
      const binary = {
        description: 'Файл',
        content: { [file]: { schema: { type: 'string', format: 'binary' } } },
      };
      return { ...result, schema: { ...result.schema, response: { 200: binary } } };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Groups start folded: some 150 operations drawn at once stall the page on a slow machine.
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
