/** Satisfaction and named surveys (spec 3 §7.3). */
import { csiRatingBody, csiTriggerQuery, surveyAnswerBody, surveyTriggerQuery } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { SURVEY_TEXTS as T } from './surveys.messages.ts';
import { answerSurvey, csiTrigger, rateCsi, surveyTrigger } from './surveys.service.ts';

export function surveysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { onRequest: ctx.guards.user };

    app.get('/api/v1/csi/trigger', { ...user, schema: { querystring: csiTriggerQuery } }, async (request) =>
      ok(await csiTrigger(ctx, authOf(request), request.query.path)),
    );

    app.post('/api/v1/csi/rating', { ...user, schema: { body: csiRatingBody } }, async (request) => {
      await rateCsi(ctx, authOf(request), request.body);
      return ok(null, T.thanks);
    });

    app.get(
      '/api/v1/surveys/trigger',
      { ...user, schema: { querystring: surveyTriggerQuery } },
      async (request) => ok(await surveyTrigger(ctx, authOf(request), request.query.name)),
    );

    app.post('/api/v1/surveys/answer', { ...user, schema: { body: surveyAnswerBody } }, async (request) => {
      await answerSurvey(ctx, authOf(request), request.body);
      return ok(null, T.thanks);
    });
  };
}
