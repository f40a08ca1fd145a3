/**
 * The open API (issue 18 part 5, docs/decisions/0126): an OpenAPI 3.1 document made from the routes' own zod
 * schemas (request: params, query, body) and, for the calls a buyer's systems use, the reply contracts of
 * `packages/contracts` in the envelope. Served at /api/docs/openapi.json, with Swagger UI at /api/docs.
 * Registered before the routes, so every route is seen.
 */

import {
  type ErrorStatus,
  errorEnvelopeSchema,
  errorStatusesOf,
  isEnvelopeReply,
  OPERATION_BY_ROUTE,
  type Operation,
  okEnvelopeSchema,
} from '@etp/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What each error status means, in the document. */
const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Запрос не разобран (неверный JSON или файл)',
  401: 'Нужен вход: нет токена, он истёк или отозван',
  403: 'Нет прав на это действие',
  404: 'Не найдено',
  409: 'Конфликт с состоянием (процедура уже идёт, ставка устарела…)',
  413: 'Файл или запрос слишком велик',
  422: 'Поля не прошли проверку: errors по полям',
  429: 'Слишком много запросов',
  503: 'Сервис временно недоступен: повторите через Retry-After секунд',
};

/** The replies of an operation for the document: its success and each error it can give, in the envelope. */
function repliesOf(op: Operation): Record<string, unknown> {
  const errors = Object.fromEntries(
    errorStatusesOf(op).map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: op.envelope?.error ?? errorEnvelopeSchema } },
      },
    ]),
  );
  return { ...errors, default: errorEnvelopeSchema.describe('Внутренняя ошибка') };
}

const anyEnvelope = z.object({ status: z.enum(['ok', 'error']), data: z.unknown() });

/** The success reply of an operation for the document: the envelope with its data, a file, a redirect or a page. */
function successOf(op: Operation): Record<string, unknown> {
  const status = op.status ?? 200;
  const reply = op.reply;
  if (isEnvelopeReply(reply)) return { [status]: op.envelope?.ok ?? okEnvelopeSchema(reply) };
  if ('json' in reply) return { [status]: reply.json };
  if ('file' in reply) {
    return {
      [status]: {
        description: 'Файл',
        content: { [reply.file]: { schema: z.string().meta({ format: 'binary' }) } },
      },
    };
  }
  if ('html' in reply) {
    return { [status]: { description: 'Страница', content: { 'text/html': { schema: z.string() } } } };
  }
  return {};
}

/** Replies with no body to describe (a redirect, the WebSocket's upgrade): added after the schemas are converted. */
function bodilessOf(op: Operation | undefined): Record<string, { description: string }> {
  if (!op || isEnvelopeReply(op.reply)) return {};
  if ('websocket' in op.reply) return { 101: { description: 'Переход на WebSocket (docs/LIVE.md)' } };
  if ('redirect' in op.reply) return { [op.status ?? 302]: { description: 'Переадресация' } };
  return {};
}

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

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/**
 * One route in the document: its operation's id, summary, tag, success reply and error replies, the request
 * schemas converted from zod. Also used by a route that documents itself (the WebSocket, live.routes.ts).
 */
export function documentRoute({ schema, url, route, ...document }: TransformArgs) {
  // The web app's pages and files (registered when it is built) are not calls.
  if (WEB_APP_ROUTES.has(url)) return { schema: { hide: true }, url };
  const method = [route.method].flat()[0] ?? 'GET';
  // The spec's own spelling with a trailing slash (DELETE /api/v1/bids/) is served and checked, and documented once,
  // on its twin: paths in an OpenAPI document do not end with a slash.
  if (url.length > 1 && url.endsWith('/') && OPERATION_BY_ROUTE.has(`${method} ${url.slice(0, -1)}`)) {
    return { schema: { hide: true }, url };
  }
  const found = OPERATION_BY_ROUTE.get(`${method} ${url}`);
  const op = found?.op;
  const success = op ? successOf(op) : { 200: anyEnvelope };
  const documented = {
    ...schema,
    ...(found ? { operationId: found.id, summary: op!.summary } : {}),
    ...(OPERATION_BY_ROUTE.has(`${method} ${url}/`)
      ? { description: `Также по адресу ${url}/ (как в спецификации).` }
      : {}),
    ...(op?.public ? { security: [] } : {}),
    tags: [op?.tag ?? tagOf(url)],
    response: { ...success, ...(op ? repliesOf(op) : { default: anyEnvelope }) },
  };
  const result = simpleQuery(jsonSchemaTransform({ schema: documented as never, url, route, ...document }));
  const bodiless = bodilessOf(op);
  if (Object.keys(bodiless).length === 0) return result;
  const response = { ...(result.schema.response as object), ...bodiless };
  return { ...result, schema: { ...result.schema, response } };
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
      servers: [{ url: '/', description: 'Эта площадка (адрес, с которого открыт документ)' }],
    },
    transform: documentRoute,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Groups start folded: some 150 operations drawn at once stall the page on a slow machine.
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
