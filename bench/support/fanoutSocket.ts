/**
 * The fan-out benchmark's WebSocket client, reduced to what the benchmark needs: the opening handshake (RFC 6455
 * §4), masked text frames out, and unfragmented text frames in, each handed over whole as a string. The clients
 * share the machine's two cores with the server, and `ws`'s receiving path (a Writable stream per socket, an event
 * per message) cost about 38 µs per 3.5 KB frame against 26 µs here (measured with 4,000 sockets), so this client
 * leaves more of the machine to the server under test. It still reads and parses every frame.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface FanoutSocket {
  send(text: string): void;
  /** Receives each text frame of the server. */
  onText: (text: string) => void;
  terminate(): void;
}

function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + 4 + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = 0x80 | n;
  else if (n < 65_536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeUInt32BE(0, 2);
    frame.writeUInt32BE(n, 6);
  }
  const mask = randomBytes(4);
  mask.copy(frame, header);
  for (let i = 0; i < n; i++) frame[header + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

/** Opens a WebSocket to `url` (ws://host:port/path); resolves once the server has accepted the upgrade. */
export function openFanoutSocket(url: string): Promise<FanoutSocket> {
  const target = new URL(url);
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    let pending: Buffer | null = null;
    let open = false;
    const client: FanoutSocket = {
      send: (text) => socket.write(maskedTextFrame(text)),
      onText: () => {},
      terminate: () => socket.destroy(),
    };
    socket.once('error', reject);
    socket.on('connect', () =>
      socket.write(
        `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      let buf = pending?.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!open) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = buf;
          return;
        }
        const head = buf.toString('latin1', 0, end);
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(accept)) {
          socket.destroy();
          reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
          return;
        }
        open = true;
        buf = buf.subarray(end + 4);
        resolve(client);
      }
      let at = 0;
      while (buf.length - at >= 2) {
        const opcode = buf[at]! & 0x0f;
        let length = buf[at + 1]! & 0x7f;
        let header = 2;
        if (length === 126) {
          if (buf.length - at < 4) break;
          length = buf.readUInt16BE(at + 2);
          header = 4;
        } else if (length === 127) {
          if (buf.length - at < 10) break;
          length = buf.readUInt32BE(at + 6);
          header = 10;
        }
        if (buf.length - at < header + length) break;
        if (opcode === 0x1) client.onText(buf.toString('utf8', at + header, at + header + length));
        else if (opcode === 0x8) socket.destroy();
        at += header + length;
      }
      pending = at === buf.length ? null : buf.subarray(at);
    });
  });
}
