/**
 * The price forecast's operations (issue 17, decisions/0105–0107): predict the lots of the prediction form,
 * retrain on the platform's sold lots (the scheduler's leader when enough new lots sold, or an administrator),
 * and describe the current version. Numbers are computed in worker threads (model/engine.ts).
 */
import type {
  ForecastModelInfo,
  LotForecast,
  PredictionForm,
  PredictionFormsQuery,
  PredictionFormsReply,
  PredictReply,
} from '@etp/contracts';
import {
  encodeForecastInput,
  FORECAST_ENCODING_VERSION,
  FORECAST_FACTORS,
  FORECAST_MIN_HISTORY,
  FORECAST_RETRAIN_AFTER,
  FORECAST_START_QUANTILE,
  type ForecastFactor,
  type ForecastInput,
  type ForecastLotFacts,
  forecastFormOf,
  forecastInputFromForm,
  forecastInputFromLot,
  FORECAST_MESSAGES as M,
  priorShares,
  shareToPrice,
} from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { canForecast } from './forecast.policy.ts';
import * as Q from './forecast.queries.ts';
import type { TrainingLot } from './model/backtest.ts';
import { type ForecastEngine, trainInWorker } from './model/engine.ts';
import type { PriceModel } from './model/model.ts';

/** Reasons are worked out for requests of this many lots or fewer (the Прогноз tab sends one). */
const EXPLAIN_UP_TO = 10;
/** The newest sold lots a model learns from. */
const MAX_TRAINING_LOTS = 20_000;

type ModelRow = NonNullable<Awaited<ReturnType<typeof Q.latestModelInfo>>>;

function modelInfo(latest: ModelRow | null, historySize: number): ForecastModelInfo {
  const common = {
    history_size: historySize,
    min_history: FORECAST_MIN_HISTORY,
    start_quantile: FORECAST_START_QUANTILE,
  };
  if (!latest) {
    return {
      ...common,
      source: 'prior',
      version: null,
      trained_at: null,
      training_size: 0,
      backtest: null,
      note: M.priorNote,
    };
  }
  return {
    ...common,
    source: 'model',
    version: latest.id,
    trained_at: latest.createdAt.toISOString(),
    training_size: latest.trainingSize,
    backtest: (latest.backtest as ForecastModelInfo['backtest']) ?? null,
    note: M.modelNote,
  };
}

/** The current version and the history behind it (the Прогноз tab's figures). */
export async function currentModel(ctx: AppContext): Promise<ForecastModelInfo> {
  const [latest, history] = await Promise.all([Q.latestModelInfo(ctx.db), Q.countSoldLots(ctx.db)]);
  return modelInfo(latest, history);
}

/**
 * The prediction forms of one lot or of every lot of a procedure, as the lots fill them, with each lot's predicted
 * prices and latest forecast: what the Прогноз tab pre-fills and the wizard sends as lot_params.
 */
export async function predictionForms(
  ctx: AppContext,
  auth: AuthContext,
  query: PredictionFormsQuery,
): Promise<PredictionFormsReply> {
  let rows: Q.LotFormRow[];
  if (query.lot_id !== undefined) {
    rows = await Q.lotFormFacts(ctx.db, { lotId: query.lot_id });
    const lot = rows[0];
    if (!lot) throw notFound(M.lotNotFound);
    if (!canForecast(auth, lot)) throw forbidden(M.notAllowed);
  } else {
    const briefcaseId = query.briefcase_id as number;
    const companyId = await Q.briefcaseCompany(ctx.db, briefcaseId);
    if (companyId === null) throw notFound(M.briefcaseNotFound);
    if (!canForecast(auth, { companyId })) throw forbidden(M.notAllowed);
    rows = await Q.lotFormFacts(ctx.db, { briefcaseId });
  }
  const [model, latest] = await Promise.all([
    currentModel(ctx),
    Q.latestForecasts(
      ctx.db,
      rows.map((r) => r.lotId),
    ),
  ]);
  const latestOf = new Map(latest.map((f) => [f.lotId, f]));
  return {
    forms: rows.map((row) => {
      const last = latestOf.get(row.lotId);
      return {
        id: row.lotId,
        form: { id: row.lotId, ...forecastFormOf(forecastInputFromLot(row)) },
        predicted_price:
          row.predictedStartPrice === null || row.predictedEndPrice === null
            ? null
            : { start_price: row.predictedStartPrice, end_price: row.predictedEndPrice },
        latest: last
          ? {
              start_price: last.startPrice,
              end_price: last.endPrice,
              model_version: last.modelId,
              created_at: last.createdAt.toISOString(),
            }
          : null,
      };
    }),
    model,
  };
}

const sameVector = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Forecasts each form of `params`: the model's quantiles when a version exists, the documented prior otherwise.
 * Every forecast is recorded with the version that made it; one made from the lot's own facts (the form as the lot
 * fills it) becomes the lot's predicted prices, while an administrator's what-if leaves the lot alone.
 */
