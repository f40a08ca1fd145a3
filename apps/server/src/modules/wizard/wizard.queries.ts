/** Every SQL statement of the wizard's save and send-for-approval. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  briefcaseCompanyLists,
  briefcaseRowColumns,
  briefcases,
  companies,
  lots,
} from '../../db/schema/index.ts';

export async function findDraftRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...briefcaseRowColumns,
      // The snapshot, or a registry that came with the lots from the round before, or a procedure past its
      // approval (it had one): the demo's procedures are stored without snapshots (decisions/0241).
      hasRegistry: sql<boolean>`(${briefcases.registryColumns} is not null or ${briefcases.convertedFrom} is not null
        or ${briefcases.status} not in ('created', 'pending'))`,
      companyName: companies.fullName,
    })
    .from(briefcases)
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(eq(briefcases.id, id));
  return row ?? null;
}
export type DraftRow = NonNullable<Awaited<ReturnType<typeof findDraftRow>>>;

export async function findDraftLots(db: DbOrTx, briefcaseId: number) {
  return db.select().from(lots).where(eq(lots.briefcaseId, briefcaseId)).orderBy(asc(lots.number));
}
export type DraftLotRow = Awaited<ReturnType<typeof findDraftLots>>[number];

export async function findListedCompanies(db: DbOrTx, briefcaseId: number) {
  return db
    .select({
      list: briefcaseCompanyLists.list,
      id: companies.id,
      full_name: companies.fullName,
      inn: companies.inn,
    })
    .from(briefcaseCompanyLists)
    .innerJoin(companies, eq(companies.id, briefcaseCompanyLists.companyId))
    .where(eq(briefcaseCompanyLists.briefcaseId, briefcaseId))
    .orderBy(asc(briefcaseCompanyLists.createdAt), asc(companies.id));
}

export async function countCompanies(db: DbOrTx, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.id, [...ids]));
  return rows.length;
}

export async function replaceCompanyList(
  tx: DbOrTx,
  briefcaseId: number,
  list: 'whitelist' | 'blacklist',
  ids: readonly number[],
) {
  await tx
    .delete(briefcaseCompanyLists)
    .where(and(eq(briefcaseCompanyLists.briefcaseId, briefcaseId), eq(briefcaseCompanyLists.list, list)));
  if (ids.length > 0)
    await tx
      .insert(briefcaseCompanyLists)
      .values([...new Set(ids)].map((companyId) => ({ briefcaseId, companyId, list })));
}

export async function updateBriefcase(
  tx: DbOrTx,
  id: number,
  changes: Partial<typeof briefcases.$inferInsert>,
) {
  const [row] = await tx
    .update(briefcases)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(briefcases.id, id))
    .returning({ ...briefcaseRowColumns });
  return row!;
}

export interface LotChange {
  id: number;
  start_price: number;
  step_price: number | null;
  max_price: number | null;
  min_price: number | null;
  step_count: number | null;
  start_datetime: string | null;
  end_datetime: string | null;
}

/** One statement for every lot of the procedure (thousands of lots): a JSON recordset joined by id. */
export async function updateLots(tx: DbOrTx, briefcaseId: number, changes: readonly LotChange[]) {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update lots l set
      start_price = v.start_price, step_price = v.step_price, max_price = v.max_price, min_price = v.min_price,
      step_count = v.step_count, start_datetime = v.start_datetime, end_datetime = v.end_datetime,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(
      id int, start_price bigint, step_price bigint, max_price bigint, min_price bigint, step_count int,
      start_datetime timestamptz, end_datetime timestamptz)
    where l.id = v.id and l.briefcase_id = ${briefcaseId}`);
}

/** The composite lot's columns (null: the procedure has none). */
export type CompositeLotValues = Omit<typeof lots.$inferInsert, 'id' | 'briefcaseId' | 'composite'>;

/**
 * Makes the procedure's composite "whole portfolio" lot what `values` says: updated in place when it exists (its
 * id stays, so predictions and links keep it), inserted when missing, removed when `values` is null.
 */
export async function syncCompositeLot(tx: DbOrTx, briefcaseId: number, values: CompositeLotValues | null) {
  const existing = await tx
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.briefcaseId, briefcaseId), eq(lots.composite, true)))
    .orderBy(asc(lots.id));
  if (values === null) {
    if (existing.length > 0)
      await tx.delete(lots).where(and(eq(lots.briefcaseId, briefcaseId), eq(lots.composite, true)));
    return;
  }
  const [keep, ...extra] = existing;
  if (extra.length > 0)
    await tx.delete(lots).where(
      inArray(
        lots.id,
        extra.map((l) => l.id),
      ),
    );
  if (keep) {
    await tx
      .update(lots)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lots.id, keep.id));
  } else {
    await tx.insert(lots).values({ ...values, briefcaseId, composite: true });
  }
}
