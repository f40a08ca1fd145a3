/**
 * GET /dev/outbox (a page) and GET /dev/outbox.json?recipient= (for tests and scripts): what the platform has
 * "sent", so a newcomer can read the SMS code or follow the e-mailed link. Registered only on a demo server that
 * listens on a loopback address (outboxOpen), and answered only to a request whose socket comes from this
 * machine and carries no forwarding header (a proxy on this machine may forward anyone): a forwarded address is
 * never believed here, even with TRUST_PROXY.
 */
import { outboxQuery } from '@etp/contracts';
import { normalizeEmail, normalizePhone } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../appContext.ts';
import { isLoopbackAddress } from '../http/clientAddress.ts';
import { fail, ok } from '../http/envelope.ts';
import { MESSAGES } from '../http/errors.ts';
import { renderOutboxPage } from './devOutbox.page.ts';
import { listOutbox } from './outbox.queries.ts';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** '+7 916 123-45-67' finds the SMS sent to 79161234567; an address is matched as typed and lower-cased. */
function recipientsOf(recipient: string | undefined): string[] | undefined {
  if (!recipient) return undefined;
  const phone = normalizePhone(recipient);
  return [...new Set([recipient, normalizeEmail(recipient), ...(phone ? [phone] : [])])];
}

export function devOutboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      // A forwarded request came through a proxy, even one on this machine: its client may be anyone.
      const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
      if (forwarded || !isLoopbackAddress(request.socket.remoteAddress)) {
        return reply.code(404).send(fail(MESSAGES.routeNotFound, 'not_found'));
      }
    });

    app.get('/dev/outbox', { schema: { querystring: outboxQuery } }, async (request, reply) => {
      const { recipient, limit } = request.query;
      const messages = await listOutbox(ctx.db, { recipients: recipientsOf(recipient), limit });
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages, recipient ?? ''));
    });

    app.get('/dev/outbox.json', { schema: { querystring: outboxQuery } }, async (request) => {
      const { recipient, limit } = request.query;
      const messages = await listOutbox(ctx.db, { recipients: recipientsOf(recipient), limit });
      return ok(
        messages.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          created_at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
          error: m.error,
        })),
      );
    });
  };
}
