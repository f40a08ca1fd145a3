/**
 * A fleet of WebSocket clients (one process). Every client subscribes to LotsStream of one procedure; for each lot
 * it remembers the highest price index it has seen (k = (current_price - start) / step, one per accepted bid, as
 * every bid is the next price). A client receiving index k has learnt of every bid up to k; each of those counts
 * one latency sample from that bid's HTTP acknowledgement to this arrival. The sockets are fanoutSocket.ts's
 * minimal clients, cheaper than `ws` on a machine whose cores the clients share with the server.
 */
import type { ClientsReport, FanoutLot, ToClients } from './fanout.ts';
import { type FanoutSocket, openFanoutSocket } from './fanoutSocket.ts';
import type { Ack } from './load.ts';
import { clock, Histogram, sleep } from './report.ts';

const CONNECTS_IN_FLIGHT = 100;

let lots: FanoutLot[] = [];
const lotIndex = new Map<number, number>();
let seen = new Int32Array(0);
let sockets: FanoutSocket[] = [];
const ackAt: number[][] = [];
const pending = new Map<number, number[]>();
const histogram = new Histogram();
/** From the update's own timestamp `t` (the server's clock when it published, whole milliseconds). */
const fromPublish = new Histogram();
let cpuSince = process.cpuUsage();
const totals = { frames: 0, messages: 0, superseded: 0, repeated: 0, out_of_order: 0, before_ack: 0 };

const pendingKey = (lot: number, k: number) => lot * 10_000_000 + k;

interface LotUpdate {
  action?: string;
  t: number;
  payload?: { id: number; current_price: number };
}

/**
 * A frame: one message, or a batch of them (LiveBatch). The lot updates in it are read by scanning the text for the
 * three fields the accounting needs (the lot id, its price and `t`), which costs these clients, who share the cores
 * with the server under test, about half of what JSON.parse of the whole frame does. Every VERIFY_EVERY-th frame is
 * also parsed whole and the two readings compared, so a change of the message shape stops the benchmark instead of
 * skewing it.
 */
function arrived(client: number, raw: string): void {
  const t = clock();
  totals.frames++;
  const updates = scan(raw);
  if (totals.frames % VERIFY_EVERY === 1) verify(raw, updates);
  for (const m of updates) update(client, m, t);
}

const VERIFY_EVERY = 997;
const ACTION = '"action":"lot_update","payload":{"id":';
const PRICE = '"current_price":';
const T = '},"t":';

/** The lot updates of a frame, in order, as {payload: {id, current_price}, t}. */
function scan(raw: string): LotUpdate[] {
  const found: LotUpdate[] = [];
  let at = raw.indexOf(ACTION);
  while (at >= 0) {
    const idAt = at + ACTION.length;
    const priceAt = raw.indexOf(PRICE, idAt) + PRICE.length;
    const tAt = raw.indexOf(T, priceAt) + T.length;
    found.push({
      action: 'lot_update',
      t: Number.parseInt(raw.slice(tAt, tAt + 16), 10),
      payload: {
        id: Number.parseInt(raw.slice(idAt, idAt + 12), 10),
        current_price: Number.parseInt(raw.slice(priceAt, priceAt + 20), 10),
      },
    });
    at = raw.indexOf(ACTION, tAt);
  }
  return found;
}

function verify(raw: string, scanned: LotUpdate[]): void {
  const frame = JSON.parse(raw) as LotUpdate & { messages?: LotUpdate[] };
  const parsed = (frame.action === 'batch' ? frame.messages! : [frame])
    .filter((m) => m.action === 'lot_update' && m.payload)
    .map((m) => [m.payload!.id, m.payload!.current_price, m.t].join());
  const read = scanned.map((m) => [m.payload!.id, m.payload!.current_price, m.t].join());
  if (parsed.join('|') !== read.join('|')) {
    throw new Error(`the frame scan read ${read.join('|')} but the frame holds ${parsed.join('|')}`);
  }
}

function update(client: number, m: LotUpdate, t: number): void {
  if (m.action !== 'lot_update' || !m.payload) return;
  const lot = lotIndex.get(m.payload.id);
  if (lot === undefined) return;
  totals.messages++;
  const info = lots[lot]!;
  const k = Math.round((m.payload.current_price - info.startPrice) / info.stepPrice);
  const slot = client * lots.length + lot;
  const last = seen[slot]!;
  if (k <= last) {
    if (k === last) totals.repeated++;
    else totals.out_of_order++;
    return;
  }
  fromPublish.record(t - m.t);
  totals.superseded += k - last - 1;
  seen[slot] = k;
  const acks = ackAt[lot]!;
  for (let j = last + 1; j <= k; j++) {
    const at = acks[j];
    if (at === undefined) {
      const key = pendingKey(lot, j);
      const list = pending.get(key);
      if (list) list.push(t);
      else pending.set(key, [t]);
    } else {
      if (t < at) totals.before_ack++;
      histogram.record(t - at);
    }
  }
}

