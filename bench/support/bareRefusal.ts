/**
 * The crowd's reference (hot-lot, next_price): a bare Fastify server in this process with one route,
 * POST /api/v1/bids, that refuses every bid as our server refuses a stale one: the same status, the same body
 * bytes and the same headers, copied from a real refusal of our server in the same run. Fastify parses the JSON
 * body and the route checks that an Authorization header is there; nothing else (no token verified, no rate limit,
 * no lot): what answering a request costs here with Fastify itself.
 */
import Fastify from 'fastify';

interface Refusal {
  status: number;
  body: string;
  /** The reply's headers but the per-connection and per-reply ones (date, connection, keep-alive, length). */
  headers: Record<string, string>;
}

const PER_REPLY = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One stale refusal of our server: a bid at the lot's current price (below its next price), confirmed. */
export async function captureRefusal(
  url: string,
  token: string,
  bid: { lot_id: number; amount: number },
): Promise<Refusal> {
  const response = await fetch(`${url}/api/v1/bids`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...bid, confirm: true }),
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_REPLY.has(name)) headers[name] = value;
  });
  return { status: response.status, body: await response.text(), headers };
}

export async function startBareRefusal(refusal: Refusal): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  const body = Buffer.from(refusal.body);
  app.post('/api/v1/bids', (request, reply) => {
    if (!request.headers.authorization) return reply.code(401).send();
    return reply.code(refusal.status).headers(refusal.headers).send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
