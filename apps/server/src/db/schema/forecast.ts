/** The price forecast (issue 17): every model version with its training size and backtest, every forecast made. */
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { at, bigId, createdAt, id, money } from './common.ts';
import { lots } from './lots.ts';

export const forecastModels = pgTable('forecast_models', {
  /** The model's version number. */
  id: id(),
  kind: text('kind').$type<'quantile_forest'>().notNull(),
  /** FORECAST_ENCODING_VERSION of the vectors it was trained on. */
  encoding: integer('encoding').notNull(),
  trainingSize: integer('training_size').notNull(),
  /** The end of the latest lot it was trained on. */
  trainedThrough: at('trained_through'),
  /** BacktestFigures of the time-ordered 80/20 backtest run before training on everything. */
  backtest: jsonb('backtest').$type<Record<string, number>>(),
  trigger: text('trigger').$type<'leader' | 'admin'>().notNull(),
  requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  trainingMs: integer('training_ms').notNull(),
  /** The trained model (modules/forecast/model/model.ts PriceModel). */
  model: jsonb('model').$type<unknown>().notNull(),
  createdAt: createdAt(),
});

export const forecasts = pgTable(
  'forecasts',
  {
    id: bigId(),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'cascade' }),
    /** The model version that made it; null when the documented prior did (too little history). */
    modelId: integer('model_id').references(() => forecastModels.id),
    source: text('source').$type<'model' | 'prior'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The ForecastInput the forecast was made from. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    startPrice: money('start_price').notNull(),
    endPrice: money('end_price').notNull(),
    /** True when the input was the lot's own (not an administrator's what-if): then it is the lot's forecast. */
    own: boolean('own').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('forecasts_lot_idx').on(t.lotId, t.id)],
);