function acknowledged(acks: Ack[]): void {
  for (const ack of acks) {
    const lot = lotIndex.get(ack.lotId);
    if (lot === undefined) continue;
    const info = lots[lot]!;
    const k = Math.round((ack.amount - info.startPrice) / info.stepPrice);
    ackAt[lot]![k] = ack.at;
    const key = pendingKey(lot, k);
    const list = pending.get(key);
    if (!list) continue;
    pending.delete(key);
    for (const t of list) {
      if (t < ack.at) totals.before_ack++;
      histogram.record(t - ack.at);
    }
  }
}

async function connectOne(
  url: string,
  token: string,
  briefcaseId: number,
  index: number,
): Promise<FanoutSocket> {
  const socket = await openFanoutSocket(`${url.replace(/^http/, 'ws')}/ws`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), 60_000);
    socket.onText = (text) => {
      const m = JSON.parse(text) as { type?: string; message?: string };
      if (m.type === 'authenticated') {
        socket.send(
          JSON.stringify({ command: 'subscribe', channel: 'LotsStream', briefcase_id: briefcaseId }),
        );
      } else if (m.type === 'subscribed') {
        clearTimeout(timer);
        socket.onText = (data) => arrived(index, data);
        resolve(socket);
      } else if (m.type === 'rejected') {
        clearTimeout(timer);
        reject(new Error(m.message));
      }
    };
    socket.send(JSON.stringify({ command: 'authenticate', token }));
  });
}

async function connect(message: Extract<ToClients, { kind: 'connect' }>): Promise<void> {
  const start = clock();
  lots = message.lots;
  lotIndex.clear();
  lots.forEach((lot, i) => {
    lotIndex.set(lot.id, i);
    ackAt[i] = [];
  });
  seen = new Int32Array(message.count * lots.length).fill(-1);
  sockets = new Array(message.count);
  let next = 0;
  let failed = 0;
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: CONNECTS_IN_FLIGHT }, async () => {
      while (next < message.count) {
        const i = next++;
        try {
          sockets[i] = await connectOne(
            message.url,
            message.tokens[i % message.tokens.length]!,
            message.briefcaseId,
            i,
          );
        } catch (error) {
          failed++;
          if (errors.length < 5) errors.push(String(error));
        }
      }
    }),
  );
  cpuSince = process.cpuUsage();
  process.send!({
    kind: 'connected',
    connected: message.count - failed,
    failed,
    ms: clock() - start,
    errors,
  });
}

async function finish(message: Extract<ToClients, { kind: 'finish' }>): Promise<void> {
  const finals = message.finals.map((f) => ({ lot: lotIndex.get(f.lotId)!, k: f.k }));
  const count = sockets.length;
  const missing = () => {
    let n = 0;
    for (let c = 0; c < count; c++) {
      if (finals.some((f) => seen[c * lots.length + f.lot]! < f.k)) n++;
    }
    return n;
  };
  const until = clock() + message.waitMs;
  while (missing() > 0 && clock() < until) await sleep(100);
  let unmatched = 0;
  for (const list of pending.values()) unmatched += list.length;
  const cpu = process.cpuUsage(cpuSince);
  const report: ClientsReport = {
    cpu_s: (cpu.user + cpu.system) / 1e6,
    clients: count - sockets.filter((s) => !s).length,
    missing_final: missing(),
    ...totals,
    unmatched,
    histogram: histogram.toJSON(),
    from_publish: fromPublish.toJSON(),
  };
  process.send!({ kind: 'report', report });
}

process.on('message', (message: ToClients) => {
  if (message.kind === 'connect') void connect(message);
  else if (message.kind === 'acks') acknowledged(message.acks);
  else if (message.kind === 'finish') void finish(message);
  else {
    for (const socket of sockets) socket?.terminate();
    sockets = [];
    for (const h of [histogram, fromPublish]) {
      h.counts.fill(0);
      Object.assign(h, { total: 0, sum: 0, max: 0 });
    }
    Object.assign(totals, {
      frames: 0,
      messages: 0,
      superseded: 0,
      repeated: 0,
      out_of_order: 0,
      before_ack: 0,
    });
    pending.clear();
  }
});
