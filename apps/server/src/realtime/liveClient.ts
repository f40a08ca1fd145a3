/** A socket on the live hub (hub.ts): who it is, what it follows, and where its frames are written. */
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import type { DirectStream } from './frames.ts';

export interface LiveClient {
  socket: WebSocket;
  /** Where the socket's ready frames are written (frames.ts: decided once, when the socket is attached). */
  stream: DirectStream | null;
  auth: AuthContext | null;
  /** The access token the socket authenticated with (re-authorisation verifies it again). */
  token: string | null;
  /**
   * Procedures whose seller (or administrator) this client is: decided when subscribing, and decided again when
   * the user's rights change (decision 0067). Every delivery reads it, so seller-only frames follow the rights
   * the user has now.
   */
  masterOf: Set<number>;
  keys: Set<string>;
  /** The client's rights are being decided again: nothing is sent to it meanwhile; it gets its backlog after. */
  held: boolean;
}
