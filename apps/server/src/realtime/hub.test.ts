import { EventEmitter } from 'node:events';
import { type LiveFrame, type LotLivePayload, liveMessage, unpackLiveFrame } from '@etp/contracts';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import { accessChangeEvent } from './access.ts';
import { REAUTHORIZE_TIMEOUT_MS } from './accessRechecks.ts';
import { type Audience, type BusEvent, InProcessBus } from './bus.ts';
import { type Authorization, type DeliveryTuning, type HubDeps, LiveHub } from './hub.ts';

/** Just enough of a ws socket: what the hub sends (frames written to its stream, or ws.send) is decoded. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  extensions = '';
  bufferedAmount = 0;
  readonly received: Record<string, unknown>[] = [];
  readonly frames: Record<string, unknown>[] = [];
  writes = 0;
  /** Every buffer written to the stream, as it was written. */
  readonly chunks: Buffer[] = [];
  readonly _socket = {
    write: (bytes: Buffer) => {
      this.writes++;
      this.chunks.push(bytes);
      for (let at = 0; at < bytes.length; ) {
        let length = bytes[at + 1]! & 0x7f;
        let header = 2;
        if (length === 126) {
          length = bytes.readUInt16BE(at + 2);
          header = 4;
        }
        this.take(bytes.subarray(at + header, at + header + length).toString());
        at += header + length;
      }
      return true;
    },
  };
  send(text: string) {
    this.take(text);
  }
  close() {
    this.readyState = 3;
  }
  private take(text: string) {
    const frame = JSON.parse(text) as Record<string, unknown>;
    this.frames.push(frame);
    if ('type' in frame) this.received.push(frame);
    else this.received.push(...(unpackLiveFrame(frame as unknown as LiveFrame) as never[]));
  }
  /** Lot updates received, as `lot:version`. */
  updates() {
    return this.received
      .filter((m) => m.action === 'lot_update')
      .map((m) => {
        const p = m.payload as { id: number; version: number };
        return `${p.id}:${p.version}`;
      });
  }
}

// The hub's timers and clock (setTimeout, setImmediate, performance.now) are vitest's fake ones: a test moves time
// on by as much as it means, and nothing waits for real.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
/** What is due now runs (the immediates queued, and what they queue). */
const turn = () => vi.advanceTimersByTimeAsync(0);
/** Long enough for the channel's rest after a round (a fraction of a millisecond here) and the next round. */
const settle = () => vi.advanceTimersByTimeAsync(5);
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** A dependency that answers `ms` later on the test's clock (a timer the test's sleep runs). */
const answerIn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const userAuth = (id: number) =>
  ({
    user: { id, role: 'user' },
    sessionId: `s${id}`,
    company: { id },
    memberships: [],
  }) as unknown as AuthContext;

interface SetUp {
  tuning?: Partial<DeliveryTuning>;
  sockets?: number;
  authorize?: (auth: AuthContext) => Promise<Authorization>;
  /** The user of the i-th socket. */
  userOf?: (i: number) => number;
  bus?: InProcessBus;
  snapshot?: HubDeps['snapshot'];
  /** The extensions ws negotiated in the opening handshake (before the hub gets the socket). */
  extensions?: string;
}

async function setUp({
  tuning = {},
  sockets = 1,
  authorize,
  userOf = () => 1,
  bus = new InProcessBus(),
  snapshot,
  extensions = '',
}: SetUp = {}) {
  const hub = new LiveHub({
    bus,
    snapshot,
    authenticate: async (token) => userAuth(Number(token)),
    authorize: authorize ?? (async () => ({ ok: true, master: false })),
    now: () => 0,
    tuning: { tickMs: 0, ...tuning },
  });
  const clients: FakeSocket[] = [];
  for (let i = 0; i < sockets; i++) {
    const socket = new FakeSocket();
    socket.extensions = extensions;
    hub.attach(socket as unknown as WebSocket);
    socket.emit('message', JSON.stringify({ command: 'authenticate', token: String(userOf(i)) }));
    await turn();
    socket.emit('message', JSON.stringify({ command: 'subscribe', channel: 'LotsStream', briefcase_id: 7 }));
    await turn();
    clients.push(socket);
  }
  const lot = (id: number, version: number, audience: Audience = { kind: 'participants' }) =>
    bus.publish({
      message: {
        channel: 'LotsStream',
        briefcase_id: 7,
        action: 'lot_update',
        payload: { id, version } as LotLivePayload,
        t: version,
      },
      audience,
    });
  return { hub, bus, clients, lot };
}

