/**
 * What a request looks like in the logs: Fastify's usual fields, with the values of secret query parameters
 * (e-mailed tokens, OAuth codes) replaced, so that a link someone opened cannot be replayed from the logs.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = new Set(['reset_password_token', 'confirmation_token', 'code', 'state', 'token']);

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.has(key)) {
      params.set(key, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** Pino serializers for the application logger (main.ts). */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};
