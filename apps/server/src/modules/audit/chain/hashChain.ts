/**
 * The hash chain of the audit log, as pure functions: each entry's hash covers the previous hash and the
 * entry's canonical content, so changing, removing or reordering any entry breaks every later link.
 */
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

export interface ChainEntry {
  seq: number;
  action: string;
  actorUserId: number | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  prevHash: string;
  hash: string;
}

/** JSON with keys sorted at every level, so equal content always hashes equally. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function entryHash(prevHash: string, entry: Omit<ChainEntry, 'prevHash' | 'hash'>): string {
  const content = canonicalJson({
    seq: entry.seq,
    action: entry.action,
    actor: entry.actorUserId,
    payload: entry.payload,
    at: entry.createdAt.toISOString(),
  });
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

export type ChainVerdict =
  | { ok: true; entries: number; head: string }
  | { ok: false; entries: number; brokenAtSeq: number; reason: string };

/** Walks the entries in seq order and reports the first broken link. */
export function verifyChain(entries: ChainEntry[]): ChainVerdict {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  for (const entry of entries) {
    if (entry.seq !== expectedSeq) {
      return { ok: false, entries: entries.length, brokenAtSeq: expectedSeq, reason: 'пропущена запись' };
    }
    if (entry.prevHash !== prev) {
      return {
        ok: false,
        entries: entries.length,
        brokenAtSeq: entry.seq,
        reason: 'нарушена связь с предыдущей записью',
      };
    }
    if (entryHash(prev, entry) !== entry.hash) {
      return {
        ok: false,
        entries: entries.length,
        brokenAtSeq: entry.seq,
        reason: 'содержимое записи изменено',
      };
    }
    prev = entry.hash;
    expectedSeq++;
  }
  return { ok: true, entries: entries.length, head: prev };
}
