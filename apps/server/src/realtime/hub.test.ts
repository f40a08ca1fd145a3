import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards.ts';
import { InProcessBus } from './bus.ts';
import { type DeliveryTuning, LiveHub } from './hub.ts';

/** Just enough of a ws socket: what the hub sends (frames written to its stream, or ws.send) is decoded. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  extensions = '';
  bufferedAmount = 0;
  readonly received: Record<string, unknown>[] = [];
  writes = 0;
  readonly _socket = {
    write: (bytes: Buffer) => {
      this.writes++;
      for (let at = 0; at < bytes.length; ) {
        let length = bytes[at + 1]! & 0x7f;
        let header = 2;
        if (length === 126) {
          length = bytes.readUInt16BE(at + 2);
          header = 4;
        }
        this.received.push(JSON.parse(bytes.subarray(at + header, at + header + length).toString()));
        at += header + length;
      }
      return true;
    },
  };
  send(text: string) {
    this.received.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
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

const turn = () => new Promise((resolve) => setImmediate(resolve));
const auth = { user: { id: 1, role: 'user' }, company: { id: 1 }, memberships: [] } as unknown as AuthContext;

async function setUp(tuning: Partial<DeliveryTuning> = {}, sockets = 1) {
  const bus = new InProcessBus();
  const hub = new LiveHub({
    bus,
    authenticate: async () => auth,
    authorize: async () => ({ ok: true, master: false }),
    now: () => 0,
    tuning,
  });
  const clients: FakeSocket[] = [];
  for (let i = 0; i < sockets; i++) {
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket);
    socket.emit('message', JSON.stringify({ command: 'authenticate', token: 't' }));
    await turn();
    socket.emit('message', JSON.stringify({ command: 'subscribe', channel: 'LotsStream', briefcase_id: 7 }));
    await turn();
    clients.push(socket);
  }
  const lot = (id: number, version: number) =>
    bus.publish({
      message: {
        channel: 'LotsStream',
        briefcase_id: 7,
        action: 'lot_update',
        payload: { id, version },
        t: 0,
      },
      audience: { kind: 'participants' },
    });
  return { hub, bus, clients, lot };
}

describe('live hub delivery', () => {
  it('delivers every update in order, several of one turn in one write, while rounds are fast', async () => {
    const { hub, clients, lot } = await setUp();
    const [socket] = clients as [FakeSocket];
    const writesBefore = socket.writes;
    await lot(1, 1);
    await lot(1, 2);
    await lot(2, 1);
    await lot(1, 3);
    await turn();
    expect(socket.updates()).toEqual(['1:1', '1:2', '2:1', '1:3']);
    expect(socket.writes - writesBefore).toBe(1);
    hub.close();
  });

  it('conflates the updates of a lot that wait behind a slow round, keeping the newest and every other message', async () => {
    // Every round counts as slow.
    const { hub, bus, clients, lot } = await setUp({ overloadedMs: -1 });
    const [socket] = clients as [FakeSocket];
    await lot(1, 1);
    await turn();
    await lot(1, 2);
    await lot(1, 3);
    await bus.publish({
      message: { channel: 'LotsStream', briefcase_id: 7, action: 'autobid_maxed_out', payload: {}, t: 0 },
      audience: { kind: 'all' },
    });
    await lot(2, 1);
    await lot(1, 4);
    await turn();
    expect(socket.updates()).toEqual(['1:1', '1:4', '2:1']);
    expect(socket.received.filter((m) => m.action === 'autobid_maxed_out')).toHaveLength(1);
    hub.close();
  });

  it('holds lot updates back from a client that does not read, then sends it the latest of each lot', async () => {
    const { hub, clients, lot } = await setUp({ slowClientBytes: 100, catchUpMs: 5 }, 2);
    const [fast, slow] = clients as [FakeSocket, FakeSocket];
    slow.bufferedAmount = 1000;
    await lot(1, 1);
    await turn();
    await lot(1, 2);
    await lot(2, 1);
    await turn();
    expect(fast.updates()).toEqual(['1:1', '1:2', '2:1']);
    expect(slow.updates()).toEqual([]);
    slow.bufferedAmount = 0;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(slow.updates().sort()).toEqual(['1:2', '2:1']);
    await lot(1, 3);
    await turn();
    expect(slow.updates().slice(-1)).toEqual(['1:3']);
    hub.close();
  });

  it('sends each message with ws.send when the socket has an extension (frames cannot be shared)', async () => {
    const { hub, clients, lot } = await setUp();
    const [socket] = clients as [FakeSocket];
    socket.extensions = 'permessage-deflate';
    const writesBefore = socket.writes;
    await lot(1, 1);
    await lot(1, 2);
    await turn();
    expect(socket.updates()).toEqual(['1:1', '1:2']);
    expect(socket.writes).toBe(writesBefore);
    hub.close();
  });
});
