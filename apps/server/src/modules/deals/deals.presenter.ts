/** Deal rows → the API's deal (packages/contracts deals.ts). */
import type { DealRole, DealView } from '@etp/contracts';
import {
  availableDealActions,
  DEAL_FAILURE_LABELS,
  DEAL_STATE_LABELS,
  priceInFiguresAndWords,
} from '@etp/domain';
import type { DealRow } from '../../db/schema/index.ts';
import { lotTitle } from '../events/events.messages.ts';
import { dealAgreementUrl, dealScanUrl } from './agreement/agreement.messages.ts';
import { dealActorOf } from './deals.policy.ts';
import type { findDealFacts } from './deals.queries.ts';
import { toDeal } from './lifecycle/dealState.ts';
import { dealRegistryReady, dealRegistryUrl } from './registry/dealRegistry.policy.ts';

type DealFacts = Awaited<ReturnType<typeof findDealFacts>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentDeal(row: DealRow, facts: DealFacts, role: DealRole, now: Date): DealView {
  const deal = toDeal(row);
  const lot = facts.lots.get(row.lotId);
  const company = (id: number) => ({ id, name: facts.companies.get(id) ?? '' });
  const signature = (
    side: 'buyer' | 'seller',
    at: Date | null,
    method: DealRow['buyerSignMethod'],
    by: number | null,
  ) => {
    if (at === null || method === null) return null;
    const scan = side === 'buyer' ? row.buyerScanKey : row.sellerScanKey;
    return { at: at.toISOString(), method, user_id: by, scan_url: scan ? dealScanUrl(row.id, side) : null };
  };
  return {
    id: row.id,
    lot_id: row.lotId,
    briefcase_id: row.briefcaseId,
    lot_name: lot ? lotTitle(lot) : '',
    attempt: row.attempt,
    state: row.state,
    state_label: DEAL_STATE_LABELS[row.state],
    role,
    seller_company: company(row.sellerCompanyId),
    buyer_company: company(row.buyerCompanyId),
    price_kopecks: row.priceKopecks,
    price_in_words: priceInFiguresAndWords(row.priceKopecks),
    deadlines: deal.deadlines,
    deadline_at: iso(row.deadlineAt),
    overdue: row.deadlineAt !== null && row.deadlineAt < now,
    buyer_signature: signature('buyer', row.buyerSignedAt, row.buyerSignMethod, row.buyerSignedBy),
    seller_signature: signature('seller', row.sellerSignedAt, row.sellerSignMethod, row.sellerSignedBy),
    payment_reported_at: iso(row.paymentReportedAt),
    paid_at: iso(row.paidAt),
    registry_handed_over_at: iso(row.registryHandedOverAt),
    registry_url: role === 'buyer' && dealRegistryReady(row.state) ? dealRegistryUrl(row.id) : null,
    ended_at: iso(row.endedAt),
    failure: row.failure,
    failure_label: row.failure === null ? null : DEAL_FAILURE_LABELS[row.failure],
    cancel_reason: row.cancelReason,
    second_offer:
      deal.second_offer === null
        ? null
        : {
            company_id: deal.second_offer.buyer_company_id,
            price_kopecks: deal.second_offer.price_kopecks,
            at: new Date(deal.second_offer.at_ms).toISOString(),
          },
    available_actions: availableDealActions(deal, dealActorOf(role, row), now.getTime()),
    agreement: {
      url: dealAgreementUrl(row.id),
      sha256: row.agreementSha256,
      // Before it is made: what it will be made from (a broken .docx turns out 'platform' once made).
      source: row.agreementSource ?? (facts.docxTemplates.has(row.briefcaseId) ? 'template' : 'platform'),
    },
    created_at: row.createdAt.toISOString(),
  };
}
