/**
 * An administrator's save of an active procedure (spec 1 §4: its start and step are locked, the rest may change).
 * The wizard sends a step's fields back whole, changed or not: a locked field is a change only when its value
 * differs from the stored one. Times are compared to the minute (the form shows minutes; the stored start may carry
 * seconds), money to the kopeck. Trading goes on while it saves: each lot keeps its start and prices, and a new end
 * moves every lot still trading by as much as the procedure's end moved, so a lot extended by a late bid keeps its
 * extension; a dutch clock is not touched.
 */
import type { BriefcaseSaveBody } from '@etp/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { DraftLotRow, DraftRow, LotChange } from '../wizard.queries.ts';
import { findDraftLots, findDraftRow } from '../wizard.queries.ts';

const MINUTE_MS = 60_000;
const minuteOf = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : Math.floor(new Date(value).getTime() / MINUTE_MS);

/** `body` without the locked fields that only repeat what is stored (pure). */
function withoutUnchangedLocks(
  body: BriefcaseSaveBody,
  row: Pick<DraftRow, 'startDatetime' | 'stepPrice' | 'customSteps' | 'withCompositeLot' | 'auctionType'>,
  lots: readonly Pick<DraftLotRow, 'id' | 'composite' | 'stepPrice' | 'startPrice' | 'minPrice'>[],
): BriefcaseSaveBody {
  const kept: Record<string, unknown> = { ...body };
  if (body.start_datetime !== undefined && minuteOf(body.start_datetime) === minuteOf(row.startDatetime))
    delete kept.start_datetime;
  if (body.step_price !== undefined && body.step_price === row.stepPrice) delete kept.step_price;
  if (body.custom_steps !== undefined && body.custom_steps === row.customSteps) delete kept.custom_steps;
  if (body.with_composite_lot !== undefined && body.with_composite_lot === row.withCompositeLot)
    delete kept.with_composite_lot;
  const byId = new Map(lots.filter((l) => !l.composite).map((l) => [String(l.id), l]));
  const same = (
    map: Record<string, number | null> | undefined,
    stored: (lot: (typeof lots)[number]) => number | null,
  ) =>
    map !== undefined && Object.entries(map).every(([id, v]) => byId.has(id) && stored(byId.get(id)!) === v);
  if (same(body.lots_step_price, (l) => l.stepPrice)) delete kept.lots_step_price;
  const sellerPrice = (l: (typeof lots)[number]) => (row.auctionType === 'dutch' ? l.minPrice : l.startPrice);
  if (same(body.lots_start_prices_cents, sellerPrice)) delete kept.lots_start_prices_cents;
  return kept as BriefcaseSaveBody;
}

/** Reads what the comparison needs, for an active procedure only (others are not locked). */
export async function changedLocksOnly(
  db: DbOrTx,
  id: number,
  status: string,
  body: BriefcaseSaveBody,
): Promise<BriefcaseSaveBody> {
  if (status !== 'active') return body;
  const [row, lots] = await Promise.all([findDraftRow(db, id), findDraftLots(db, id)]);
  return row ? withoutUnchangedLocks(body, row, lots) : body;
}

/**
 * The lots of an active procedure after a save: their own times and prices, the end moved with the procedure's
 * (regular lots in `changes`, the whole-portfolio lot in `composite`).
 */
export function activeLotChanges(
  stored: Pick<DraftRow, 'endDatetime' | 'auctionType'>,
  merged: Pick<DraftRow, 'endDatetime'>,
  lots: readonly DraftLotRow[],
): { changes: LotChange[]; dutchEnd: Date | null; composite: LotChange[] } {
  const dutch = stored.auctionType === 'dutch';
  const shift =
    !dutch && stored.endDatetime && merged.endDatetime
      ? merged.endDatetime.getTime() - stored.endDatetime.getTime()
      : 0;
  const all = lots.map((lot) => {
    const trading = lot.status === 'active' || lot.status === 'ready' || lot.status === 'created';
    const end = lot.endDatetime && trading ? new Date(lot.endDatetime.getTime() + shift) : lot.endDatetime;
    return {
      id: lot.id,
      start_price: lot.startPrice,
      step_price: lot.stepPrice,
      max_price: lot.maxPrice,
      min_price: lot.minPrice,
      step_count: lot.stepCount,
      start_datetime: lot.startDatetime?.toISOString() ?? null,
      end_datetime: end?.toISOString() ?? null,
    };
  });
  return {
    changes: all.filter((_, i) => !lots[i]!.composite),
    dutchEnd: dutch ? stored.endDatetime : null,
    // The whole-portfolio lot trades too: its end moves alike, and it is not rebuilt while trading.
    composite: all.filter((_, i) => lots[i]!.composite),
  };
}
