/**
 * Access that ends (decision 0067), on this node: when a write takes rights away, the sockets of the users concerned
 * are held at once (sent nothing, their backlog kept) and their rights decided again, one by one in each socket's
 * command order. Then a socket gets its backlog filtered by its new rights, or loses the subscriptions it may no
 * longer hold, or is closed (4401) when its session is gone; one whose rights cannot be decided in time is closed
 * (1013). The hub (hub.ts) forgets its memos and hands each change here.
 */
import type { LiveChannel, LiveReply } from '@etp/contracts';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import { type AccessChange, concerns } from './access.ts';
import { parseKey } from './channelKeys.ts';
import type { ChannelDelivery } from './delivery.ts';
import type { Authorization } from './hub.ts';
import type { LiveClient } from './liveClient.ts';
import { SharedChecks } from './memo.ts';

/** A socket whose rights cannot be decided again within this time is closed (1013: try again later). */
export const REAUTHORIZE_TIMEOUT_MS = 1500;

export const SIGN_IN_REQUIRED = 'Требуется вход в систему';
const OPEN = 1;

/** What the re-checks need of the hub: its clients and channels, the client's queue, and the uncached checks. */
export interface RecheckHost {
  readonly clients: Iterable<LiveClient>;
  channel(key: string): ChannelDelivery | undefined;
  /** Runs the task after the client's earlier commands and checks. */
  enqueue(client: LiveClient, task: () => Promise<void>): void;
  /** Takes the client out of one channel. */
  leave(client: LiveClient, key: string): void;
  reply(client: LiveClient, reply: LiveReply): void;
  /** Tells the client it must sign in again and closes its socket. */
  refuse(client: LiveClient): void;
  detach(client: LiveClient): void;
  authenticate(token: string): Promise<AuthContext>;
  authorize(auth: AuthContext, channel: LiveChannel, briefcaseId: number | null): Promise<Authorization>;
}

export class AccessRechecks {
  /** Re-authorisations queued per client: the client is released when the last one is done. */
  private readonly pendingChecks = new Map<LiveClient, number>();
  /** Since when (performance.now()) each held client has been held without a break. */
  private readonly heldSince = new Map<LiveClient, number>();

  constructor(private readonly hub: RecheckHost) {}

  /**
   * Someone's rights changed: hold the sockets concerned at once (nothing reaches them from now on) and decide their
   * rights again in their command order.
   */
  onAccessChange(change: AccessChange): void {
    const shared = new SharedChecks();
    const at = performance.now();
    const concerned: LiveClient[] = [];
    for (const client of this.hub.clients) {
      const auth = client.auth;
      if (!auth) continue;
      const who = {
        sessionId: auth.sessionId,
        userId: auth.user.id,
        companyIds: auth.memberships.map((m) => m.company.id),
        briefcaseIds: change.briefcases
          ? [...client.keys].map((key) => parseKey(key).briefcaseId).filter((id) => id !== null)
          : undefined,
      };
      if (!concerns(change, who)) continue;
      this.setHeld(client, true, at);
      concerned.push(client);
      this.pendingChecks.set(client, (this.pendingChecks.get(client) ?? 0) + 1);
      this.hub.enqueue(client, () => this.reauthorize(client, shared));
    }
    if (concerned.length === 0) return;
    // Rights not decided again in time (a slow database, a command ahead in the queue): the socket is closed
    // (1013, try again later) rather than left waiting. A socket released meanwhile and held again later is left.
    setTimeout(() => {
      for (const client of concerned) {
        const since = this.heldSince.get(client);
        if (since === undefined || since > at) continue;
        client.socket.close(1013);
        this.hub.detach(client);
      }
    }, REAUTHORIZE_TIMEOUT_MS).unref();
  }

  /** The client is gone: nothing more to decide for it. */
  forget(client: LiveClient): void {
    this.pendingChecks.delete(client);
    this.heldSince.delete(client);
  }

  clear(): void {
    this.pendingChecks.clear();
    this.heldSince.clear();
  }

  private setHeld(client: LiveClient, held: boolean, at = performance.now()): void {
    client.held = held;
    if (!held) this.heldSince.delete(client);
    else if (!this.heldSince.has(client)) this.heldSince.set(client, at);
    for (const key of client.keys) {
      const channel = this.hub.channel(key);
      if (held) channel?.hold(client);
      else channel?.release(client);
    }
  }

  /**
   * Verifies the socket's token and each of its subscriptions again, as a new socket would be: a closed session
   * closes the socket, a subscription no longer allowed is dropped (with its refusal), and the rights to the
   * seller's frames become the ones decided now. (onAccessChange closes a socket whose check is too slow.)
   */
  private async reauthorize(client: LiveClient, shared: SharedChecks): Promise<void> {
    const token = client.token;
    try {
      if (!token || client.socket.readyState !== OPEN) return;
      let auth: AuthContext;
      try {
        auth = await shared.get(`token|${token}`, () => this.hub.authenticate(token));
      } catch {
        this.hub.refuse(client);
        return;
      }
      const masterOf = new Set<number>();
      for (const key of [...client.keys]) {
        const { channel, briefcaseId } = parseKey(key);
        const decisionKey = `${auth.user.id}|${auth.sessionId}|${auth.company?.id ?? ''}|${key}`;
        const decision = await shared
          .get(decisionKey, () => this.hub.authorize(auth, channel, briefcaseId))
          .catch((): Authorization => ({ ok: false, message: SIGN_IN_REQUIRED }));
        if (!decision.ok) {
          this.hub.leave(client, key);
          client.keys.delete(key);
          this.hub.reply(client, {
            type: 'rejected',
            channel,
            briefcase_id: briefcaseId,
            message: decision.message,
          });
        } else if (decision.master && briefcaseId !== null) {
          masterOf.add(briefcaseId);
        }
      }
      client.auth = auth;
      client.masterOf = masterOf;
    } finally {
      // A later change queued its own check: the client stays held until that one is done too.
      const left = (this.pendingChecks.get(client) ?? 1) - 1;
      if (left > 0) this.pendingChecks.set(client, left);
      else {
        this.pendingChecks.delete(client);
        if (client.socket.readyState === OPEN) this.setHeld(client, false);
      }
    }
  }
}
