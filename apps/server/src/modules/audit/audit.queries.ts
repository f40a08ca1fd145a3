/** SQL of the audit log: append after a chain's head (one round trip when the head is known), read a chain in order. */
import { asc, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type ChainEntry, entryHash, GENESIS_HASH } from './chain/hashChain.ts';

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
/** Appends after a wrong head that are tried again before giving up (many writers on one chain take turns). */
const MAX_ATTEMPTS = 1000;

export interface AuditEntryInput {
  briefcaseId: number | null;
  action: string;
  actorUserId: number | null;
  payload: Record<string, unknown>;
  at: Date;
}

/** Appends one entry to the procedure's chain, inside the transaction that makes the change (appendAuditBatch). */
export function appendAudit(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  return appendAuditBatch(tx, [entry]);
}

/** Raised when another writer appended to a chain during appendAuditBatch; the caller's transaction must roll back. */
export class AuditChainMoved extends Error {}

/** Entries of one or more chains, hashed after the heads this process knows, ready for one insert. */
export interface AuditPlan {
  entries: AuditEntryInput[];
  chains: number[];
  /** Each chain's head after the plan's entries. */
  heads: Map<number, Head>;
  /** The rows, as jsonb for auditInsert. */
  json: string;
  /** How many rows each chain has. */
  counts: Map<number, number>;
}

/**
 * Hashes entries of one or more chains in the order given within each chain, after the head this process remembers
 * for each (read in one query for chains it does not know).
 */
export async function planAudit(tx: DbOrTx, entries: AuditEntryInput[]): Promise<AuditPlan> {
  const chains = [...new Set(entries.map((e) => e.briefcaseId ?? 0))];
  const start = await chainHeads(tx, chains);
  const known = new Map(start);
  const counts = new Map<number, number>();
  const rows = entries.map((entry) => {
    const chain = entry.briefcaseId ?? 0;
    const head = known.get(chain)!;
    const base = start.get(chain)!;
    const createdAt = new Date(entry.at.getTime());
    const seq = head.seq + 1;
    const hash = entryHash(head.hash, {
      seq,
      action: entry.action,
      actorUserId: entry.actorUserId,
      payload: entry.payload,
      createdAt,
    });
    known.set(chain, { seq, hash });
    counts.set(chain, (counts.get(chain) ?? 0) + 1);
    return {
      briefcase_id: entry.briefcaseId,
      chain,
      seq,
      action: entry.action,
      actor_user_id: entry.actorUserId,
      payload: entry.payload,
      prev_hash: head.hash,
      hash,
      created_at: createdAt.toISOString(),
      base_seq: base.seq,
      base_hash: base.hash,
    };
  });
  return { entries, chains, heads: known, json: JSON.stringify(rows), counts };
}

/**
 * The insert of a plan's rows (its `json`, or a placeholder for it in a prepared statement), returning the chain of
 * each row that went in. A chain's rows go in only all together: the insert checks that the head they were hashed
 * after is still the chain's last entry. Both checks are scalar subqueries on the chain's key, so each is an index
 * lookup: as EXISTS the planner could hash the whole log instead, and every batch got slower as the log grew.
 */
export function auditInsert(rows: AuditPlan['json'] | Placeholder): SQL {
  return sql`insert into ${auditLog}
    (briefcase_id, seq, action, actor_user_id, payload, prev_hash, hash, created_at)
    select r.briefcase_id, r.seq, r.action, r.actor_user_id, r.payload, r.prev_hash, r.hash, r.created_at
    from jsonb_to_recordset(${rows}::jsonb) as r(briefcase_id integer, chain integer, seq integer,
      action text, actor_user_id integer, payload jsonb, prev_hash text, hash text, created_at timestamptz,
      base_seq integer, base_hash text)
    where (select a.seq from ${auditLog} a where coalesce(a.briefcase_id, 0) = r.chain order by a.seq desc limit 1)
        is not distinct from nullif(r.base_seq, 0)
      and (r.base_seq = 0 or (select a.hash from ${auditLog} a where coalesce(a.briefcase_id, 0) = r.chain
        and a.seq = r.base_seq) = r.base_hash)
    on conflict do nothing
    returning coalesce(briefcase_id, 0) as chain`;
}

