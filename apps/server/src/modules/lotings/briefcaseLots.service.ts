/**
 * Lots of a procedure's registry in the wizard: the lots table (lots.json), what lotting offers
 * (reloting_info), reloting from the stored typed columns, and the de-personalised lotted portfolio download.
 */
import type { Writable } from 'node:stream';
import type { LotingParamsInput, WizardLot } from '@etp/contracts';
import { LottingError, lottingPriceLimits } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { dateCell, type PortfolioColumn, writePortfolio } from '../registries/downloads/workbooks.ts';
import { withRawTransaction } from '../registries/ingest/rawSession.ts';
import { loadRegistrySnapshot } from '../registries/ingest/snapshot.queries.ts';
import { decodeAssignment, decodeColumns } from '../registries/ingest/snapshot.ts';
import { REGISTRY_MESSAGES as M } from '../registries/registries.messages.ts';
import { canChangeRegistry } from '../registries/registries.policy.ts';
import { findRowsPage } from '../registries/registries.queries.ts';
import { type RegistryBriefcase, requireManagedBriefcase } from '../registries/registries.service.ts';
import { compositeLotValues } from '../wizard/draft/compositeLot.ts';
import { findDraftLots, findDraftRow, syncCompositeLot } from '../wizard/wizard.queries.ts';
import { applyLotting } from './lotting/applyLotting.ts';
import { deleteLotsRaw, findWizardLots, insertLotsRaw, saveLottingRaw } from './lotting/lotRows.queries.ts';

type LotRow = Awaited<ReturnType<typeof findWizardLots>>[number];

/** A lot's figures as the wizard's table and the custom-template draft (lotings.service.ts) both show them. */
export function presentLotFigures(
  lot: Pick<
    LotRow,
    | 'number'
    | 'name'
    | 'itemsCount'
    | 'amountTotal'
    | 'amountBottomline'
    | 'bottomlineMean'
    | 'dpd'
    | 'dplp'
    | 'startPrice'
    | 'minPrice'
    | 'productType'
    | 'federalDistrict'
    | 'stage'
  >,
) {
  return {
    number: lot.number,
    name: lot.name,
    items_count: lot.itemsCount,
    amount_total: lot.amountTotal,
    amount_bottomline: lot.amountBottomline,
    bottomline_mean: lot.bottomlineMean,
    dpd: lot.dpd,
    dplp: lot.dplp,
    start_price: lot.startPrice,
    min_price: lot.minPrice,
    product_type: lot.productType,
    federal_district: lot.federalDistrict,
    stage: lot.stage,
  };
}

export function presentWizardLot(lot: LotRow): WizardLot {
  return {
    id: lot.id,
    ...presentLotFigures(lot),
    predicted_start_price: lot.predictedStartPrice,
    predicted_end_price: lot.predictedEndPrice,
    composite: lot.composite,
  };
}

function presentRegistryBriefcase(b: RegistryBriefcase) {
  return {
    id: b.id,
    briefcase_state: b.status,
    auction_type: b.auctionType,
    company_id: b.companyId,
    amount_total: b.amountTotal,
    amount_bottomline: b.amountBottomline,
    amount_mean: b.amountMean,
    bottomline_mean: b.bottomlineMean,
    start_price: b.startPrice,
    items_count: b.itemsCount,
    dpd: b.dpd,
    dplp: b.dplp,
    filling_percent: b.fillingPercent,
    loting_params: b.lotingParams,
    excel_custom: b.excelCustom,
    personal_data_found: b.personalDataFound,
    personal_data_agreement: b.personalDataAgreement,
    personal_data_skipped: b.personalDataSkipped,
    registry_report_id: b.registryReportId,
    registry_file_name: b.registryFileName,
  };
}

export async function wizardLots(ctx: AppContext, auth: AuthContext, id: number) {
  const briefcase = await requireManagedBriefcase(ctx, auth, id, { editable: false });
  return (await findWizardLots(ctx.db, briefcase.id)).map(presentWizardLot);
}

export async function relotingInfo(ctx: AppContext, auth: AuthContext, id: number) {
  const briefcase = await requireManagedBriefcase(ctx, auth, id, { editable: false });
  const snapshot = await loadRegistrySnapshot(ctx.db, 'briefcases', briefcase.id);
  if (!snapshot.columns) throw new AppError(409, 'conflict', M.noRegistry);
  const columns = decodeColumns(snapshot.columns);
  const limits = lottingPriceLimits(columns);
  let withLotNumbers = columns.count > 0;
  for (let i = 0; i < columns.count && withLotNumbers; i++)
    if (columns.lotNumber[i]! <= 0) withLotNumbers = false;
  return {
    loting_params: briefcase.lotingParams,
    min_price: limits.min_price,
    max_price: limits.max_price,
    items_count: columns.count,
    lots_count: (await findWizardLots(ctx.db, briefcase.id)).length,
    manual_splitting_available: withLotNumbers,
    editable: canChangeRegistry(briefcase).ok,
  };
}

