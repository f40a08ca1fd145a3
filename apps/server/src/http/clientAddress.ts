/**
 * Whose address a request comes from. The socket's address, unless TRUST_PROXY names the proxies in front of the
 * server (a number of hops, or their addresses): only then is X-Forwarded-For read, and only as far as those
 * proxies vouch for it. A client can put anything in a header, so no limit and no rule ever rests on one alone.
 */
import { isIP } from 'node:net';

/** false: the socket's address; a number: that many proxies in front; a list: the proxies' addresses or ranges. */
export type TrustProxy = false | number | string[];

const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses TRUST_PROXY; an Error names what is wrong with it. */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) return new Error('число прокси должно быть от 0 до 10');
    return hops;
  }
  if (value === 'true') {
    return new Error(
      'true поверило бы любому X-Forwarded-For; укажите число прокси перед сервером (1) или их адреса (10.0.0.1,10.0.0.0/8)',
    );
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !PRESETS.has(entry) && !isAddressOrRange(entry));
  if (bad.length) {
    return new Error(`не адрес и не диапазон: ${bad.join(', ')} (пример: 10.0.0.1,10.0.0.0/8)`);
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const version = isIP(address);
  if (!version) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** True for the loopback addresses of both families, IPv4-mapped ones included. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** True when a server listening on `host` cannot be reached from another machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || isLoopbackAddress(bare);
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the first n hops from the socket are proxies". */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
