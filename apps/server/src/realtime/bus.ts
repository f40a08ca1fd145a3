/**
 * The bus carries live events between nodes: in-process when one node runs, Redis pub/sub when several do.
 * Every node delivers every event to its own subscribed sockets.
 */
import type { LiveMessage } from '@etp/contracts';
import type { AccessChange } from './access.ts';

/** Who inside a channel receives an event. */
export type Audience =
  | { kind: 'all' }
  /** The procedure's seller and administrators. */
  | { kind: 'masters' }
  /** Everyone but the seller and administrators. */
  | { kind: 'participants' }
  | { kind: 'companies'; ids: number[] }
  | { kind: 'users'; ids: number[] }
  /** The members of these companies and every administrator (a deal's two parties and the platform's staff). */
  | { kind: 'companiesAndAdmins'; ids: number[] };

/**
 * A notice between nodes that rights changed (access.ts). It is shaped like a message (so it keeps its place
 * among lot updates on Redis) but goes to no socket: no socket follows UsersStream without a procedure.
 */
interface AccessNoticeMessage {
  channel: 'UsersStream';
  briefcase_id: null;
  action: 'users';
  payload: { access_changed: AccessChange };
  t: number;
}

/** What the bus carries: a live message for sockets (built with `liveMessage`), or an access notice. */
type BusMessage = LiveMessage | AccessNoticeMessage;

export interface BusEvent {
  message: BusMessage;
  audience: Audience;
}

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  /** Registers the node's handler; returns the function that removes it. */
  subscribe(handler: (event: BusEvent) => void): () => void;
  /**
   * Registers what to do when the node hears the other nodes again after a gap (Redis back): events published
   * meanwhile were lost, so the live hub sends its sockets fresh snapshots. A bus without gaps never calls it.
   */
  onResync?(handler: () => void): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  private readonly handlers = new Set<(event: BusEvent) => void>();

  async publish(event: BusEvent): Promise<void> {
    for (const handler of this.handlers) handler(event);
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
