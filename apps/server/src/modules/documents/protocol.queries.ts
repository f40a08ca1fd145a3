/** SQL of the trade protocol: what it says, which procedures need a fresh one, and putting the new files in place. */
import { DEAL_STATE_LABELS, isAuctionType, isBriefcaseStatus, RESULT_STATUSES } from '@etp/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { auditLog, bids, briefcases, companies, deals, documents, lots } from '../../db/schema/index.ts';
import { readChainHead } from '../audit/audit.queries.ts';
import { lotTitle } from '../events/events.messages.ts';
import { PROTOCOL_LAST_BIDS, type ProtocolBid, type ProtocolData } from './formats/protocolModel.ts';

type GeneratedKind = 'protocol' | 'main_report';

const protocolSeq = sql`coalesce((select max(d.source_seq) from ${documents} d
  where d.briefcase_id = b.id and d.kind = 'protocol'), -1)`;
const chainSeq = sql`coalesce((select a.seq from ${auditLog} a
  where coalesce(a.briefcase_id, 0) = b.id order by a.seq desc limit 1), 0)`;
const afterTrading = sql`b.status in (${sql.join(
  RESULT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/**
 * Procedures traded on the platform (their audit chain has entries) whose protocol is missing or older than the
 * chain's head (it just finished, or a winner was chosen since), oldest first. Each check is two index lookups.
 * Procedures without a chain (imported history) get theirs when someone asks (ensureProtocol).
 */
export async function staleProtocols(db: DbOrTx, limit: number): Promise<number[]> {
  const result = await db.execute(sql`select b.id from ${briefcases} b
    where ${afterTrading} and ${chainSeq} > 0 and ${protocolSeq} < ${chainSeq}
    order by b.id limit ${limit}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/** Whether the procedure is after trading and its protocol is missing or older than its chain's head. */
export async function isProtocolStale(db: DbOrTx, briefcaseId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from ${briefcases} b
    where b.id = ${briefcaseId} and ${afterTrading} and ${protocolSeq} < ${chainSeq}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** What the protocol of the procedure says now; null when it does not exist. */
export async function gatherProtocol(
  db: DbOrTx,
  briefcaseId: number,
  at: Date,
): Promise<ProtocolData | null> {
  const [procedure] = await db
    .select({
      id: briefcases.id,
      status: briefcases.status,
      nextRoundCount: briefcases.nextRoundCount,
      auctionType: briefcases.auctionType,
      currency: briefcases.currency,
      startDatetime: briefcases.startDatetime,
      endDatetime: briefcases.endDatetime,
      sellerName: companies.name,
      sellerFullName: companies.fullName,
      sellerInn: companies.inn,
    })
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(eq(briefcases.id, briefcaseId));
  if (!procedure || !isBriefcaseStatus(procedure.status) || !isAuctionType(procedure.auctionType))
    return null;
  // The head first: whatever is read after it is at least as new as the chain the document names.
  const audit = await readChainHead(db, briefcaseId);
  const lotRows = await db
    .select({
      id: lots.id,
      number: lots.number,
      aliasNumber: lots.aliasNumber,
      status: lots.status,
      startPrice: lots.startPrice,
      bidsCount: lots.bidsCount,
      biddersCount: lots.biddersCount,
      isWithoutWinner: lots.isWithoutWinner,
      winnerBidId: lots.winnerBidId,
      leaderBidId: lots.leaderBidId,
      winnerName: companies.name,
    })
    .from(lots)
    .leftJoin(companies, eq(companies.id, lots.winnerCompanyId))
    .where(eq(lots.briefcaseId, briefcaseId))
    .orderBy(asc(lots.composite), asc(lots.number), asc(lots.id));
  const keyBidIds = lotRows.flatMap((l) => [l.winnerBidId, l.leaderBidId]).filter((id): id is number => !!id);
  const keyBids = keyBidIds.length
    ? await db
        .select({ id: bids.id, amount: bids.amount, companyName: companies.name })
        .from(bids)
        .innerJoin(companies, eq(companies.id, bids.companyId))
        .where(inArray(bids.id, keyBidIds))
    : [];
  const bidById = new Map(keyBids.map((b) => [b.id, b]));
  const lastBids = await lastBidsByLot(db, briefcaseId);
  const dealStates = await lotDealStates(db, briefcaseId);
  return {
    briefcaseId,
    status: procedure.status,
    nextRoundCount: procedure.nextRoundCount,
    auctionType: procedure.auctionType,
    seller: { name: procedure.sellerName, fullName: procedure.sellerFullName, inn: procedure.sellerInn },
    startDatetime: procedure.startDatetime?.toISOString() ?? null,
    endDatetime: procedure.endDatetime?.toISOString() ?? null,
    currency: procedure.currency,
    lots: lotRows.map((lot) => {
      const winning = lot.winnerBidId ? bidById.get(lot.winnerBidId) : undefined;
      const leading = lot.leaderBidId ? bidById.get(lot.leaderBidId) : undefined;
      return {
        id: lot.id,
        title: lotTitle(lot),
        status: lot.status,
        startPrice: lot.startPrice,
        finalPrice: (winning ?? leading)?.amount ?? null,
        winner: winning ? (lot.winnerName ?? winning.companyName) : null,
        withoutWinner: lot.isWithoutWinner,
        leader: !winning && !lot.isWithoutWinner ? (leading?.companyName ?? null) : null,
        bidsCount: lot.bidsCount,
        biddersCount: lot.biddersCount,
        lastBids: lastBids.get(lot.id) ?? [],
        deal: dealStates.get(lot.id) ?? null,
      };
    }),
    audit,
    generatedAt: at.toISOString(),
  };
}

/**
 * The state label of each lot's newest deal (decisions/0263): the winner's, or the second bidder's once offered.
 * A deal step appends to the procedure's audit chain, so the protocol made after it shows the new state.
 */
export async function lotDealStates(db: DbOrTx, briefcaseId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ lotId: deals.lotId, state: deals.state })
    .from(deals)
    .where(eq(deals.briefcaseId, briefcaseId))
    .orderBy(asc(deals.lotId), desc(deals.attempt));
  const byLot = new Map<number, string>();
  for (const row of rows) if (!byLot.has(row.lotId)) byLot.set(row.lotId, DEAL_STATE_LABELS[row.state]);
  return byLot;
}