describe('live hub delivery', () => {
  it('delivers every update in order, the updates of one tick in one batch frame, while rounds are fast', async () => {
    const { hub, clients, lot } = await setUp();
    const [socket] = clients as [FakeSocket];
    const writesBefore = socket.writes;
    const framesBefore = socket.frames.length;
    await lot(1, 1);
    await lot(1, 2);
    await lot(2, 1);
    await lot(1, 3);
    await settle();
    expect(socket.updates()).toEqual(['1:1', '1:2', '2:1', '1:3']);
    expect(socket.writes - writesBefore).toBe(1);
    const [batch] = socket.frames.slice(framesBefore);
    expect(batch).toMatchObject({ channel: 'LotsStream', briefcase_id: 7, action: 'batch', t: 3 });
    expect((batch as { messages: unknown[] }).messages).toHaveLength(4);
    // A lone update goes unwrapped, in the spec's shape.
    await lot(2, 2);
    await settle();
    expect(socket.frames.at(-1)).toMatchObject({ action: 'lot_update', payload: { id: 2, version: 2 } });
    expect(hub.deliveryStats(true)).toMatchObject({ sweeps: 2, frames: 2 });
    expect(hub.deliveryStats()).toMatchObject({ sweeps: 0, frames: 0 });
    hub.close();
  });

  it('starts a channel round at most once per tick; what arrives meanwhile waits for the next', async () => {
    const { hub, clients, lot } = await setUp({ tuning: { tickMs: 60 } });
    const [socket] = clients as [FakeSocket];
    await lot(1, 1);
    await settle();
    expect(socket.updates()).toEqual(['1:1']);
    await lot(1, 2);
    await lot(2, 1);
    await sleep(20);
    expect(socket.updates()).toEqual(['1:1']);
    await sleep(70);
    expect(socket.updates()).toEqual(['1:1', '1:2', '2:1']);
    expect(socket.frames.at(-1)).toMatchObject({ action: 'batch' });
    hub.close();
  });

  it('conflates the updates of a lot that wait behind a slow round, keeping the newest and every other message', async () => {
    // Every round counts as slow.
    const { hub, bus, clients, lot } = await setUp({ tuning: { overloadedMs: -1 } });
    const [socket] = clients as [FakeSocket];
    await lot(1, 1);
    await settle();
    await lot(1, 2);
    await lot(1, 3);
    await bus.publish({
      message: liveMessage.autobid_maxed_out(7, { lot_id: 1, has_enabled_autobids: false }, 0),
      audience: { kind: 'all' },
    });
    await lot(2, 1);
    await lot(1, 4);
    await settle();
    expect(socket.updates()).toEqual(['1:1', '2:1', '1:4']);
    expect(socket.received.filter((m) => m.action === 'autobid_maxed_out')).toHaveLength(1);
    hub.close();
  });

  it('under any load, gives every socket the final version of every lot and never an older one after a newer', async () => {
    const lotIds = [1, 2, 3];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('update' as const), lot: fc.constantFrom(...lotIds) }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('slow' as const), socket: fc.integer({ min: 0, max: 2 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), fc.boolean(), async (steps, overloaded) => {
        const { hub, clients, lot } = await setUp({
          tuning: { overloadedMs: overloaded ? -1 : 1000, tickMs: 2, slowClientBytes: 100, catchUpMs: 1 },
          sockets: 3,
        });
        const versions = new Map(lotIds.map((id) => [id, 0]));
        for (const s of steps) {
          if (s.kind === 'update') {
            const version = versions.get(s.lot)! + 1;
            versions.set(s.lot, version);
            await lot(s.lot, version);
          } else if (s.kind === 'wait') {
            await sleep(s.ms);
          } else {
            const socket = clients[s.socket]!;
            socket.bufferedAmount = socket.bufferedAmount ? 0 : 1000;
          }
        }
        for (const socket of clients) socket.bufferedAmount = 0;
        await sleep(30);
        for (const socket of clients) {
          const seen = new Map<number, number>();
          for (const update of socket.updates()) {
            const [id, version] = update.split(':').map(Number) as [number, number];
            // Never older than what the socket already had (a catch-up may repeat the newest).
            expect(version).toBeGreaterThanOrEqual(seen.get(id) ?? 0);
            seen.set(id, version);
          }
          for (const [id, version] of versions) if (version > 0) expect(seen.get(id)).toBe(version);
          if (!overloaded && socket === clients[0] && !steps.some((s) => s.kind === 'slow')) {
            // While rounds are fast and sockets read, every version arrives, each once.
            for (const [id, version] of versions) {
              const got = socket.updates().filter((u) => u.startsWith(`${id}:`));
              expect(got).toEqual(Array.from({ length: version }, (_, k) => `${id}:${k + 1}`));
            }
          }
        }
        hub.close();
      }),
      { numRuns: 40 },
    );
  });

  it('holds lot updates back from a client that does not read, then sends it the latest of each lot', async () => {
    const { hub, clients, lot } = await setUp({
      tuning: { slowClientBytes: 100, catchUpMs: 5 },
      sockets: 2,
    });
    const [fast, slow] = clients as [FakeSocket, FakeSocket];
    slow.bufferedAmount = 1000;
    await lot(1, 1);
    await settle();
    await lot(1, 2);
    await lot(2, 1);
    await settle();
    expect(fast.updates()).toEqual(['1:1', '1:2', '2:1']);
    expect(slow.updates()).toEqual([]);
    slow.bufferedAmount = 0;
    await sleep(30);
    expect(slow.updates().sort()).toEqual(['1:2', '2:1']);
    await lot(1, 3);
    await settle();
    expect(slow.updates().slice(-1)).toEqual(['1:3']);
    hub.close();
  });

  it("sends the seller's and the participants' updates only to their own audience", async () => {
    const { hub, clients, lot } = await setUp({
      sockets: 2,
      userOf: (i) => i + 1,
      authorize: async (auth) => ({ ok: true, master: auth.user.id === 1 }),
    });
    const [seller, buyer] = clients as [FakeSocket, FakeSocket];
    await lot(1, 1, { kind: 'masters' });
    await lot(1, 1, { kind: 'participants' });
    await lot(2, 1, { kind: 'masters' });
    await lot(2, 1, { kind: 'participants' });
    await lot(3, 1, { kind: 'companies', ids: [2] });
    await settle();
    const kinds = (socket: FakeSocket) =>
      socket.received.filter((m) => m.action === 'lot_update').map((m) => (m.payload as { id: number }).id);
    expect(kinds(seller)).toEqual([1, 2]);
    expect(kinds(buyer)).toEqual([1, 2, 3]);
    expect(seller.writes).toBe(buyer.writes);
    hub.close();
  });

  it('frames a message for some companies once for the sockets it reaches and once for all the others', async () => {
    // Each user is of the company with its number (userAuth): two sockets of company 1, one of 2, two of 3.
    const { hub, bus, clients, lot } = await setUp({ sockets: 5, userOf: (i) => [1, 1, 2, 3, 3][i]! });
    const chunksBefore = clients.map((c) => c.chunks.length);
    await lot(1, 1);
    await bus.publish({
      message: liveMessage.autobid_maxed_out(7, { lot_id: 1, has_enabled_autobids: false }, 1),
      audience: { kind: 'companies', ids: [1] },
    });
    await lot(1, 2);
    await settle();
    const sent = clients.map((c, i) => c.chunks.slice(chunksBefore[i]));
    for (const chunks of sent) expect(chunks).toHaveLength(1);
    const [a1, a2, b, c1, c2] = sent.map((chunks) => chunks[0]!);
    // The same bytes, framed once, are written to every socket of one audience.
    expect(a2).toBe(a1);
    expect(b).toBe(c1);
    expect(c2).toBe(c1);
    expect(b).not.toBe(a1);
    // The company's message reaches its sockets only; everyone gets both updates.
    const maxedOut = (socket: FakeSocket) => socket.received.filter((m) => m.action === 'autobid_maxed_out');
    expect(clients.map((c) => maxedOut(c).length)).toEqual([1, 1, 0, 0, 0]);
    for (const socket of clients) expect(socket.updates().slice(-2)).toEqual(['1:1', '1:2']);
    hub.close();
  });

  it('sends the frame with ws.send when the socket has an extension (frames cannot be shared)', async () => {
    const { hub, clients, lot } = await setUp({ extensions: 'permessage-deflate' });
    const [socket] = clients as [FakeSocket];
    const writesBefore = socket.writes;
    await lot(1, 1);
    await lot(1, 2);
    await settle();
    expect(socket.updates()).toEqual(['1:1', '1:2']);
    expect(socket.writes).toBe(writesBefore);
    hub.close();
  });
});

