/**
 * The app's one WebSocket (/ws), framework-free: it authenticates with the access token, holds a reference-counted
 * set of subscriptions (channel + procedure), sends them again after every reconnect (back-off with jitter), and
 * hands the messages of each frame (a single message or a batch) to `onFrame` in order. Screens never open sockets;
 * they subscribe through the hooks in useLive.ts.
 *
 * Connection states: 'idle' (nothing to listen to, or signed out), 'connecting' (first attempt), 'open'
 * (authenticated), 'lost' (a socket failed or closed; retrying). The red "Установка соединения..." line shows
 * in 'lost'.
 */
import {
  isKnownLiveMessage,
  type LiveChannel,
  type LiveCommand,
  type LiveFrame,
  type LiveMessage,
  type LiveReply,
  unpackLiveFrame,
} from '@etp/contracts';

export type LiveState = 'idle' | 'connecting' | 'open' | 'lost';

/** The part of the browser's WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface LiveConnectionDeps {
  createSocket(): SocketLike;
  /** The current access token, or null when signed out. */
  token(): string | null;
  /** Renews the token pair after the server refused the token (4401); false when the session is over. */
  refreshToken(): Promise<boolean>;
  /** The updates of one frame (one, or a batch of a server tick), in the order the server sent them. */
  onFrame(messages: LiveMessage[]): void;
  /** The socket is authenticated again after a loss: the caller reloads what it may have missed. */
  onRecovered(): void;
  /**
   * The server confirmed a subscription: from now on its updates arrive. What was read before may have missed one
   * sent in between, so the caller may re-read it.
   */
  onSubscribed?(channel: LiveChannel, briefcaseId: number | null): void;
  /** Back-off of the n-th retry (ms); defaults to 0.5 s doubling up to 10 s, with jitter. */
  retryDelay?(attempt: number): number;
  /** Keep-alive ping period (ms); a socket that does not answer within one period is replaced. */
  pingMs?: number;
}

export interface Subscription {
  channel: LiveChannel;
  briefcaseId: number | null;
}

const OPEN = 1;
const keyOf = (channel: LiveChannel, briefcaseId: number | null) => `${channel}:${briefcaseId ?? ''}`;

const defaultRetryDelay = (attempt: number): number =>
  Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() * 0.5);

export class LiveConnection {
  private socket: SocketLike | null = null;
  private readonly subscriptions = new Map<string, Subscription & { count: number }>();
  private readonly listeners = new Set<() => void>();
  private stateValue: LiveState = 'idle';
  private attempt = 0;
  private wasOpen = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private awaitingPong = false;

  constructor(private readonly deps: LiveConnectionDeps) {}

  get state(): LiveState {
    return this.stateValue;
  }

  /** Listens to state changes (useSyncExternalStore). */
  onStateChange = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The channels currently held (each once). */
  get held(): Subscription[] {
    return [...this.subscriptions.values()].map(({ channel, briefcaseId }) => ({ channel, briefcaseId }));
  }

  /** Adds one holder of a subscription; returns the release. The socket opens with the first subscription. */
  subscribe(channel: LiveChannel, briefcaseId: number | null): () => void {
    const key = keyOf(channel, briefcaseId);
    const known = this.subscriptions.get(key);
    if (known) known.count++;
    else {
      this.subscriptions.set(key, { channel, briefcaseId, count: 1 });
      // Once the socket is open the token has been sent, and the server handles commands in order: a subscription
      // made while the authentication is still answered goes now (the socket's onopen sent only those before it).
      if (this.socket?.readyState === OPEN) this.sendSubscribe(channel, briefcaseId);
      else this.ensureConnecting();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const entry = this.subscriptions.get(key);
      if (!entry) return;
      if (--entry.count > 0) return;
      this.subscriptions.delete(key);
      if (this.socket?.readyState === OPEN)
        this.send({
          command: 'unsubscribe',
          channel,
          ...(briefcaseId === null ? {} : { briefcase_id: briefcaseId }),
        });
    };
  }

  /** The session changed (sign-in, sign-out, another tab): start again with the new token, or stop. */
  restart(): void {
    this.wasOpen = false;
    this.attempt = 0;
    this.drop();
    this.setState('idle');
    this.ensureConnecting();
  }

  /** Stops for good (tests, page teardown). */
  close(): void {
    this.subscriptions.clear();
    this.drop();
    this.setState('idle');
  }

  private ensureConnecting(): void {
    if (this.socket || this.retryTimer || this.subscriptions.size === 0) return;
    if (!this.deps.token()) return;
    this.connect();
  }

  private connect(): void {
    this.retryTimer = null;
    const token = this.deps.token();
    if (!token || this.subscriptions.size === 0) {
      this.setState('idle');
      return;
    }
    if (this.stateValue !== 'lost') this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket();
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      // Commands are handled in the order sent, so the subscriptions may follow the token at once.
      this.send({ command: 'authenticate', token });
      for (const { channel, briefcaseId } of this.subscriptions.values())
        this.sendSubscribe(channel, briefcaseId);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      if (event.code === 4401) {
        void this.deps.refreshToken().then((renewed) => {
          if (renewed) this.scheduleRetry();
          else this.setState('idle');
        });
        this.setState('lost');
        return;
      }
      this.scheduleRetry();
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: LiveReply | LiveFrame;
    try {
      parsed = JSON.parse(data) as LiveReply | LiveFrame;
    } catch {
      return;
    }
    if ('type' in parsed) {
      this.onReply(parsed);
      return;
    }
    // A message of an action this build does not know (a newer server) or a damaged one is dropped here.
    const messages = unpackLiveFrame(parsed).filter(isKnownLiveMessage);
    if (messages.length > 0) this.deps.onFrame(messages);
  }

  private onReply(reply: LiveReply): void {
    switch (reply.type) {
      case 'authenticated': {
        const recovered = this.wasOpen;
        this.wasOpen = true;
        this.attempt = 0;
        this.setState('open');
        this.startPing();
        if (recovered) this.deps.onRecovered();
        return;
      }
      case 'pong':
        this.awaitingPong = false;
        return;
      case 'subscribed':
        this.deps.onSubscribed?.(reply.channel, reply.briefcase_id);
        return;
      default:
        return;
    }
  }

  private sendSubscribe(channel: LiveChannel, briefcaseId: number | null): void {
    this.send({
      command: 'subscribe',
      channel,
      ...(briefcaseId === null ? {} : { briefcase_id: briefcaseId }),
    });
  }

  private send(command: LiveCommand): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(command));
  }

  private scheduleRetry(): void {
    if (this.subscriptions.size === 0 || !this.deps.token()) {
      this.setState('idle');
      return;
    }
    this.setState('lost');
    const delay = (this.deps.retryDelay ?? defaultRetryDelay)(this.attempt++);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPing(): void {
    this.stopPing();
    this.awaitingPong = false;
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) {
        // No answer for a whole period: the connection is dead even if the browser has not noticed.
        const dead = this.socket;
        this.socket = null;
        this.stopPing();
        dead?.close();
        this.scheduleRetry();
        return;
      }
      this.awaitingPong = true;
      this.send({ command: 'ping' });
    }, this.deps.pingMs ?? 20_000);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private drop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
  }

  private setState(next: LiveState): void {
    if (next === this.stateValue) return;
    this.stateValue = next;
    for (const listener of this.listeners) listener();
  }
}