/** New regular lots replace the composite one too: it is made again from them when the procedure has one. */
async function resyncCompositeLot(ctx: AppContext, briefcaseId: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await findDraftRow(tx, briefcaseId);
    if (!row) return;
    const regular = (await findDraftLots(tx, briefcaseId)).filter((lot) => !lot.composite);
    await syncCompositeLot(tx, briefcaseId, compositeLotValues(row, regular));
  });
}

/** POST /api/v1/briefcases/{id}/reloting: new lots from the stored columns; reply lots and briefcase. */
export async function reloting(ctx: AppContext, auth: AuthContext, id: number, params: LotingParamsInput) {
  const briefcase = await requireManagedBriefcase(ctx, auth, id);
  const snapshot = await loadRegistrySnapshot(ctx.db, 'briefcases', briefcase.id);
  if (!snapshot.columns) throw new AppError(409, 'conflict', M.noRegistry);
  const columns = decodeColumns(snapshot.columns);
  const lotingParams = {
    loting_type: params.loting_type,
    sort_type: params.sort_type,
    price: params.price ?? null,
  };
  let lotting: ReturnType<typeof applyLotting>;
  try {
    lotting = applyLotting(columns, lotingParams);
  } catch (error) {
    if (error instanceof LottingError) {
      throw new AppError(422, 'validation_failed', error.message, { [error.field]: [error.message] });
    }
    throw error;
  }
  await withRawTransaction(ctx, async (session) => {
    await deleteLotsRaw(session, briefcase.id);
    await insertLotsRaw(session, briefcase.id, lotting.lots);
    await saveLottingRaw(session, briefcase.id, {
      lotingParams,
      assignment: Buffer.from(
        lotting.assignment.buffer,
        lotting.assignment.byteOffset,
        lotting.assignment.byteLength,
      ),
      startPrice: lotting.startPrice,
    });
  });
  await resyncCompositeLot(ctx, briefcase.id);
  const updated = await requireManagedBriefcase(ctx, auth, id, { editable: false });
  return {
    lots: (await findWizardLots(ctx.db, briefcase.id)).map(presentWizardLot),
    briefcase: presentRegistryBriefcase(updated),
  };
}

const PORTFOLIO_COLUMNS: readonly PortfolioColumn[] = [
  { header: 'Лот' },
  { header: 'Номер договора' },
  { header: 'Код региона' },
  { header: 'ОД, ₽', format: 'money' },
  { header: 'ОСЗ, ₽', format: 'money' },
  { header: 'DPD' },
  { header: 'DPLP' },
  { header: 'Дата выдачи', format: 'date' },
  { header: 'Дата последнего платежа', format: 'date' },
  { header: 'Сумма последнего платежа, ₽', format: 'money' },
  { header: 'Выплачено, ₽', format: 'money' },
  { header: 'Платежи за 360 дней, ₽', format: 'money' },
  { header: 'Тип продукта' },
  { header: 'Вид кредита' },
  { header: 'Стадия' },
  { header: 'Первичный кредитор' },
  { header: 'Дата рождения', format: 'date' },
  { header: 'Пол' },
  { header: 'Местонахождение ИД' },
];

const rub = (kopecks: number | null) => (kopecks === null ? null : kopecks / 100);

/** Streams the de-personalised lotted portfolio as xlsx: only stored (never personal) columns. */
export async function writeLottedPortfolio(ctx: AppContext, briefcase: RegistryBriefcase, out: Writable) {
  const lotRows = await findWizardLots(ctx.db, briefcase.id);
  const { assignment: stored } = await loadRegistrySnapshot(ctx.db, 'briefcases', briefcase.id);
  const assignment = stored ? decodeAssignment(stored) : new Int32Array(0);
  const names = lotRows.map((l) => l.name ?? `Лот ${l.number}`);
  async function* rows() {
    let after = 0;
    let index = 0;
    for (;;) {
      const page = await findRowsPage(ctx.db, briefcase.id, after, 10_000);
      if (page.length === 0) return;
      for (const r of page) {
        const lot = names[assignment[index] ?? -1] ?? null;
        index += 1;
        yield [
          lot,
          r.contractId,
          r.regionCode,
          rub(r.amountTotal),
          rub(r.amountBottomline),
          r.dpd,
          r.dplp,
          dateCell(r.issueDate),
          dateCell(r.lastPaymentDate),
          rub(r.lastPaymentAmount),
          rub(r.paidAmount),
          rub(r.amountFor360Days),
          r.productType,
          r.loanKind,
          r.stage,
          r.firstCreditor,
          dateCell(r.birthDate),
          r.sex === 'male' ? 'М' : r.sex === 'female' ? 'Ж' : null,
          r.enforcementOrderPlacement,
        ];
      }
      after = page[page.length - 1]!.rowNumber;
    }
  }
  await writePortfolio(out, PORTFOLIO_COLUMNS, rows());
}
