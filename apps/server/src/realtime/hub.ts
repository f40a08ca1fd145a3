/**
 * The node's live hub: keeps each socket's identity and subscriptions, authorises every subscription, and
 * delivers bus events to the sockets subscribed to their channel, filtered by audience. A message is
 * serialised once, whatever the number of sockets.
 */
import { type LiveChannel, type LiveCommand, type LiveReply, liveCommandSchema } from '@etp/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards.ts';
import type { Audience, Bus, BusEvent } from './bus.ts';
import { LotUpdateSequencer } from './sequencer.ts';

export interface LiveClient {
  socket: WebSocket;
  auth: AuthContext | null;
  /** Procedures whose seller (or administrator) this client is, learnt when subscribing. */
  masterOf: Set<number>;
  keys: Set<string>;
}

export type Authorization = { ok: true; master: boolean } | { ok: false; message: string };

export interface HubDeps {
  bus: Bus;
  authenticate(token: string): Promise<AuthContext>;
  authorize(auth: AuthContext, channel: LiveChannel, briefcaseId: number | null): Promise<Authorization>;
  now(): number;
}

const keyOf = (channel: LiveChannel, briefcaseId: number | null) => `${channel}:${briefcaseId ?? ''}`;

function reaches(client: LiveClient, audience: Audience, briefcaseId: number | null): boolean {
  const auth = client.auth;
  if (!auth) return false;
  switch (audience.kind) {
    case 'all':
      return true;
    case 'masters':
      return briefcaseId !== null && client.masterOf.has(briefcaseId);
    case 'participants':
      return briefcaseId === null || !client.masterOf.has(briefcaseId);
    case 'companies':
      return auth.company !== null && audience.ids.includes(auth.company.id);
    case 'users':
      return audience.ids.includes(auth.user.id);
  }
}

export class LiveHub {
  private readonly byKey = new Map<string, Set<LiveClient>>();
  private readonly unsubscribeBus: () => void;
  private readonly sequencer = new LotUpdateSequencer((event) => this.deliver(event));

  constructor(private readonly deps: HubDeps) {
    this.unsubscribeBus = deps.bus.subscribe((event) => this.sequencer.push(event));
  }

  /** Subscriptions held by this node (a socket counts once per channel). */
  get subscriptions(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
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

  deliver(event: BusEvent): void {
    const { message, audience } = event;
    const set = this.byKey.get(keyOf(message.channel, message.briefcase_id));
    if (!set || set.size === 0) return;
    const data = JSON.stringify(message);
    for (const client of set) {
      if (reaches(client, audience, message.briefcase_id)) client.socket.send(data);
    }
  }

  close(): void {
    this.unsubscribeBus();
    this.sequencer.close();
    for (const set of this.byKey.values()) for (const client of set) client.socket.close(1001);
    this.byKey.clear();
  }

  private reply(client: LiveClient, reply: LiveReply): void {
    client.socket.send(JSON.stringify(reply));
  }

  private detach(client: LiveClient): void {
    for (const key of client.keys) this.byKey.get(key)?.delete(client);
    client.keys.clear();
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
        this.byKey.get(key)?.delete(client);
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
    const decision = await this.deps.authorize(client.auth, channel, briefcaseId);
    if (!decision.ok) {
      this.reply(client, { type: 'rejected', channel, briefcase_id: briefcaseId, message: decision.message });
      return;
    }
    if (decision.master && briefcaseId !== null) client.masterOf.add(briefcaseId);
    const key = keyOf(channel, briefcaseId);
    let set = this.byKey.get(key);
    if (!set) {
      set = new Set();
      this.byKey.set(key, set);
    }
    set.add(client);
    client.keys.add(key);
    this.reply(client, { type: 'subscribed', channel, briefcase_id: briefcaseId });
  }
}
