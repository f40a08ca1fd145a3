/** A WebSocket client for tests: collects every message and waits for the ones a test expects. */
import WebSocket from 'ws';

export interface LiveTestClient {
  messages: Record<string, unknown>[];
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
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: LiveTestClient = {
    messages,
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