describe('live hub subscriptions', () => {
  it("handles a socket's commands in the order sent: a subscription sent right after authenticating is accepted", async () => {
    const bus = new InProcessBus();
    const hub = new LiveHub({
      bus,
      authenticate: async (token) => {
        await answerIn(5);
        return userAuth(Number(token));
      },
      authorize: async () => ({ ok: true, master: false }),
      now: () => 0,
    });
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket);
    socket.emit('message', JSON.stringify({ command: 'authenticate', token: '1' }));
    socket.emit('message', JSON.stringify({ command: 'subscribe', channel: 'LotsStream', briefcase_id: 7 }));
    await sleep(20);
    expect(socket.received).toEqual([
      { type: 'authenticated', user_id: 1 },
      { type: 'subscribed', channel: 'LotsStream', briefcase_id: 7 },
    ]);
    expect(hub.subscriptions).toBe(1);
    hub.close();
  });

  it('checks access once per user, session, channel and procedure for a while, and refuses what is refused', async () => {
    const calls: number[] = [];
    const { hub, clients } = await setUp({
      sockets: 6,
      userOf: (i) => (i < 4 ? 1 : 2),
      authorize: async (auth) => {
        calls.push(auth.user.id);
        return auth.user.id === 1 ? { ok: true, master: false } : { ok: false, message: 'Нет доступа' };
      },
    });
    expect(calls.sort()).toEqual([1, 2]);
    const replies = clients.map((s) => s.received.find((m) => m.type !== 'authenticated'));
    expect(replies.slice(0, 4).every((r) => r?.type === 'subscribed')).toBe(true);
    expect(replies.slice(4)).toEqual([
      { type: 'rejected', channel: 'LotsStream', briefcase_id: 7, message: 'Нет доступа' },
      { type: 'rejected', channel: 'LotsStream', briefcase_id: 7, message: 'Нет доступа' },
    ]);
    expect(hub.subscriptions).toBe(4);
    hub.close();
  });

  it('checks access again once the remembered decision has expired', async () => {
    let allowed = true;
    const bus = new InProcessBus();
    const hub = new LiveHub({
      bus,
      authenticate: async () => userAuth(1),
      authorize: async () => (allowed ? { ok: true, master: false } : { ok: false, message: 'Нет доступа' }),
      now: () => 0,
      authorizeTtlMs: 20,
    });
    const subscribe = async () => {
      const socket = new FakeSocket();
      hub.attach(socket as unknown as WebSocket);
      socket.emit('message', JSON.stringify({ command: 'authenticate', token: '1' }));
      await settle();
      socket.emit(
        'message',
        JSON.stringify({ command: 'subscribe', channel: 'LotsStream', briefcase_id: 7 }),
      );
      await settle();
      return socket.received.at(-1)?.type;
    };
    expect(await subscribe()).toBe('subscribed');
    allowed = false;
    await sleep(30);
    expect(await subscribe()).toBe('rejected');
    hub.close();
  });

  it('verifies a token once for a while, never past its expiry, and does not remember a refusal', async () => {
    const token = (expSeconds: number) =>
      `h.${Buffer.from(JSON.stringify({ exp: expSeconds })).toString('base64url')}.s`;
    const verified: string[] = [];
    let refuse = true;
    const bus = new InProcessBus();
    const hub = new LiveHub({
      bus,
      authenticate: async (t) => {
        verified.push(t);
        if (refuse && t.endsWith('bad')) throw new Error('refused');
        return userAuth(1);
      },
      authorize: async () => ({ ok: true, master: false }),
      now: () => 1_000_000,
    });
    const authenticate = async (t: string) => {
      const socket = new FakeSocket();
      hub.attach(socket as unknown as WebSocket);
      socket.emit('message', JSON.stringify({ command: 'authenticate', token: t }));
      await settle();
      return socket.received.at(-1)?.type;
    };
    const lasting = token(2000);
    expect(await authenticate(lasting)).toBe('authenticated');
    expect(await authenticate(lasting)).toBe('authenticated');
    expect(verified.filter((t) => t === lasting)).toHaveLength(1);
    // Expired by the hub's clock: checked every time (and refused by the real check).
    const expired = token(999);
    await authenticate(expired);
    await authenticate(expired);
    expect(verified.filter((t) => t === expired)).toHaveLength(2);
    const bad = `${token(2000)}bad`;
    expect(await authenticate(bad)).toBe('rejected');
    refuse = false;
    expect(await authenticate(bad)).toBe('authenticated');
    hub.close();
  });
});

