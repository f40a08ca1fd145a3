/**
 * A small JSON client over node:http with keep-alive: cheaper per request than fetch, so the load generator
 * leaves more of the machine to the server it measures.
 */
import { Agent, request } from 'node:http';

export interface JsonReply {
  status: number;
  body: { status?: string; data?: unknown; message?: string; code?: string } | null;
}

export class JsonClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets = 64) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  call(method: 'GET' | 'POST', path: string, token: string | null, payload?: unknown): Promise<JsonReply> {
    const body = payload === undefined ? null : Buffer.from(JSON.stringify(payload));
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    return new Promise((resolve, reject) => {
      const req = request(
        { agent: this.agent, host: this.host, port: this.port, method, path, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: JsonReply['body'] = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = { message: text };
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body) req.end(body);
      else req.end();
    });
  }

  post(path: string, token: string | null, payload: unknown) {
    return this.call('POST', path, token, payload);
  }

  get(path: string, token: string | null) {
    return this.call('GET', path, token);
  }

  close(): void {
    this.agent.destroy();
  }
}
