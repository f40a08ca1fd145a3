/**
 * Signed-in reads answered from memory while the database is away (issue 22, decision 0150).
 *
 * Each answer of the procedure and lot reads below is remembered as it was sent, per session and address: it is the
 * answer the access rules gave this very session (sealed offers, the seller's view, hidden procedures all decided
 * then). While the database is away, the same session asking the same address gets that answer again, with the
 * lots in it brought up to the newest live update this node heard for them (the same fields, for the same audience,
 * that the client merges from LotsStream). Nothing is served to another session, past MAX_AGE_MS, past the access
 * token's expiry, or after a change of the session's rights was announced (sign-out, removal, loss of
 * accreditation, a procedure's rules: decision 0067), which forgets the session's answers on every node.
 */
import type { LotAttributes, LotLivePayload } from '@etp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenService } from '../modules/auth/session/tokens.ts';
import { concerns, readAccessChange } from '../realtime/access.ts';
import type { Bus, BusEvent } from '../realtime/bus.ts';

/** GET routes whose answers are remembered (the feed, a procedure's card, its lots, one lot). */
const OFFLINE_READ_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/briefcases',
  '/api/v1/briefcases/counts',
  '/api/v1/briefcases/:id',
  '/api/v1/briefcases/:id/lots_info',
  '/api/v1/lots',
  '/api/v1/lots/:id',
]);

/** How old a remembered answer may be to stand in for the database (as the public schedule: decision 0095). */
const MAX_AGE_MS = 10 * 60_000;
/** The remembered answers' text, in all (oldest forgotten first). */
const MAX_BYTES = 64 << 20;
/** Lots whose newest live update is kept. */
const MAX_LIVE_LOTS = 50_000;

interface Remembered {
  body: string;
  at: number;
  sessionId: string;
  userId: number;
  companyIds: number[];
  /** The procedures the answer shows (a change of their rules forgets it). */
  briefcaseIds: number[];
}

interface LiveLot {
  participants?: LotLivePayload;
  masters?: LotLivePayload;
}

const keyOf = (sessionId: string, userId: number, url: string) => `${sessionId}\n${userId}\n${url}`;

