/**
 * The bus carries live events between nodes: in-process when one node runs, Redis pub/sub when several do.
 * Every node delivers every event to its own subscribed sockets.
 */
import type { LiveMessage } from '@etp/contracts';

/** Who inside a channel receives an event. */
export type Audience =
  | { kind: 'all' }
  /** The procedure's seller and administrators. */
  | { kind: 'masters' }
  /** Everyone but the seller and administrators. */
  | { kind: 'participants' }
  | { kind: 'companies'; ids: number[] }
  | { kind: 'users'; ids: number[] };

export interface BusEvent {
  message: LiveMessage;
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