describe('live hub access changes (decision 0067)', () => {
  it('holds a socket while its rights are decided again, then sends its backlog by the rights it has now', async () => {
    let master = true;
    let release: () => void = () => {};
    let gate: Promise<void> = Promise.resolve();
    const { hub, bus, clients, lot } = await setUp({
      authorize: async () => {
        await gate;
        return { ok: true, master };
      },
    });
    const [socket] = clients as [FakeSocket];
    await lot(1, 1, { kind: 'masters' });
    await settle();
    expect(socket.updates()).toEqual(['1:1']);

    // The user leaves the seller's company: the re-check waits on the database meanwhile.
    master = false;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    await bus.publish(accessChangeEvent({ users: [1] }, 0));
    await lot(1, 2, { kind: 'masters' });
    await lot(2, 1, { kind: 'participants' });
    await settle();
    expect(socket.updates()).toEqual(['1:1']);

    release();
    await settle();
    await settle();
    // Decided after the change: the seller's frame queued meanwhile is not sent, the participants' frame is.
    expect(socket.updates()).toEqual(['1:1', '2:1']);
    await lot(1, 3, { kind: 'masters' });
    await lot(1, 2, { kind: 'participants' });
    await settle();
    expect(socket.updates()).toEqual(['1:1', '2:1', '1:2']);
    hub.close();
  });

  it('closes a socket whose rights cannot be decided again in time, sending it nothing meanwhile', async () => {
    let stuck = false;
    const { hub, bus, clients, lot } = await setUp({
      authorize: () =>
        stuck ? new Promise<Authorization>(() => {}) : Promise.resolve({ ok: true, master: true }),
    });
    const [socket] = clients as [FakeSocket];
    stuck = true;
    await bus.publish(accessChangeEvent({ companies: [1] }, 0));
    await bus.publish(accessChangeEvent({ users: [1] }, 0));
    await lot(1, 1, { kind: 'masters' });
    await sleep(REAUTHORIZE_TIMEOUT_MS - 300);
    expect(socket.readyState).toBe(1);
    await sleep(600);
    expect(socket.readyState).toBe(3);
    expect(socket.updates()).toEqual([]);
    hub.close();
  });

  it('closes the socket of a session that ended, and leaves the sockets of other users alone', async () => {
    let ended = false;
    const bus = new InProcessBus();
    const hub = new LiveHub({
      bus,
      authenticate: async (token) => {
        if (ended && token === '1') throw new Error('session closed');
        return userAuth(Number(token));
      },
      authorize: async () => ({ ok: true, master: false }),
      now: () => 0,
      tuning: { tickMs: 0 },
    });
    const sockets = ['1', '2'].map((token) => {
      const socket = new FakeSocket();
      hub.attach(socket as unknown as WebSocket);
      socket.emit('message', JSON.stringify({ command: 'authenticate', token }));
      return socket;
    });
    await turn();
    ended = true;
    await bus.publish(accessChangeEvent({ sessions: ['s1'] }, 0));
    await settle();
    const [gone, kept] = sockets as [FakeSocket, FakeSocket];
    expect(gone.readyState).toBe(3);
    expect(gone.received.at(-1)).toMatchObject({ type: 'rejected', message: 'Требуется вход в систему' });
    expect(kept.readyState).toBe(1);
    expect(kept.received.map((m) => m.type)).toEqual(['authenticated']);
    hub.close();
  });
});

