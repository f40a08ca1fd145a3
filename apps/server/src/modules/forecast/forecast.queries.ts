/** SQL of the price forecast: the lots it is asked about, the sold lots it learns from, versions and forecasts. */
import {
  FORECAST_ENCODING_VERSION,
  FORECAST_FLAGS,
  type ForecastLotFacts,
  type SellerType,
} from '@etp/domain';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { briefcases, companies, forecastModels, forecasts, lots } from '../../db/schema/index.ts';

/** The analytics keys the encoding reads: the rest of the jsonb (lists of creditors, kinds...) stays in the row. */
const ANALYTICS_KEYS = [...FORECAST_FLAGS, 'regions_list', 'amount_for_360_days_cents'];
const analyticsSlice = sql<Record<string, unknown> | null>`(select jsonb_object_agg(e.key, e.value)
  from jsonb_each(coalesce(${lots.analytics}, '{}'::jsonb)) e
  where e.key in (${sql.join(
    ANALYTICS_KEYS.map((k) => sql`${k}`),
    sql`, `,
  )}))`;

const factsColumns = {
  auctionType: briefcases.auctionType,
  amountTotal: lots.amountTotal,
  amountBottomline: lots.amountBottomline,
  dpd: lots.dpd,
  dplp: lots.dplp,
  itemsCount: lots.itemsCount,
  sellerKind: sql<SellerType>`${companies.kind}`,
  analytics: analyticsSlice,
};

export interface LotFactsRow extends ForecastLotFacts {
  lotId: number;
  companyId: number;
}

/** The lots a forecast is asked about, with their procedure's owner and seller type. */
export async function lotFacts(db: DbOrTx, lotIds: readonly number[]): Promise<LotFactsRow[]> {
  if (lotIds.length === 0) return [];
  return db
    .select({ lotId: lots.id, companyId: briefcases.companyId, ...factsColumns })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(inArray(lots.id, [...lotIds]));
}

export interface LotFormRow extends LotFactsRow {
  predictedStartPrice: number | null;
  predictedEndPrice: number | null;
}

/** One lot, or every lot of a procedure in lot-number order: the facts its prediction form is made of. */
export async function lotFormFacts(
  db: DbOrTx,
  of: { lotId: number } | { briefcaseId: number },
): Promise<LotFormRow[]> {
  return db
    .select({
      lotId: lots.id,
      companyId: briefcases.companyId,
      ...factsColumns,
      predictedStartPrice: lots.predictedStartPrice,
      predictedEndPrice: lots.predictedEndPrice,
    })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where('lotId' in of ? eq(lots.id, of.lotId) : eq(lots.briefcaseId, of.briefcaseId))
    .orderBy(lots.number, lots.id);
}

/** The procedure's selling company, or null when there is no such procedure. */
export async function briefcaseCompany(db: DbOrTx, briefcaseId: number): Promise<number | null> {
  const [row] = await db
    .select({ companyId: briefcases.companyId })
    .from(briefcases)
    .where(eq(briefcases.id, briefcaseId));
  return row?.companyId ?? null;
}

/** The price a finished lot sold at: the winning bid, or the leading one while the seller has not chosen yet. */
const soldBid = sql`coalesce(${lots.winnerBidId}, case when ${lots.status} = 'finished' then ${lots.leaderBidId} end)`;
const soldFilter = sql`${lots.status} in ('finished', 'closed') and not ${lots.composite}
  and ${lots.amountBottomline} > 0 and ${soldBid} is not null`;

/** How many lots sold so far (or that ended after `after`): the history the model may learn from. */
export async function countSoldLots(db: DbOrTx, after: Date | null = null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lots)
    .where(after ? and(soldFilter, gt(lots.endDatetime, after)) : soldFilter);
  return row?.n ?? 0;
}

export interface SoldLotRow extends ForecastLotFacts {
  price: number;
  endedAt: Date | null;
}

/** The most recent `limit` sold lots, oldest first. */
export async function soldLots(db: DbOrTx, limit: number): Promise<SoldLotRow[]> {
  const rows = await db
    .select({
      ...factsColumns,
      price: sql<number>`(select b.amount from bids b where b.id = ${soldBid})`.mapWith(Number),
      endedAt: lots.endDatetime,
    })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .innerJoin(companies, eq(companies.id, briefcases.companyId))
    .where(soldFilter)
    .orderBy(desc(lots.endDatetime), desc(lots.id))
    .limit(limit);
  return rows.reverse();
}

const modelInfoColumns = {
  id: forecastModels.id,
  trainingSize: forecastModels.trainingSize,
  trainedThrough: forecastModels.trainedThrough,
  backtest: forecastModels.backtest,
  createdAt: forecastModels.createdAt,
};

/** The newest model version's figures (not the model itself), or null. */
export async function latestModelInfo(db: DbOrTx) {
  const [row] = await db
    .select(modelInfoColumns)
    .from(forecastModels)
    .where(eq(forecastModels.encoding, FORECAST_ENCODING_VERSION))
    .orderBy(desc(forecastModels.id))
    .limit(1);
  return row ?? null;
}

export async function modelBody(db: DbOrTx, id: number): Promise<unknown> {
  const [row] = await db
    .select({ model: forecastModels.model })
    .from(forecastModels)
    .where(eq(forecastModels.id, id));
  return row?.model ?? null;
}

export async function insertModel(db: DbOrTx, values: typeof forecastModels.$inferInsert) {
  const [row] = await db.insert(forecastModels).values(values).returning(modelInfoColumns);
  return row!;
}

/** Each lot's latest forecast (the "previous" one of the next). */
export async function latestForecasts(db: DbOrTx, lotIds: readonly number[]) {
  if (lotIds.length === 0) return [];
  return db
    .selectDistinctOn([forecasts.lotId], {
      lotId: forecasts.lotId,
      modelId: forecasts.modelId,
      startPrice: forecasts.startPrice,
      endPrice: forecasts.endPrice,
      createdAt: forecasts.createdAt,
    })
    .from(forecasts)
    .where(inArray(forecasts.lotId, [...lotIds]))
    .orderBy(forecasts.lotId, desc(forecasts.id));
}

export async function insertForecasts(db: DbOrTx, rows: (typeof forecasts.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(forecasts).values(rows);
}

/** An own forecast becomes the lot's predicted prices (the wizard's lots table shows them). */
export async function setLotPrediction(db: DbOrTx, lotId: number, startPrice: number, endPrice: number) {
  await db
    .update(lots)
    .set({ predictedStartPrice: startPrice, predictedEndPrice: endPrice })
    .where(eq(lots.id, lotId));
}
