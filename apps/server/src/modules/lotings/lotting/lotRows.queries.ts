/**
 * A procedure's lot rows as lotting writes them (the upload's ingestion and reloting, on the raw session) and the
 * lots the wizard reads, with the lotting parameters and assignment stored on the procedure.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { lots } from '../../../db/schema/index.ts';
import type { RawSession } from '../../registries/ingest/rawSession.ts';

export interface LotRowDraft {
  number: number;
  name: string;
  itemsCount: number;
  amountTotal: number;
  amountBottomline: number;
  bottomlineMean: number;
  dpd: number | null;
  dplp: number | null;
  startPrice: number;
  minPrice: number | null;
  productType: string | null;
  federalDistrict: string | null;
  stage: string | null;
  analytics: Record<string, unknown>;
}

export async function deleteLotsRaw(session: RawSession, briefcaseId: number): Promise<void> {
  await session.query('delete from lots where briefcase_id = $1', [briefcaseId]);
}

export async function insertLotsRaw(session: RawSession, briefcaseId: number, lots: readonly LotRowDraft[]) {
  const CHUNK = 5000;
  for (let i = 0; i < lots.length; i += CHUNK) {
    const chunk = lots.slice(i, i + CHUNK);
    const col = <K extends keyof LotRowDraft>(key: K) => chunk.map((l) => l[key]);
    await session.query(
      `insert into lots (briefcase_id, number, name, items_count, amount_total, amount_bottomline,
         bottomline_mean, dpd, dplp, start_price, min_price, product_type, federal_district, stage, analytics)
       select $1, * from unnest($2::int[], $3::text[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[],
         $8::int[], $9::int[], $10::bigint[], $11::bigint[], $12::text[], $13::text[], $14::text[], $15::jsonb[])`,
      [
        briefcaseId,
        col('number'),
        col('name'),
        col('itemsCount'),
        col('amountTotal'),
        col('amountBottomline'),
        col('bottomlineMean'),
        col('dpd'),
        col('dplp'),
        col('startPrice'),
        col('minPrice'),
        col('productType'),
        col('federalDistrict'),
        col('stage'),
        chunk.map((l) => JSON.stringify(l.analytics)),
      ],
    );
  }
}

export async function saveLottingRaw(
  session: RawSession,
  briefcaseId: number,
  values: { lotingParams: unknown; assignment: Buffer; startPrice: number },
): Promise<void> {
  await session.query(
    `update briefcases set loting_params = $2, lot_assignment = decode($3, 'base64'), start_price = $4,
       updated_at = now() where id = $1`,
    [
      briefcaseId,
      JSON.stringify(values.lotingParams),
      values.assignment.toString('base64'),
      values.startPrice,
    ],
  );
}

export async function findWizardLots(db: Db, briefcaseId: number) {
  return db.select().from(lots).where(eq(lots.briefcaseId, briefcaseId)).orderBy(asc(lots.number));
}
