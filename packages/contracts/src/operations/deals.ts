/** The deal of a won lot (decisions/0258, 0261): the list, one lot's deal, and each party's step. */
import {
  cancelDealBody,
  dealListSchema,
  dealScanParams,
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
  downloadDealAgreement: operation({
    method: 'GET',
    path: '/api/v1/deals/:id/agreement',
    summary:
      'The agreement of the deal (PDF): both parties’ requisites, the lot, the price; made on first request and kept',
    tag: 'deals',
    params: idParams,
    reply: { file: 'application/pdf' },
  }),
  signDealByScan: operation({
    method: 'POST',
    path: '/api/v1/deals/:id/sign_scan',
    summary:
      'Signs the agreement for the caller’s side with a scan of the paper-signed agreement (multipart: file, PDF)',
    tag: 'deals',
    params: idParams,
    reply: dealSchema,
    errors: [400, 413],
  }),
  downloadDealScan: operation({
    method: 'GET',
    path: '/api/v1/deals/:id/scans/:side',
    summary: 'The signed scan of one side (buyer or seller), for both parties and administrators',
    tag: 'deals',
    params: dealScanParams,
    reply: { file: 'application/pdf' },
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
  closeDeal: step(
    '/api/v1/deals/:id/close',
    'An administrator closes a deal whose buyer never downloaded the registry',
  ),
} as const;
