/**
 * WebSocket clients for the fan-out benchmark, in child processes (fanout.child.ts) so that their CPU and their
 * file descriptors are not the server's. The parent tells each child where to connect, forwards the accepted
 * bids' acknowledgement times while bids flow, and at the end asks for every client's verdict.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Ack } from './load.ts';
import { Histogram } from './report.ts';

export interface FanoutLot {
  id: number;
  startPrice: number;
  stepPrice: number;
}

export type ToClients =
  | { kind: 'connect'; url: string; tokens: string[]; briefcaseId: number; count: number; lots: FanoutLot[] }
  | { kind: 'acks'; acks: Ack[] }
  /** The last accepted price index of each lot; clients report once each has seen it, or after waitMs. */
  | { kind: 'finish'; finals: { lotId: number; k: number }[]; waitMs: number }
  | { kind: 'close' };

export interface ClientsReport {
  /** CPU seconds of the client process from the end of connecting to its report. */
  cpu_s: number;
  clients: number;
  /** Clients that never saw the final version of some lot. */
  missing_final: number;
  /** WebSocket frames received (a batch frame holds several messages). */
  frames: number;
  messages: number;
  /** Versions a client never received because a later one superseded them (conflation). */
  superseded: number;
  /** The same version again (a slow client's catch-up may repeat one; harmless). */
  repeated: number;
  /** Updates older than one the client had already seen (must be 0: order is kept). */
  out_of_order: number;
  /** Client arrivals of a bid's update before its HTTP acknowledgement reached the bidder. */
  before_ack: number;
  /** Arrivals whose acknowledgement never came (must be 0). */
  unmatched: number;
  histogram: ReturnType<Histogram['toJSON']>;
  /** Latency from the update's publication (its `t`) to the client, for each new version a client received. */
  from_publish: ReturnType<Histogram['toJSON']>;
}

export type FromClients =
  | { kind: 'connected'; connected: number; failed: number; ms: number; errors: string[] }
  | { kind: 'report'; report: ClientsReport };

const CHILD = fileURLToPath(new URL('./fanout.child.ts', import.meta.url));

export class ClientFleet {
  private readonly children: ChildProcess[] = [];

  constructor(processes: number) {
    for (let i = 0; i < processes; i++) {
      this.children.push(fork(CHILD, [], { execArgv: process.execArgv, serialization: 'advanced' }));
    }
  }

  private ask<K extends FromClients['kind']>(
    message: (i: number) => ToClients,
    kind: K,
  ): Promise<Extract<FromClients, { kind: K }>[]> {
    return Promise.all(
      this.children.map(
        (child, i) =>
          new Promise<Extract<FromClients, { kind: K }>>((resolve) => {
            const onMessage = (m: FromClients) => {
              if (m.kind !== kind) return;
              child.off('message', onMessage);
              resolve(m as Extract<FromClients, { kind: K }>);
            };
            child.on('message', onMessage);
            child.send(message(i));
          }),
      ),
    );
  }

  /** Connects `total` clients split over the children; each authenticates and subscribes to LotsStream. */
  async connect(url: string, tokens: string[], briefcaseId: number, total: number, lots: FanoutLot[]) {
    const n = this.children.length;
    const replies = await this.ask(
      (i) => ({
        kind: 'connect',
        url,
        tokens: tokens.filter((_, k) => k % n === i),
        briefcaseId,
        count: Math.floor(total / n) + (i < total % n ? 1 : 0),
        lots,
      }),
      'connected',
    );
    return {
      connected: replies.reduce((a, r) => a + r.connected, 0),
      failed: replies.reduce((a, r) => a + r.failed, 0),
      ms: Math.max(...replies.map((r) => r.ms)),
      errors: replies.flatMap((r) => r.errors).slice(0, 5),
    };
  }

  acks(acks: Ack[]): void {
    for (const child of this.children) child.send({ kind: 'acks', acks } satisfies ToClients);
  }

  async finish(finals: { lotId: number; k: number }[], waitMs: number) {
    const replies = await this.ask(() => ({ kind: 'finish', finals, waitMs }), 'report');
    const histogram = new Histogram();
    const fromPublish = new Histogram();
    const sum = (key: Exclude<keyof ClientsReport, 'histogram' | 'from_publish'>) =>
      replies.reduce((a, r) => a + r.report[key], 0);
    for (const r of replies) {
      histogram.merge(Histogram.fromJSON(r.report.histogram));
      fromPublish.merge(Histogram.fromJSON(r.report.from_publish));
    }
    return {
      clients_cpu_s: +sum('cpu_s').toFixed(2),
      clients: sum('clients'),
      missing_final: sum('missing_final'),
      frames: sum('frames'),
      messages: sum('messages'),
      superseded: sum('superseded'),
      repeated: sum('repeated'),
      out_of_order: sum('out_of_order'),
      before_ack: sum('before_ack'),
      unmatched: sum('unmatched'),
      latency_ack_to_client: histogram.summary(),
      latency_publish_to_client: fromPublish.summary(),
    };
  }

  /** Closes the clients (the children stay for another round). */
  async closeClients(): Promise<void> {
    for (const child of this.children) child.send({ kind: 'close' } satisfies ToClients);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  kill(): void {
    for (const child of this.children) child.kill();
  }
}
