/**
 * Maps every failure to the envelope with a meaningful HTTP status: validation (422), bad JSON (400),
 * auth (401/403), payload too large (413), rate limit (429), the database away for a moment (503 with Retry-After,
 * logged once per episode), a full or read-only disk (507, said in Russian), anything else (500).
 */
import { type FieldErrors, ID_MESSAGE } from '@etp/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Episode, isDatabaseUnavailable } from '../db/availability.ts';
import { fail } from './envelope.ts';
import { AppError, MESSAGES } from './errors.ts';
import type { OfflineReads } from './offlineReads.ts';
import { isOutOfSpace, outOfSpace } from './outOfSpace.ts';

function fieldName(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  if (path) return path;
  if (Array.isArray(missing) && missing.length > 0) return missing.join('.');
  return 'base';
}

/** PostgreSQL's "numeric value out of range" (integer overflow of a parameter). */
const NUMBER_OUT_OF_RANGE = '22003';

/** The SQLSTATE of a database error, whether the driver threw it or Drizzle wrapped it. */
function databaseCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
/** Seconds a client is asked to wait before retrying a call the database could not serve. */
export const RETRY_AFTER_SECONDS = 2;

export function registerErrorHandling(app: FastifyInstance, offline?: OfflineReads): void {
  // One "unavailable" line when 503s start, one "available again" when none came for ten seconds.
  const database = new Episode(app.log, 'database');
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(fail(error.message, error.code, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath, issue.params);
        const list = errors[key] ?? [];
        list.push(issue.message ?? MESSAGES.validation);
        errors[key] = list;
      }
      return reply.code(422).send(fail(MESSAGES.validation, 'validation_failed', errors));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(fail(MESSAGES.badJson, 'bad_request'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(fail(MESSAGES.unsupportedMediaType, 'bad_request'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(fail(MESSAGES.tooLarge, 'too_large'));
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.code(413).send(fail(MESSAGES.fileTooLarge, 'too_large'));
    }
    if (databaseCode(error) === NUMBER_OUT_OF_RANGE) {
      // A number the database's column cannot hold (an id past 2^31 − 1 that slipped past the schemas): the
      // caller's mistake, not the server's; the statement (it may hold personal data) is not logged.
      request.log.warn({ route: request.routeOptions.url }, 'number out of the database range');
      return reply.code(422).send(fail(ID_MESSAGE, 'validation_failed'));
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(fail(MESSAGES.rateLimited, 'rate_limited'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(fail(MESSAGES.validation, 'bad_request'));
    }
    if (isDatabaseUnavailable(error)) {
      database.failed(error);
      // A signed-in read this session was answered before: the same answer, its lots as the live layer knows them.
      const remembered = await offline?.answer(request).catch(() => null);
      if (remembered)
        return reply.code(200).header('age', String(remembered.ageSeconds)).send(remembered.body);
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(fail(MESSAGES.unavailable, 'unavailable'));
    }
    if (isOutOfSpace(error)) {
      // Logged without the request's data: the path of the file that could not be written is enough.
      request.log.error({ code: (error as { code?: string }).code }, 'disk full or read-only');
      const answer = outOfSpace();
      return reply.code(answer.statusCode).send(fail(answer.message, answer.code, answer.errors));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(MESSAGES.internal, 'internal'));
  });
}
