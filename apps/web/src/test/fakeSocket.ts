/**
 * Stand-in WebSockets for component tests: `FakeSocketServer` hands the live client sockets it controls, records
 * the commands the client sent, and lets a test push frames, answer commands or drop the connection.
 */
import type { LiveCommand } from '@etp/contracts';
import type { SocketLike } from '../live/LiveConnection.ts';

/** A socket that stays in CONNECTING: pages subscribe, nothing arrives. */
export function idleSocket(): SocketLike {
  return {
    readyState: 0,
    send() {},
    close() {},
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
  };
}

export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  readonly sent: LiveCommand[] = [];

  constructor(private readonly server: FakeSocketServer) {}

  send(data: string): void {
    const command = JSON.parse(data) as LiveCommand;
    this.sent.push(command);
    this.server.onCommand(this, command);
  }

  close(): void {
    this.drop(1000);
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server sends a frame (a message, a batch or a reply). */
  push(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The connection ends (server restart: 1006). */
  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** Opens each socket at once and answers authenticate and subscribe as the server does. */
export class FakeSocketServer {
  readonly sockets: FakeSocket[] = [];
  /** When false, new sockets fail to connect (the server is down). */
  up = true;

  create = (): SocketLike => {
    const socket = new FakeSocket(this);
    this.sockets.push(socket);
    queueMicrotask(() => (this.up ? socket.open() : socket.drop(1006)));
    return socket;
  };

  get current(): FakeSocket | undefined {
    return this.sockets.at(-1);
  }

  onCommand(socket: FakeSocket, command: LiveCommand): void {
    if (command.command === 'authenticate') socket.push({ type: 'authenticated', user_id: 1 });
    if (command.command === 'subscribe')
      socket.push({
        type: 'subscribed',
        channel: command.channel,
        briefcase_id: command.briefcase_id ?? null,
      });
  }
}
