/** The price forecast: POST /api/v1/predicted_price/predict (spec 1 §2, spec 2 §3 "Prediction form", §7; issue 17). */
import {
  FORECAST_AUCTION_TYPES,
  FORECAST_FACTORS,
  FORECAST_FLAGS,
  type ForecastFlag,
  SELLER_TYPES,
} from '@etp/domain';
import { z } from 'zod';
import { MAX_PREDICTION_LOTS } from './forecastLimits.ts';
import { dbId, dbIdNumber } from './ids.ts';

/** A flag is the lot's share of cases with it, 0..1 (the spec's 0 or 1 are its extremes). */
const share = z.number().min(0).max(1);
const kopecks = z.number().int().min(0).max(9_000_000_000_000_000);

const forecastFlagsSchema = z.object(
  Object.fromEntries(FORECAST_FLAGS.map((flag) => [flag, share.default(0)])) as Record<
    ForecastFlag,
    z.ZodDefault<typeof share>
  >,
);

/** The prediction form: one lot (its id) with the fields the administrator may change. */
const predictionFormSchema = z.object({
  id: dbIdNumber,
  auction_type: z.enum(FORECAST_AUCTION_TYPES),
  amount_total: kopecks,
  amount_bottomline: kopecks,
  dpd: z.number().int().min(0).max(9999),
  dplp: z.number().int().min(0).max(9999),
  items_count: z.number().int().min(0).max(999_999),
  seller_type: z.enum(SELLER_TYPES),
  flags: forecastFlagsSchema,
});
export type PredictionForm = z.infer<typeof predictionFormSchema>;

/**
 * A flag as a client sends it (spec 2 §3: "flags 0 or 1"): a share 0..1, a boolean, or the text "0" / "1" of a form
 * field; read as the share (decisions/0250).
 */
const flagInput = z.union([share, z.boolean(), z.enum(['0', '1'])]);
type FlagInput = z.infer<typeof flagInput>;
const shareOf = (value: FlagInput): number =>
  typeof value === 'number' ? value : value === true || value === '1' ? 1 : 0;

const flagInputs = () =>
  Object.fromEntries(FORECAST_FLAGS.map((flag) => [flag, flagInput.default(0)])) as Record<
    ForecastFlag,
    z.ZodDefault<typeof flagInput>
  >;

const predictionFormFields = predictionFormSchema.omit({ flags: true });

/** The nested form (what GET /api/v1/predicted_price/forms answers): the flags in one `flags` object. */
const nestedPredictionForm = predictionFormFields.extend({ flags: z.object(flagInputs()) });

/** The spec's form (spec 2 §3): each flag a plain field beside the others (`dead: 1, bankruptcy: 0, …`). */
const flatPredictionForm = predictionFormFields.extend({
  ...flagInputs(),
  // A body with a `flags` object is the nested form: a malformed one is refused there, never read as flat.
  flags: z.never().optional(),
});

const isFlag = (key: string) => (FORECAST_FLAGS as readonly string[]).includes(key);

/** Either form, read as the nested one with each flag a share: both give the same prediction. */
const predictionFormInputSchema = z
  .union([nestedPredictionForm, flatPredictionForm])
  .transform((form): PredictionForm => {
    const given = (form.flags ?? form) as Record<ForecastFlag, FlagInput>;
    const flags = Object.fromEntries(FORECAST_FLAGS.map((flag) => [flag, shareOf(given[flag])])) as Record<
      ForecastFlag,
      number
    >;
    const fields = Object.fromEntries(
      Object.entries(form).filter(([key]) => key !== 'flags' && !isFlag(key)),
    ) as Omit<PredictionForm, 'flags'>;
    return { ...fields, flags };
  });

export const predictRequestSchema = z.object({
  lot_params: z.array(predictionFormInputSchema).min(1).max(MAX_PREDICTION_LOTS),
});

const forecastReasonSchema = z.object({
  factor: z.enum(FORECAST_FACTORS),
  /** How much this factor moved the sale price against a typical lot, kopecks (signed). */
  effect: z.number().int(),
});

const forecastPriceSchema = z.object({
  start_price: z.number().int(),
  end_price: z.number().int(),
});

const previousForecastSchema = forecastPriceSchema.extend({
  model_version: z.number().int().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});

const lotForecastSchema = forecastPriceSchema.extend({
  id: z.number().int(),
  /** The form was the lot's own (not a what-if): the forecast became the lot's predicted prices. */
  own: z.boolean(),
  reasons: z.array(forecastReasonSchema),
  /** The lot's forecast before this one, if any. */
  previous: previousForecastSchema.nullable(),
});
export type LotForecast = z.infer<typeof lotForecastSchema>;

const backtestFiguresSchema = z.object({
  train_size: z.number().int(),
  test_size: z.number().int(),
  mape: z.number(),
  coverage: z.number(),
  baseline_overall_mape: z.number(),
  baseline_seller_dpd_mape: z.number(),
  improvement: z.number(),
});
export type BacktestFigures = z.infer<typeof backtestFiguresSchema>;

/** Which model answered: a trained version, or the documented prior (then `version` is null). */
export const forecastModelInfoSchema = z.object({
  source: z.enum(['model', 'prior']),
  version: z.number().int().nullable(),
  /** ISO 8601, UTC; null for the prior. */
  trained_at: z.string().nullable(),
  training_size: z.number().int(),
  /** Lots the model had to learn from (sold lots now on the platform), and how many it needs. */
  history_size: z.number().int(),
  min_history: z.number().int(),
  /** The version's backtest; null for the prior. */
  backtest: backtestFiguresSchema.nullable(),
  /** Quantile of the start price; the sale price is the median. */
  start_quantile: z.number(),
  note: z.string(),
});
export type ForecastModelInfo = z.infer<typeof forecastModelInfoSchema>;

export const predictReplySchema = z.object({
  /** The spec's reply: start and sale price by lot id. */
  predicted_price: z.record(z.string(), forecastPriceSchema),
  forecasts: z.array(lotForecastSchema),
  model: forecastModelInfoSchema,
});
export type PredictReply = z.infer<typeof predictReplySchema>;

/**
 * GET /api/v1/predicted_price/forms: the prediction forms lots pre-fill (the Прогноз tab's fields, the wizard's
 * lot_params), for one lot or every lot of a procedure. The form is the server's own encoding of the lot, so sent
 * back unchanged it is the lot's own forecast.
 */
export const predictionFormsQuery = z
  .object({ briefcase_id: dbId.optional(), lot_id: dbId.optional() })
  .refine((q) => (q.briefcase_id === undefined) !== (q.lot_id === undefined), {
    message: 'Укажите либо процедуру (briefcase_id), либо лот (lot_id)',
  });
export type PredictionFormsQuery = z.infer<typeof predictionFormsQuery>;

const lotPredictionFormSchema = z.object({
  id: z.number().int(),
  form: predictionFormSchema,
  /** The lot's own predicted prices (what the wizard's lots table shows); null until forecast. */
  predicted_price: forecastPriceSchema.nullable(),
  /** The lot's latest forecast (an administrator's what-if included); null when none was made. */
  latest: previousForecastSchema.nullable(),
});
export type LotPredictionForm = z.infer<typeof lotPredictionFormSchema>;

export const predictionFormsReplySchema = z.object({
  forms: z.array(lotPredictionFormSchema),
  model: forecastModelInfoSchema,
});
export type PredictionFormsReply = z.infer<typeof predictionFormsReplySchema>;
