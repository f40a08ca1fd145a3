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
  _socket?: { write(chunk: Buffer): boolean; destroyed?: boolean } | null;
}

/**
 * Writes ready frames straight to the socket's stream, after whatever ws has written before (ws writes each
 * frame synchronously when no extension is negotiated, so nothing of its own is waiting). Returns false when
 * that cannot be done safely (an extension such as permessage-deflate is active, the socket is not open, or ws
 * no longer exposes its stream); the caller then sends each message with `ws.send`.
 */
export function writeFrames(socket: WebSocket, frames: Buffer): boolean {
  if (socket.readyState !== WebSocket.OPEN || socket.extensions !== '') return false;
  const stream = (socket as unknown as WithStream)._socket;
  if (!stream || typeof stream.write !== 'function' || stream.destroyed) return false;
  stream.write(frames);
  return true;
}