/** An in-process bus that can have a gap: `resync` is what a Redis bus does when its subscription is back. */
class GappyBus extends InProcessBus {
  private readonly resyncHandlers = new Set<() => void>();
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }
  resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }
}

const lotEvent = (id: number, version: number): BusEvent => ({
  message: {
    channel: 'LotsStream',
    briefcase_id: 7,
    action: 'lot_update',
    payload: { id, version } as LotLivePayload,
    t: version,
  },
  audience: { kind: 'participants' },
});

describe('live hub after a gap in the bus (issue 29 defect 18)', () => {
  it('never sends a snapshot older than an update the socket already has: versions only increase', async () => {
    const bus = new GappyBus();
    // The snapshot is read from the database while bids go on: it is answered after the updates below.
    let answer: (events: BusEvent[]) => void = () => {};
    const snapshot = () => new Promise<BusEvent[]>((resolve) => (answer = resolve));
    const { clients, lot } = await setUp({ bus, snapshot });
    const [socket] = clients as [FakeSocket];
    await lot(1, 4);
    await lot(2, 7);
    await settle();
    bus.resync(); // Redis is back: the snapshot of lots 1, 2 and 3 is read (versions 5, 7 and 2)
    await lot(1, 5);
    await lot(1, 6); // committed after the snapshot was read
    await lot(2, 8);
    await settle();
    answer([lotEvent(1, 5), lotEvent(2, 7), lotEvent(3, 2)]);
    await settle();
    await lot(1, 7);
    await settle();
    expect(socket.updates()).toEqual(['1:4', '2:7', '1:5', '1:6', '2:8', '3:2', '1:7']);
  });

  it('a snapshot newer than what the socket has is sent at once, and updates it overtook are dropped', async () => {
    const bus = new GappyBus();
    let answer: (events: BusEvent[]) => void = () => {};
    const snapshot = () => new Promise<BusEvent[]>((resolve) => (answer = resolve));
    const { clients, lot } = await setUp({ bus, snapshot });
    const [socket] = clients as [FakeSocket];
    await lot(1, 1);
    await settle();
    // Versions 2-4 were lost in the gap; 6 arrives before 5 and waits for it.
    await lot(1, 6);
    bus.resync();
    answer([lotEvent(1, 5)]);
    await settle();
    await lot(1, 4); // a late repeat of the gap
    await lot(1, 7);
    await settle();
    expect(socket.updates()).toEqual(['1:1', '1:5', '1:6', '1:7']);
  });

  it('any interleaving of updates and a snapshot reaches a socket in increasing versions per lot', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 12 })), {
          maxLength: 20,
        }),
        fc.nat({ max: 20 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 12 })), { maxLength: 3 }),
        async (updates, at, snapshotOf) => {
          const bus = new GappyBus();
          let answer: (events: BusEvent[]) => void = () => {};
          const snapshot = () => new Promise<BusEvent[]>((resolve) => (answer = resolve));
          const { hub, clients, lot } = await setUp({ bus, snapshot });
          const [socket] = clients as [FakeSocket];
          for (const [i, [id, version]] of updates.entries()) {
            if (i === at) bus.resync();
            await lot(id, version);
          }
          if (at >= updates.length) bus.resync();
          answer(snapshotOf.map(([id, version]) => lotEvent(id, version)));
          await sleep(20);
          const last = new Map<number, number>();
          for (const update of socket.updates()) {
            const [id, version] = update.split(':').map(Number) as [number, number];
            expect(version).toBeGreaterThan(last.get(id) ?? 0);
            last.set(id, version);
          }
          hub.close();
        },
      ),
      { numRuns: 60 },
    );
  });
});
