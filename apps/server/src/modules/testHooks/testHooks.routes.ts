/**
 * Hooks for the browser journeys, registered only when NODE_ENV=test (decisions/0143), and only for
 * administrators: cut the live channel for a while, as a restarting server does; move an active lot's end, so
 * that "the last minutes" of a lot can be reached without waiting hours; bring an approved procedure's start near,
 * every time of it and its lots moved by as much (an approval needs a start ahead, a journey need not wait for it);
 * move an active procedure's times back, as if time had passed (a dutch clock falls without a minute's wait);
 * bring a deal's running deadline near, so that a journey sees the deal fail without waiting working days.
 */
import { idParams, liveOutageBody, secondsFromNowBody, secondsPassedBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import type { LiveOutage } from '../../realtime/live.routes.ts';
import { publishDealChanges } from '../deals/deals.live.ts';
import { publishLots } from '../lots/lots.live.ts';
import {
  findActiveProcedureStart,
  findReadyProcedureStart,
  setActiveLotEnd,
  setRunningDealDeadline,
  shiftProcedureTimes,
} from './testHooks.queries.ts';

export function testHooksRoutes(ctx: AppContext, outage: LiveOutage): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/test/live/outage',
      {
        preValidation: ctx.guards.admin,
        schema: { body: liveOutageBody },
      },
      async (request) => {
        outage.start(request.body.ms, Date.now());
        return ok({ until: new Date(outage.until).toISOString() });
      },
    );

    app.post(
      '/api/v1/test/lots/:id/ends_in',
      {
        preValidation: ctx.guards.admin,
        schema: { params: idParams, body: secondsFromNowBody },
      },
      async (request) => {
        const end = new Date(ctx.now().getTime() + request.body.seconds * 1000);
        const moved = await setActiveLotEnd(ctx.db, request.params.id, end);
        if (moved.length === 0) throw notFound();
        // Open pages learn the new end as from any lot update.
        await publishLots(ctx, ctx.leaderTag, [request.params.id]);
        return ok({ end_datetime: end.toISOString() });
      },
    );

    app.post(
      '/api/v1/test/briefcases/:id/starts_in',
      {
        preValidation: ctx.guards.admin,
        schema: { params: idParams, body: secondsFromNowBody },
      },
      async (request) => {
        const id = request.params.id;
        const current = await findReadyProcedureStart(ctx.db, id);
        if (!current) throw notFound();
        const start = new Date(ctx.now().getTime() + request.body.seconds * 1000);
        const moved = await ctx.db.transaction((tx) =>
          shiftProcedureTimes(tx, id, start.getTime() - current.getTime()),
        );
        await publishLots(ctx, ctx.leaderTag, moved);
        return ok({ start_datetime: start.toISOString() });
      },
    );

    app.post(
      '/api/v1/test/briefcases/:id/advance',
      {
        preValidation: ctx.guards.admin,
        schema: { params: idParams, body: secondsPassedBody },
      },
      async (request) => {
        const id = request.params.id;
        const current = await findActiveProcedureStart(ctx.db, id);
        if (!current) throw notFound();
        const ms = -request.body.seconds * 1000;
        const moved = await ctx.db.transaction((tx) => shiftProcedureTimes(tx, id, ms));
        // The scheduler's next pass sees the time passed (a dutch clock falls, a lot ends); open pages re-read.
        await publishLots(ctx, ctx.leaderTag, moved);
        return ok({ start_datetime: new Date(current.getTime() + ms).toISOString() });
      },
    );

    app.post(
      '/api/v1/test/deals/:id/deadline_in',
      {
        preValidation: ctx.guards.admin,
        schema: { params: idParams, body: secondsFromNowBody },
      },
      async (request) => {
        const at = new Date(ctx.now().getTime() + request.body.seconds * 1000);
        const moved = await setRunningDealDeadline(ctx.db, request.params.id, at);
        if (!moved) throw notFound();
        // Open deal blocks learn the new deadline as from any deal change.
        await publishDealChanges(ctx, [moved]);
        return ok({ deadline_at: at.toISOString() });
      },
    );
  };
}
