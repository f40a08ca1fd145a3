/** SQL of the audit log: append after a chain's head (one round trip when the head is known), read a chain in order. */
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type ChainEntry, entryHash, GENESIS_HASH } from './audit.chain.ts';

/**
 * The chain key of the unique index audit_log_chain_key: filtering on it (not on briefcase_id) lets the head of a
 * chain be found through that index instead of by reading the whole log.
 */
const chainKey = (briefcaseId: number | null) =>
  sql`coalesce(${auditLog.briefcaseId}, 0) = ${briefcaseId ?? 0}`;

const chainOf = (briefcaseId: number | null) =>
  briefcaseId === null ? isNull(auditLog.briefcaseId) : eq(auditLog.briefcaseId, briefcaseId);

interface Head {
  seq: number;
  hash: string;
}

/**
 * The last entry this process appended to each chain: a guess that saves reading the head. The insert checks it
 * (decisions/0016): it only goes in when the guessed head is a committed entry of this database and nothing follows
 * it yet, so a wrong guess (another node appended, the appending transaction rolled back, another database in
 * the same process) costs one more round trip, never a broken chain.
 */
const heads = new Map<number, Head>();
const MAX_HEADS = 10_000;

async function readHead(tx: DbOrTx, briefcaseId: number | null): Promise<Head> {
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(chainKey(briefcaseId))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return last ?? { seq: 0, hash: GENESIS_HASH };
}

/**
 * Appends one entry to the procedure's chain. Must run inside the transaction that makes the change. The entry
 * takes the next seq after the head; the unique index (chain, seq) makes two appenders of one chain take turns:
 * the second waits for the first to commit, finds its seq taken (ON CONFLICT DO NOTHING) and appends after it.
 */
export async function appendAudit(
  tx: DbOrTx,
  entry: {
    briefcaseId: number | null;
    action: string;
    actorUserId: number | null;
    payload: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  const chain = entry.briefcaseId ?? 0;
  // Milliseconds only: what timestamptz keeps must hash the same when read back.
  const createdAt = new Date(entry.at.getTime());
  let head: Head | null = heads.get(chain) ?? null;
  for (let attempt = 0; attempt < 1000; attempt++) {
    head ??= await readHead(tx, entry.briefcaseId);
    const seq = head.seq + 1;
    const prevHash = head.hash;
    const hash = entryHash(prevHash, {
      seq,
      action: entry.action,
      actorUserId: entry.actorUserId,
      payload: entry.payload,
      createdAt,
    });
    const after =
      head.seq === 0
        ? sql`not exists (select 1 from ${auditLog} where ${chainKey(entry.briefcaseId)})`
        : sql`exists (select 1 from ${auditLog} where ${chainKey(entry.briefcaseId)} and ${auditLog.seq} = ${head.seq} and ${auditLog.hash} = ${prevHash})`;
    const result = await tx.execute(sql`insert into ${auditLog}
      (briefcase_id, seq, action, actor_user_id, payload, prev_hash, hash, created_at)
      select ${entry.briefcaseId}::integer, ${seq}::integer, ${entry.action}::text, ${entry.actorUserId}::integer,
        ${JSON.stringify(entry.payload)}::jsonb, ${prevHash}::text, ${hash}::text, ${createdAt.toISOString()}::timestamptz
      where ${after}
      on conflict do nothing
      returning seq`);
    if ((result as unknown as { rows: unknown[] }).rows.length === 1) {
      if (heads.size >= MAX_HEADS) heads.clear();
      heads.set(chain, { seq, hash });
      return;
    }
    head = null;
  }
  throw new Error(`audit: could not append to the chain of procedure ${chain}`);
}

export async function readChain(db: DbOrTx, briefcaseId: number | null): Promise<ChainEntry[]> {
  return db
    .select({
      seq: auditLog.seq,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      payload: auditLog.payload,
      createdAt: auditLog.createdAt,
      prevHash: auditLog.prevHash,
      hash: auditLog.hash,
    })
    .from(auditLog)
    .where(chainOf(briefcaseId))
    .orderBy(asc(auditLog.seq));
}

export async function chainIds(db: DbOrTx): Promise<(number | null)[]> {
  const rows = await db.selectDistinct({ id: auditLog.briefcaseId }).from(auditLog);
  return rows.map((r) => r.id);
}
