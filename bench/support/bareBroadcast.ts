/**
 * The fan-out reference: a bare `ws` server on this machine that speaks just enough of /ws (authenticate,
 * subscribe) for the same client fleet, and broadcasts lot updates shaped like ours with the naive loop
 * `for (socket of subscribers) socket.send(json)`: what plain WebSocket fan-out costs here, without our app.
 */
import { type WebSocket, WebSocketServer } from 'ws';
import type { Ack } from './load.ts';
import { clock } from './report.ts';

export interface BareServer {
  url: string;
  subscribers(): number;
  /** Publishes the next update of a lot; returns its "acknowledgement" (the instant the send loop starts). */
  publish(lot: { id: number; briefcaseId: number; startPrice: number; stepPrice: number }, k: number): Ack;
  /** The send loops so far: how many sends, and the time the loops took (ms, this thread's wall clock). */
  sendLoops(): { sends: number; ms: number };
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const subscribed = new Set<WebSocket>();
  const loops = { sends: 0, ms: 0 };
  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const command = JSON.parse(raw.toString()) as {
        command: string;
        channel?: string;
        briefcase_id?: number;
      };
      if (command.command === 'authenticate')
        socket.send(JSON.stringify({ type: 'authenticated', user_id: 1 }));
      if (command.command === 'subscribe') {
        subscribed.add(socket);
        socket.send(
          JSON.stringify({
            type: 'subscribed',
            channel: command.channel,
            briefcase_id: command.briefcase_id,
          }),
        );
      }
    });
    socket.on('close', () => subscribed.delete(socket));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    subscribers: () => subscribed.size,
    sendLoops: () => ({ ...loops }),
    publish: (lot, k) => {
      const at = clock();
      const price = lot.startPrice + k * lot.stepPrice;
      const data = JSON.stringify({
        channel: 'LotsStream',
        briefcase_id: lot.briefcaseId,
        action: 'lot_update',
        payload: {
          id: lot.id,
          briefcase_id: lot.briefcaseId,
          status: 'active',
          current_price: price,
          next_price: price + lot.stepPrice,
          current_step: null,
          bids_count: k + 1,
          bidders_count: 17,
          end_datetime: new Date(Date.now() + 3_600_000).toISOString(),
          renewals_count: 0,
          leader_tag: 'a1b2c3d4e5f6a7b8c9d0',
          version: k + 1,
        },
        t: Date.now(),
      });
      const began = performance.now();
      for (const socket of subscribed) socket.send(data);
      loops.ms += performance.now() - began;
      loops.sends += subscribed.size;
      return { lotId: lot.id, amount: price, at };
    },
    close: async () => {
      for (const socket of subscribed) socket.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
