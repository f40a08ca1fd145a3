/** SQL of the audit log: append under a per-procedure lock, read a chain in order. */
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type ChainEntry, entryHash, GENESIS_HASH } from './audit.chain.ts';

/** Key space of transaction-level advisory locks that serialise appends to one procedure's chain. */
const AUDIT_LOCK_SPACE = 7_270_100;

const chainOf = (briefcaseId: number | null) =>
  briefcaseId === null ? isNull(auditLog.briefcaseId) : eq(auditLog.briefcaseId, briefcaseId);

/** Appends one entry to the procedure's chain. Must run inside the transaction that makes the change. */
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
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_SPACE}, ${entry.briefcaseId ?? 0})`);
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(chainOf(entry.briefcaseId))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  // Milliseconds only: what timestamptz keeps must hash the same when read back.
  const createdAt = new Date(entry.at.getTime());
  const hash = entryHash(prevHash, {
    seq,
    action: entry.action,
    actorUserId: entry.actorUserId,
    payload: entry.payload,
    createdAt,
  });
  await tx.insert(auditLog).values({
    briefcaseId: entry.briefcaseId,
    seq,
    action: entry.action,
    actorUserId: entry.actorUserId,
    payload: entry.payload,
    prevHash,
    hash,
    createdAt,
  });
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