export async function predict(
  ctx: AppContext,
  engine: ForecastEngine,
  auth: AuthContext,
  params: readonly PredictionForm[],
): Promise<PredictReply> {
  const ids = [...new Set(params.map((p) => p.id))];
  const facts = new Map((await Q.lotFacts(ctx.db, ids)).map((f) => [f.lotId, f]));
  for (const id of ids) {
    const lot = facts.get(id);
    if (!lot) throw notFound(M.lotNotFound);
    if (!canForecast(auth, lot)) throw forbidden(M.notAllowed);
  }
  const [latest, history] = await Promise.all([Q.latestModelInfo(ctx.db), Q.countSoldLots(ctx.db)]);
  const info = modelInfo(latest, history);

  const inputs = params.map((form) => {
    const own = forecastInputFromLot(facts.get(form.id) as ForecastLotFacts);
    const input = forecastInputFromForm(form, own);
    const x = encodeForecastInput(input);
    return { form, input, x, own: sameVector(x, encodeForecastInput(own)) };
  });

  let ranges: { low: number; median: number; reasons: { factor: string; share: number }[] }[];
  if (latest) {
    const load = async () => (await Q.modelBody(ctx.db, latest.id)) as PriceModel;
    const explain = params.length <= EXPLAIN_UP_TO;
    ranges = await engine.predict(
      { id: latest.id, load },
      inputs.map((i) => ({ x: i.x, explain })),
    );
  } else {
    ranges = inputs.map((i) => ({ ...priorShares(i.input), reasons: [] }));
  }

  const previous = new Map((await Q.latestForecasts(ctx.db, ids)).map((f) => [f.lotId, f]));
  const out: LotForecast[] = inputs.map((item, k) => {
    const range = ranges[k]!;
    const face = item.input.amount_bottomline;
    const before = previous.get(item.form.id);
    return {
      id: item.form.id,
      start_price: shareToPrice(range.low, face),
      end_price: shareToPrice(range.median, face),
      own: item.own,
      reasons: range.reasons
        .filter((r): r is { factor: ForecastFactor; share: number } =>
          (FORECAST_FACTORS as readonly string[]).includes(r.factor),
        )
        .map((r) => ({ factor: r.factor, effect: Math.round(r.share * face) })),
      previous: before
        ? {
            start_price: before.startPrice,
            end_price: before.endPrice,
            model_version: before.modelId,
            created_at: before.createdAt.toISOString(),
          }
        : null,
    };
  });

  await ctx.db.transaction(async (tx) => {
    await Q.insertForecasts(
      tx,
      out.map((f, k) => ({
        lotId: f.id,
        modelId: info.version,
        source: info.source,
        userId: auth.user.id,
        input: inputs[k]!.input as unknown as Record<string, unknown>,
        startPrice: f.start_price,
        endPrice: f.end_price,
        own: f.own,
      })),
    );
    for (const f of out) if (f.own) await Q.setLotPrediction(tx, f.id, f.start_price, f.end_price);
  });

  return {
    predicted_price: Object.fromEntries(
      out.map((f) => [String(f.id), { start_price: f.start_price, end_price: f.end_price }]),
    ),
    forecasts: out,
    model: info,
  };
}

function trainingLot(row: Q.SoldLotRow): TrainingLot {
  const input: ForecastInput = forecastInputFromLot(row);
  return {
    x: encodeForecastInput(input),
    y: Math.log(row.price / row.amountBottomline),
    sellerType: row.sellerKind,
    dpd: input.dpd,
    endedAt: row.endedAt?.getTime() ?? 0,
  };
}

/**
 * Trains a new version on the newest sold lots (backtest first, then on all of them) and stores it. One training
 * at a time per process: a second request waits for the running one.
 */
export function retrain(
  ctx: AppContext,
  trigger: 'leader' | 'admin',
  userId: number | null = null,
): Promise<ForecastModelInfo> {
  const running = ctx.node.forecastTraining;
  if (running) return running;
  const job = (async () => {
    const rows = (await Q.soldLots(ctx.db, MAX_TRAINING_LOTS)).filter((r) => r.price > 0);
    if (rows.length < FORECAST_MIN_HISTORY) throw conflict(M.notEnoughHistory);
    const trained = await trainInWorker(rows.map(trainingLot));
    const through = rows.reduce<Date | null>(
      (latest, r) => (r.endedAt && (!latest || r.endedAt > latest) ? r.endedAt : latest),
      null,
    );
    const row = await Q.insertModel(ctx.db, {
      kind: 'quantile_forest',
      encoding: FORECAST_ENCODING_VERSION,
      trainingSize: rows.length,
      trainedThrough: through,
      backtest: trained.backtest as Record<string, number> | null,
      trigger,
      requestedByUserId: userId,
      trainingMs: trained.ms,
      model: trained.model,
    });
    return modelInfo(row, await Q.countSoldLots(ctx.db));
  })().finally(() => {
    ctx.node.forecastTraining = null;
  });
  ctx.node.forecastTraining = job;
  return job;
}

/**
 * The leader's check: train the first version once the history reaches FORECAST_MIN_HISTORY lots, and a new one
 * whenever FORECAST_RETRAIN_AFTER lots have sold since the current version's latest lot. Returns the new version
 * or null.
 */
export async function retrainIfDue(ctx: AppContext): Promise<ForecastModelInfo | null> {
  if (ctx.node.forecastTraining) return null;
  const latest = await Q.latestModelInfo(ctx.db);
  const due = latest
    ? (await Q.countSoldLots(ctx.db, latest.trainedThrough)) >= FORECAST_RETRAIN_AFTER
    : (await Q.countSoldLots(ctx.db)) >= FORECAST_MIN_HISTORY;
  return due ? retrain(ctx, 'leader') : null;
}
