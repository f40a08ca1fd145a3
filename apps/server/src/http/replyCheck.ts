/**
 * The contract checked on every reply (issue 30, decisions/0254): with CHECK_REPLIES on (the default under
 * NODE_ENV=test), each JSON reply is validated against the JSON Schema its operation declares for that status:
 * the success envelope with its `data` exactly (a field added, renamed or dropped is off-contract), or the error
 * envelope for a status the operation lists. An off-contract reply is replaced by a 500 naming what differs, so the
 * test that made the call fails. In production the hook is not registered: it costs nothing.
 */
import {
  errorEnvelopeSchema,
  errorStatusesOf,
  isEnvelopeReply,
  OPERATION_BY_ROUTE,
  type Operation,
  okEnvelopeSchema,
} from '@etp/contracts';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from './envelope.ts';

/** Statuses every call may answer besides its own: a malformed request, an internal error, a timeout. */
const ALWAYS = new Set([400, 408, 415, 500]);

export interface ReplyVerdict {
  ok: boolean;
  problems: string[];
}

export function createReplyChecker() {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  const compiled = new Map<string, ValidateFunction | null>();

  function validatorOf(routeKey: string, op: Operation, status: number): ValidateFunction | null {
    const key = `${routeKey} ${status < 400 ? 'ok' : 'error'}`;
    if (compiled.has(key)) return compiled.get(key)!;
    let schema: z.ZodType | null = null;
    if (status >= 400) schema = op.envelope?.error ?? errorEnvelopeSchema;
    else if (op.envelope?.ok) schema = op.envelope.ok;
    else if (isEnvelopeReply(op.reply)) schema = okEnvelopeSchema(op.reply);
    else if ('json' in op.reply) schema = op.reply.json;
    const validate = schema
      ? ajv.compile(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }))
      : null;
    compiled.set(key, validate);
    return validate;
  }

  /** The verdict on one reply of `METHOD /path/:param` with this status and JSON body. */
  return function check(routeKey: string, status: number, body: unknown): ReplyVerdict {
    const op = OPERATION_BY_ROUTE.get(routeKey)?.op;
    if (!op) return { ok: false, problems: [`${routeKey} has no operation in the contract`] };
    if (status >= 400 && !ALWAYS.has(status) && !errorStatusesOf(op).includes(status as never)) {
      return { ok: false, problems: [`${routeKey} does not declare the error reply ${status}`] };
    }
    const validate = validatorOf(routeKey, op, status);
    if (!validate)
      return { ok: false, problems: [`${routeKey} answered JSON where the contract declares none`] };
    if (validate(body)) return { ok: true, problems: [] };
    const problems = (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
    );
    return { ok: false, problems };
  };
}

/** Registers the check as the last onSend hook of every route. */
export function registerReplyCheck(app: FastifyInstance): void {
  const check = createReplyChecker();
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD' || url.startsWith('/api/docs')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const routeKey = `${request.method} ${url}`;
    const verdict = check(routeKey, reply.statusCode, body);
    if (verdict.ok) return payload;
    const message = `Ответ не по контракту: ${routeKey} ${reply.statusCode}: ${verdict.problems.slice(0, 8).join('; ')}`;
    request.log.error(
      { routeKey, status: reply.statusCode, problems: verdict.problems },
      'off-contract reply',
    );
    reply.code(500);
    return JSON.stringify(fail(message, 'internal'));
  });
}
