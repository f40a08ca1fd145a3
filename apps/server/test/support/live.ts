/**
 * A WebSocket client for tests: collects every message and waits for the ones a test expects. A batch frame
 * (LiveBatch) is unpacked into its messages, in order, as a web client does; `frames` counts frames received.
 */
import { type LiveFrame, unpackLiveFrame } from '@etp/contracts';
import WebSocket from 'ws';

export interface LiveTestClient {
  messages: Record<string, unknown>[];
  frames: number;
  /** Settles with the close code when the socket closes (by either side). */
  closed: Promise<number>;
  send(command: object): void;
  waitFor(
    predicate: (m: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  close(): void;
}

export async function connectLive(baseUrl: string, token?: string): Promise<LiveTestClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const messages: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let frames = 0;
  socket.on('message', (raw) => {
    frames++;
    const frame = JSON.parse(raw.toString()) as Record<string, unknown>;
    if (frame.action === 'batch') {
      for (const m of unpackLiveFrame(frame as unknown as LiveFrame))
        messages.push(m as unknown as Record<string, unknown>);
    } else messages.push(frame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: LiveTestClient = {
    messages,
    closed,
    get frames() {
      return frames;
    },
    send: (command) => socket.send(JSON.stringify(command)),
    waitFor: (predicate, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live message; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => socket.close(),
  };
  if (token) {
    client.send({ command: 'authenticate', token });
    await client.waitFor((m) => m.type === 'authenticated');
  }
  return client;
}
