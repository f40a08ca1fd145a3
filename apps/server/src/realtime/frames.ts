/**
 * WebSocket text frames built once and written to many sockets. A server's frames are not masked, so the bytes
 * of one message are the same for every socket: the hub frames a message once and writes the frames queued for a
 * socket with one write (one system call) instead of one `ws.send` per message per socket.
 */
import { WebSocket } from 'ws';

/** An unmasked, final text frame (RFC 6455 §5.2) carrying `payload`. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + n);
  frame[0] = 0x81;
  if (n < 126) {
    frame[1] = n;
  } else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, header);
  return frame;
}

/** The part of ws's WebSocket this module relies on beyond its public API: the TCP stream it writes to. */
interface WithStream {
  _socket?: DirectStream | null;
}

/** A socket's TCP stream, written to directly. */
export interface DirectStream {
  write(chunk: Buffer): boolean;
  destroyed?: boolean;
}

/**
 * The stream to write a socket's ready frames to, decided once when the socket is attached: ws negotiates its
 * extensions in the opening handshake, before it hands the socket over, so they do not change afterwards. Null
 * when frames cannot be written directly (an extension such as permessage-deflate is active, or ws no longer
 * exposes its stream): that socket's messages always go through `ws.send`.
 */
export function directStream(socket: WebSocket): DirectStream | null {
  if (socket.extensions !== '') return null;
  const stream = (socket as unknown as WithStream)._socket;
  return stream && typeof stream.write === 'function' ? stream : null;
}

/**
 * Writes ready frames straight to the socket's stream, after whatever ws has written before (ws writes each
 * frame synchronously when no extension is negotiated, so nothing of its own is waiting). Returns false when
 * that cannot be done (no direct stream, or the socket is no longer open); the caller then uses `ws.send`.
 */
export function writeFrames(socket: WebSocket, stream: DirectStream | null, frames: Buffer): boolean {
  if (stream === null || stream.destroyed || socket.readyState !== WebSocket.OPEN) return false;
  stream.write(frames);
  return true;
}
