/**
 * The node's live hub: keeps each socket's identity and subscriptions, authorises every subscription, and hands
 * bus events (in lot-version order, sequencer.ts) to the channel's delivery (delivery.ts: ticks, one frame per
 * socket per tick, conflation under load, slow clients).
 *
 * Authorisation is checked for every subscription; a decision is remembered for authorizeTtlMs per user, session,
 * current company, channel and procedure, so thousands of sockets of one user (or a reconnect storm) cost one
 * check, and concurrent identical checks share one query.
 */
import { type LiveChannel, type LiveCommand, type LiveReply, liveCommandSchema } from '@etp/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards.ts';
import type { Bus, BusEvent } from './bus.ts';
import { ChannelDelivery, DELIVERY_TUNING, type DeliveryTuning, type LiveClient } from './delivery.ts';
import { LotUpdateSequencer } from './sequencer.ts';

export { DELIVERY_TUNING, type DeliveryTuning, type LiveClient } from './delivery.ts';

export type Authorization = { ok: true; master: boolean } | { ok: false; message: string };

/** How long an access decision for a subscription is reused (ms). */
export const AUTHORIZE_TTL_MS = 5000;

export interface HubDeps {
  bus: Bus;
  authenticate(token: string): Promise<AuthContext>;
  authorize(auth: AuthContext, channel: LiveChannel, briefcaseId: number | null): Promise<Authorization>;
  now(): number;
  /** Delivery thresholds (tests change them); DELIVERY_TUNING by default. */
  tuning?: Partial<DeliveryTuning>;
  /** How long a subscription's access decision is reused; AUTHORIZE_TTL_MS by default (0: never). */
  authorizeTtlMs?: number;
}

const keyOf = (channel: LiveChannel, briefcaseId: number | null) => `${channel}:${briefcaseId ?? ''}`;

interface Decision {
  until: number;
  decision: Promise<Authorization>;
}

export class LiveHub {
  private readonly channels = new Map<string, ChannelDelivery>();
  private readonly unsubscribeBus: () => void;
  private readonly sequencer = new LotUpdateSequencer((event) => this.deliver(event));
  private readonly tuning: DeliveryTuning;
  private readonly authorizeTtlMs: number;
  private readonly decisions = new Map<string, Decision>();

  constructor(private readonly deps: HubDeps) {
    this.tuning = { ...DELIVERY_TUNING, ...deps.tuning };
    this.authorizeTtlMs = deps.authorizeTtlMs ?? AUTHORIZE_TTL_MS;
    this.unsubscribeBus = deps.bus.subscribe((event) => this.sequencer.push(event));
  }

  /** Subscriptions held by this node (a socket counts once per channel). */
  get subscriptions(): number {
    let n = 0;
    for (const channel of this.channels.values()) n += channel.clients.size;
    return n;
  }

  attach(socket: WebSocket): LiveClient {
    const client: LiveClient = { socket, auth: null, masterOf: new Set(), keys: new Set() };
    socket.on('message', (raw) => {
      void this.onMessage(client, raw.toString());
    });
    socket.on('close', () => this.detach(client));
    return client;
  }

  /** Queues the event for the sockets subscribed to its channel. */
  deliver(event: BusEvent): void {
    const { message } = event;
    this.channels.get(keyOf(message.channel, message.briefcase_id))?.push(event);
  }

  close(): void {
    this.unsubscribeBus();
    this.sequencer.close();
    for (const channel of this.channels.values()) {
      channel.close();
      for (const client of channel.clients) client.socket.close(1001);
    }
    this.channels.clear();
    this.decisions.clear();
  }

  private reply(client: LiveClient, reply: LiveReply): void {
    client.socket.send(JSON.stringify(reply));
  }

  private detach(client: LiveClient): void {
    for (const key of client.keys) this.leave(client, key);
    client.keys.clear();
  }

  private leave(client: LiveClient, key: string): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    channel.remove(client);
    if (channel.clients.size > 0) return;
    channel.close();
    this.channels.delete(key);
  }

  private async onMessage(client: LiveClient, raw: string): Promise<void> {
    let command: LiveCommand;
    try {
      command = liveCommandSchema.parse(JSON.parse(raw));
    } catch {
      this.reply(client, {
        type: 'rejected',
        channel: null,
        briefcase_id: null,
        message: 'Неверная команда',
      });
      return;
    }
    switch (command.command) {
      case 'ping':
        return this.reply(client, { type: 'pong', t: this.deps.now() });
      case 'authenticate':
        try {
          client.auth = await this.deps.authenticate(command.token);
          return this.reply(client, { type: 'authenticated', user_id: client.auth.user.id });
        } catch {
          this.reply(client, {
            type: 'rejected',
            channel: null,
            briefcase_id: null,
            message: 'Требуется вход в систему',
          });
          client.socket.close(4401);
          return;
        }
      case 'subscribe':
        return this.subscribe(client, command.channel, command.briefcase_id ?? null);
      case 'unsubscribe': {
        const key = keyOf(command.channel, command.briefcase_id ?? null);
        this.leave(client, key);
        client.keys.delete(key);
        return this.reply(client, {
          type: 'unsubscribed',
          channel: command.channel,
          briefcase_id: command.briefcase_id ?? null,
        });
      }
    }
  }

  private async subscribe(
    client: LiveClient,
    channel: LiveChannel,
    briefcaseId: number | null,
  ): Promise<void> {
    if (!client.auth) {
      this.reply(client, {
        type: 'rejected',
        channel,
        briefcase_id: briefcaseId,
        message: 'Требуется вход в систему',
      });
      return;
    }
    const decision = await this.authorize(client.auth, channel, briefcaseId);
    if (!decision.ok) {
      this.reply(client, { type: 'rejected', channel, briefcase_id: briefcaseId, message: decision.message });
      return;
    }
    if (decision.master && briefcaseId !== null) client.masterOf.add(briefcaseId);
    const key = keyOf(channel, briefcaseId);
    let joined = this.channels.get(key);
    if (!joined) {
      joined = new ChannelDelivery(channel, briefcaseId, this.tuning);
      this.channels.set(key, joined);
    }
    joined.clients.add(client);
    client.keys.add(key);
    this.reply(client, { type: 'subscribed', channel, briefcase_id: briefcaseId });
  }

  /** The access decision for a subscription, reused for authorizeTtlMs; a failed check is not remembered. */
  private authorize(
    auth: AuthContext,
    channel: LiveChannel,
    briefcaseId: number | null,
  ): Promise<Authorization> {
    if (this.authorizeTtlMs <= 0) return this.deps.authorize(auth, channel, briefcaseId);
    const now = performance.now();
    const key = `${auth.user.id}|${auth.sessionId}|${auth.company?.id ?? ''}|${channel}|${briefcaseId ?? ''}`;
    const known = this.decisions.get(key);
    if (known && known.until > now) return known.decision;
    if (this.decisions.size > 10_000) {
      for (const [k, d] of this.decisions) if (d.until <= now) this.decisions.delete(k);
    }
    const decision = this.deps.authorize(auth, channel, briefcaseId);
    this.decisions.set(key, { until: now + this.authorizeTtlMs, decision });
    decision.catch(() => this.decisions.delete(key));
    return decision;
  }
}
