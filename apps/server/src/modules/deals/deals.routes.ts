/** The deal calls (decisions/0261): the list, a lot's deal, and each party's step; the operations are in contracts. */
import { cancelDealBody, dealsQuery, idParams, signDealBody } from '@etp/contracts';
import type { DealAction } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { DEAL_TEXTS as T } from './deals.messages.ts';
import {
  actOnDeal,
  findLotDeal,
  listDeals,
  offerToSecond,
  sendDealSignCode,
  signDeal,
} from './deals.service.ts';

/** The plain steps: path, the domain's action, the reply's message. */
const STEPS: readonly [string, DealAction, string][] = [
  ['mark_paid', { type: 'mark_paid' }, T.paidReported],
  ['confirm_payment', { type: 'confirm_payment' }, T.paymentConfirmed],
  ['accept_offer', { type: 'accept_offer' }, T.accepted],
  ['decline_offer', { type: 'decline_offer' }, T.declined],
];

export function dealsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/deals',
      { preHandler: ctx.guards.user, schema: { querystring: dealsQuery } },
      async (request) => ok(await listDeals(ctx, authOf(request), request.query)),
    );

    app.get(
      '/api/v1/lots/:id/deal',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await findLotDeal(ctx, authOf(request), request.params.id)),
    );

    app.post(
      '/api/v1/deals/:id/sign_code',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) =>
        ok(await sendDealSignCode(ctx, authOf(request), request.params.id, request.log), T.codeSent),
    );

    app.post(
      '/api/v1/deals/:id/sign',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: signDealBody } },
      async (request) =>
        ok(await signDeal(ctx, authOf(request), request.params.id, request.body.code, request.log), T.signed),
    );

    for (const [path, action, message] of STEPS) {
      app.post(
        `/api/v1/deals/:id/${path}`,
        { preHandler: ctx.guards.user, schema: { params: idParams } },
        async (request) => ok(await actOnDeal(ctx, authOf(request), request.params.id, action), message),
      );
    }

    app.post(
      '/api/v1/deals/:id/cancel',
      { preHandler: ctx.guards.user, schema: { params: idParams, body: cancelDealBody } },
      async (request) => {
        const action: DealAction = { type: 'cancel', reason: request.body.reason };
        return ok(await actOnDeal(ctx, authOf(request), request.params.id, action), T.cancelled);
      },
    );

    app.post(
      '/api/v1/deals/:id/offer_to_second',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await offerToSecond(ctx, authOf(request), request.params.id), T.offered),
    );
  };
}