/** The newest live bids of each lot (replaced and withdrawn offers left out, decisions/0236), newest first. */
async function lastBidsByLot(db: DbOrTx, briefcaseId: number): Promise<Map<number, ProtocolBid[]>> {
  const result =
    await db.execute(sql`select r.lot_id, r.created_at, r.amount, r.source_type, c.name as company_name
    from (select b.lot_id, b.company_id, b.created_at, b.amount, b.source_type, b.id,
            row_number() over (partition by b.lot_id order by b.id desc) as n
          from ${bids} b where b.briefcase_id = ${briefcaseId} and b.state = 'active') r
    join ${companies} c on c.id = r.company_id
    where r.n <= ${PROTOCOL_LAST_BIDS}
    order by r.lot_id, r.id desc`);
  const byLot = new Map<number, ProtocolBid[]>();
  for (const row of (
    result as unknown as {
      rows: {
        lot_id: number;
        created_at: Date | string;
        amount: number | string;
        source_type: 'hand' | 'auto';
        company_name: string;
      }[];
    }
  ).rows) {
    const lotId = Number(row.lot_id);
    const list = byLot.get(lotId) ?? [];
    list.push({
      at: new Date(row.created_at).toISOString(),
      amount: Number(row.amount),
      source: row.source_type,
      companyName: row.company_name,
    });
    byLot.set(lotId, list);
  }
  return byLot;
}

export interface GeneratedFile {
  kind: GeneratedKind;
  title: string;
  name: string;
  key: string;
  bytesSize: number;
}

/**
 * Puts freshly made documents in place of the procedure's older ones of the same kinds, unless a document made
 * from a newer chain head is already there. Returns the storage keys no longer referenced (to delete after commit),
 * or null when this one lost to a newer.
 */
export async function replaceGenerated(
  tx: Tx,
  briefcaseId: number,
  sourceSeq: number,
  files: GeneratedFile[],
  at: Date,
): Promise<string[] | null> {
  // One generator at a time per procedure: the procedure row is the lock.
  await tx.select({ id: briefcases.id }).from(briefcases).where(eq(briefcases.id, briefcaseId)).for('update');
  const kinds = files.map((f) => f.kind);
  const old = await tx
    .select({ id: documents.id, key: documents.storageKey, sourceSeq: documents.sourceSeq })
    .from(documents)
    .where(and(eq(documents.briefcaseId, briefcaseId), inArray(documents.kind, kinds)));
  if (old.some((d) => (d.sourceSeq ?? -1) > sourceSeq)) return null;
  if (old.length)
    await tx.delete(documents).where(
      inArray(
        documents.id,
        old.map((d) => d.id),
      ),
    );
  await tx.insert(documents).values(
    files.map((f) => ({
      briefcaseId,
      kind: f.kind,
      title: f.title,
      name: f.name,
      extension: 'pdf',
      bytesSize: f.bytesSize,
      storageKey: f.key,
      sourceSeq,
      createdAt: at,
    })),
  );
  return old.map((d) => d.key);
}
