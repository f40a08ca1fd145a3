/**
 * The price forecast's calls: predict (spec 2 §7) and the forms lots pre-fill for it (the selling company and
 * administrators), and for administrators the current version and a retrain.
 */
import { predictionFormsQuery, predictRequestSchema } from '@etp/contracts';
import { FORECAST_MESSAGES as M } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { currentModel, predict, predictionForms, retrain } from './forecast.service.ts';
import { ForecastEngine } from './model/engine.ts';

export function forecastRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const engine = new ForecastEngine();
    app.addHook('onClose', () => engine.close());

    app.post(
      '/api/v1/predicted_price/predict',
      { preHandler: ctx.guards.user, schema: { body: predictRequestSchema } },
      async (request) => ok(await predict(ctx, engine, authOf(request), request.body.lot_params)),
    );

    app.get(
      '/api/v1/predicted_price/forms',
      { preHandler: ctx.guards.user, schema: { querystring: predictionFormsQuery } },
      async (request) => ok(await predictionForms(ctx, authOf(request), request.query)),
    );

    app.get('/api/v1/predicted_price/model', { preHandler: ctx.guards.admin }, async () =>
      ok(await currentModel(ctx)),
    );

    app.post('/api/v1/predicted_price/retrain', { preHandler: ctx.guards.admin }, async (request) =>
      ok(await retrain(ctx, 'admin', authOf(request).user.id), M.retrainStarted),
    );
  };
}