/**
 * What became of a plan's insert, from the chains of the rows that went in: chains that went in whole are
 * remembered at their new head; the entries of chains whose remembered head was wrong (none went in) are returned
 * to be planned again; a chain that went in only in part (another writer took some of its seqs while the insert
 * ran) throws AuditChainMoved, so the caller's transaction rolls back and nothing is left half-linked.
 */
export function settleAudit(plan: AuditPlan, insertedChains: number[]): AuditEntryInput[] {
  const inserted = new Map<number, number>();
  for (const chain of insertedChains) inserted.set(chain, (inserted.get(chain) ?? 0) + 1);
  const retry = new Set<number>();
  for (const chain of plan.chains) {
    const went = inserted.get(chain) ?? 0;
    if (went === plan.counts.get(chain)) {
      if (!heads.has(chain) && heads.size >= MAX_HEADS) heads.clear();
      heads.set(chain, plan.heads.get(chain)!);
    } else if (went === 0) {
      heads.delete(chain);
      retry.add(chain);
    } else {
      heads.delete(chain);
      throw new AuditChainMoved(`audit: the chain of procedure ${chain} moved during the batch`);
    }
  }
  return plan.entries.filter((e) => retry.has(e.briefcaseId ?? 0));
}

/**
 * Appends entries to one or more chains in one statement per attempt (the bid batch, decisions/0050): planAudit,
 * auditInsert, settleAudit, again for the chains whose remembered head was wrong.
 */
export async function appendAuditBatch(tx: DbOrTx, entries: AuditEntryInput[]): Promise<void> {
  let pending = entries;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === MAX_ATTEMPTS) throw new AuditChainMoved('audit: the heads of the chain kept moving');
    const plan = await planAudit(tx, pending);
    const result = await tx.execute(auditInsert(plan.json));
    pending = settleAudit(
      plan,
      (result as unknown as { rows: { chain: number }[] }).rows.map((r) => Number(r.chain)),
    );
  }
}

/**
 * The heads of these chains: remembered ones as they are, the others read in one query. Chains are matched on
 * `coalesce(briefcase_id, 0)`, the key of the unique index audit_log_chain_key, so each head is found through it.
 */
async function chainHeads(tx: DbOrTx, chains: number[]): Promise<Map<number, Head>> {
  const found = new Map<number, Head>();
  const unknown: number[] = [];
  for (const chain of chains) {
    const head = heads.get(chain);
    if (head) found.set(chain, head);
    else unknown.push(chain);
  }
  if (unknown.length === 0) return found;
  const result =
    await tx.execute(sql`select c.chain, coalesce(h.seq, 0) as seq, coalesce(h.hash, ${GENESIS_HASH}) as hash
    from unnest(${`{${unknown.join(',')}}`}::int[]) as c(chain)
    left join lateral (select a.seq, a.hash from ${auditLog} a where coalesce(a.briefcase_id, 0) = c.chain
      order by a.seq desc limit 1) h on true`);
  for (const row of (result as unknown as { rows: { chain: number; seq: number; hash: string }[] }).rows) {
    found.set(Number(row.chain), { seq: Number(row.seq), hash: row.hash });
  }
  return found;
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

/** The last entry of a procedure's chain (seq 0 and the genesis hash when it has none). */
export async function readChainHead(db: DbOrTx, briefcaseId: number): Promise<{ seq: number; hash: string }> {
  const result = await db.execute(sql`select a.seq, a.hash from ${auditLog} a
    where coalesce(a.briefcase_id, 0) = ${briefcaseId} order by a.seq desc limit 1`);
  const [row] = (result as unknown as { rows: { seq: number; hash: string }[] }).rows;
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: GENESIS_HASH };
}