/** Procedure ids an answer names: its address's, and those of the lots or procedures it lists. */
function briefcaseIdsOf(request: FastifyRequest, body: string): number[] {
  const ids = new Set<number>();
  const params = request.params as { id?: number | string } | undefined;
  const query = request.query as { briefcase_id?: number | string } | undefined;
  const route = request.routeOptions.url ?? '';
  if (route.startsWith('/api/v1/briefcases/:id') && params?.id !== undefined) ids.add(Number(params.id));
  if (query?.briefcase_id !== undefined) ids.add(Number(query.briefcase_id));
  for (const match of body.matchAll(/"briefcase_id":(\d+)/g)) ids.add(Number(match[1]));
  if (route === '/api/v1/briefcases')
    for (const match of body.matchAll(/\{"id":(\d+)/g)) ids.add(Number(match[1]));
  return [...ids];
}

export class OfflineReads {
  private readonly answers = new Map<string, Remembered>();
  private readonly live = new Map<number, LiveLot>();
  private bytes = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: { bus: Bus; tokens: TokenService; now: () => Date; maxAgeMs?: number }) {
    this.unsubscribe = deps.bus.subscribe((event) => this.hear(event));
  }

  close(): void {
    this.unsubscribe();
    this.answers.clear();
    this.live.clear();
  }

  /** Remembers an answer sent to a signed-in session (called for OFFLINE_READ_ROUTES with status 200). */
  remember(request: FastifyRequest, body: string): void {
    const auth = request.auth;
    if (!auth) return;
    const key = keyOf(auth.sessionId, auth.user.id, request.url);
    this.drop(key);
    while (this.bytes + body.length > MAX_BYTES && this.answers.size > 0) {
      this.drop(this.answers.keys().next().value as string);
    }
    this.answers.set(key, {
      body,
      at: Date.now(),
      sessionId: auth.sessionId,
      userId: auth.user.id,
      companyIds: auth.memberships.map((m) => m.company.id),
      briefcaseIds: briefcaseIdsOf(request, body),
    });
    this.bytes += body.length;
  }

  /**
   * The remembered answer for this request's session and address, its lots brought up to the live layer's newest
   * updates, or null (not a remembered route, no valid token, nothing remembered, too old).
   */
  async answer(request: FastifyRequest): Promise<{ body: unknown; ageSeconds: number } | null> {
    if (request.method !== 'GET' || !OFFLINE_READ_ROUTES.has(request.routeOptions.url ?? '')) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const claims = await this.deps.tokens.verifyAccess(match[1], this.deps.now());
    if (!claims || claims === 'expired') return null;
    const key = keyOf(claims.sessionId, claims.userId, request.url);
    const remembered = this.answers.get(key);
    if (!remembered) return null;
    const age = Date.now() - remembered.at;
    if (age > (this.deps.maxAgeMs ?? MAX_AGE_MS)) {
      this.drop(key);
      return null;
    }
    const body = JSON.parse(remembered.body) as { data?: unknown };
    this.bringUpToDate(body.data);
    return { body, ageSeconds: Math.floor(age / 1000) };
  }

  private drop(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.answers.delete(key);
  }

  private hear(event: BusEvent): void {
    const change = readAccessChange(event);
    if (change) {
      for (const [key, r] of this.answers) {
        const who = {
          sessionId: r.sessionId,
          userId: r.userId,
          companyIds: r.companyIds,
          briefcaseIds: r.briefcaseIds,
        };
        if (concerns(change, who)) this.drop(key);
      }
      return;
    }
    const { message, audience } = event;
    if (message.channel !== 'LotsStream' || message.action !== 'lot_update') return;
    if (audience.kind !== 'participants' && audience.kind !== 'masters') return;
    const { payload } = message;
    if (typeof payload?.id !== 'number') return;
    let lot = this.live.get(payload.id);
    if (!lot) {
      if (this.live.size >= MAX_LIVE_LOTS) this.live.clear();
      lot = {};
      this.live.set(payload.id, lot);
    }
    const known = lot[audience.kind];
    if (!known || known.version < payload.version) lot[audience.kind] = payload;
  }

  /** Lots of a remembered answer (a page's `lots`, or one lot) take the newest live update of their audience. */
  private bringUpToDate(data: unknown): void {
    if (!data || typeof data !== 'object') return;
    const items = Array.isArray((data as { lots?: unknown }).lots)
      ? (data as { lots: unknown[] }).lots
      : [data];
    for (const item of items) {
      const attributes = (item as { attributes?: Partial<LotAttributes> } | null)?.attributes;
      if (!attributes || typeof attributes.version !== 'number' || typeof attributes.my_tag === 'undefined')
        continue;
      const lot = this.live.get(Number(attributes.id));
      const update = attributes.is_owner ? lot?.masters : lot?.participants;
      if (!update || update.version <= attributes.version) continue;
      const target = attributes as Record<string, unknown>;
      for (const [field, value] of Object.entries(update)) if (field in target) target[field] = value;
      const mine = attributes.my_tag ?? null;
      attributes.is_current_bidder = mine !== null && update.leader_tag === mine;
      attributes.is_winner = mine !== null && update.winner_tag === mine;
    }
  }
}

/** Remembers the answers of OFFLINE_READ_ROUTES as they are sent. */
export function registerOfflineReads(app: FastifyInstance, reads: OfflineReads): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      request.auth &&
      // An answer from memory is not remembered again (its age would start over).
      !reply.hasHeader('age') &&
      typeof payload === 'string' &&
      OFFLINE_READ_ROUTES.has(request.routeOptions.url ?? '')
    ) {
      reads.remember(request, payload);
    }
    return payload;
  });
  app.addHook('onClose', async () => reads.close());
}
