/** The deal of a won lot (decisions/0258, 0261): the list, one lot's deal, and each party's step. */
import {
  cancelDealBody,
  dealListSchema,
  dealSchema,
  dealSignCodeSchema,
  dealsQuery,
  signDealBody,
} from '../deals.ts';
import { idParams } from '../ids.ts';
import { operation } from '../operation.ts';

const step = <const P extends string>(path: P, summary: string) =>
  operation({ method: 'POST', path, summary, tag: 'deals', params: idParams, reply: dealSchema });

export const dealOperations = {
  listDeals: operation({
    method: 'GET',
    path: '/api/v1/deals',
    summary:
      'The deals of the caller’s company as buyer or seller (administrators: every deal, overdue first), paged',
    tag: 'deals',
    query: dealsQuery,
    reply: dealListSchema,
  }),
  getLotDeal: operation({
    method: 'GET',
    path: '/api/v1/lots/:id/deal',
    summary: 'The newest deal of a won lot the caller may see (its buyer, its seller, an administrator)',
    tag: 'deals',
    params: idParams,
    reply: dealSchema,
  }),
  sendDealSignCode: operation({
    method: 'POST',
    path: '/api/v1/deals/:id/sign_code',
    summary: 'Sends the SMS code that confirms the caller’s signature of the agreement',
    tag: 'deals',
    params: idParams,
    reply: dealSignCodeSchema,
  }),
  signDeal: operation({
    method: 'POST',
    path: '/api/v1/deals/:id/sign',
    summary: 'Signs the agreement for the caller’s side with the SMS code',
    tag: 'deals',
    params: idParams,
    body: signDealBody,
    reply: dealSchema,
  }),
  markDealPaid: step('/api/v1/deals/:id/mark_paid', 'The buyer reports the payment'),
  confirmDealPayment: step('/api/v1/deals/:id/confirm_payment', 'The seller confirms the money arrived'),
  cancelDeal: operation({
    method: 'POST',
    path: '/api/v1/deals/:id/cancel',
    summary: 'An administrator cancels the deal, with a reason',
    tag: 'deals',
    params: idParams,
    body: cancelDealBody,
    reply: dealSchema,
  }),
  offerDealToSecond: step(
    '/api/v1/deals/:id/offer_to_second',
    'After a failed deal the seller offers the lot to the second-best bidder at that bidder’s price; replies the new deal',
  ),
  acceptDealOffer: step('/api/v1/deals/:id/accept_offer', 'The second-best bidder accepts the offer'),
  declineDealOffer: step('/api/v1/deals/:id/decline_offer', 'The second-best bidder declines the offer'),
  downloadDealRegistry: operation({
    method: 'GET',
    path: '/api/v1/deals/:id/registry',
    summary:
      'The lot’s registry (xlsx) for the buying company once the payment is confirmed; the first download closes the deal',
    tag: 'deals',
    params: idParams,
    reply: { file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    errors: [409],
  }),
  closeDeal: step('/api/v1/deals/:id/close', 'An administrator closes a deal whose buyer never downloaded the registry'),
} as const;
