/**
 * What the procedure card shows that depends on the viewer's company or on the lots (spec 2 §2 card header,
 * §3 TP fields): the sum of the company's own standing bids, whether it has an enabled autobid, the lot id range
 * (the lot dialog's arrows wrap from the last to the first).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { autobids, lots } from '../../db/schema/index.ts';

export interface CardViewerFacts {
  bidsTotalAmountCents: number | null;
  hasEnabledAutobids: boolean;
  minLotId: number | null;
  maxLotId: number | null;
}

export async function findCardViewerFacts(
  db: DbOrTx,
  briefcaseId: number,
  companyId: number | null,
): Promise<CardViewerFacts> {
  const [range] = await db
    .select({ min: sql<number | null>`min(${lots.id})`, max: sql<number | null>`max(${lots.id})` })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId));
  if (companyId === null)
    return {
      bidsTotalAmountCents: null,
      hasEnabledAutobids: false,
      minLotId: idOrNull(range?.min),
      maxLotId: idOrNull(range?.max),
    };
  // Per lot, the company's latest bid that still stands; their sum is what it has offered in this procedure.
  const totals = (await db.execute(sql`
    select sum(amount) as total from (
      select distinct on (lot_id) amount from bids
      where briefcase_id = ${briefcaseId} and company_id = ${companyId} and state <> 'withdrawn'
      order by lot_id, id desc
    ) own`)) as unknown as { rows: { total: string | number | null }[] };
  const [autobid] = await db
    .select({ id: autobids.id })
    .from(autobids)
    .innerJoin(lots, eq(lots.id, autobids.lotId))
    .where(
      and(eq(lots.briefcaseId, briefcaseId), eq(autobids.companyId, companyId), eq(autobids.enabled, true)),
    )
    .limit(1);
  const total = totals.rows[0]?.total ?? null;
  return {
    bidsTotalAmountCents: total === null ? null : Number(total),
    hasEnabledAutobids: autobid !== undefined,
    minLotId: idOrNull(range?.min),
    maxLotId: idOrNull(range?.max),
  };
}

const idOrNull = (v: number | string | null | undefined) =>
  v === null || v === undefined ? null : Number(v);
