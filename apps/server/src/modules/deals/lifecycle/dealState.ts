/** A deal row as the domain's `Deal`, and the domain's `Deal` as the columns that store it (pure). */
import type { Deal, DealSignature } from '@etp/domain';
import type { DealRow, deals } from '../../../db/schema/index.ts';

type DealColumns = Omit<typeof deals.$inferInsert, 'id' | 'lotId' | 'briefcaseId' | 'createdAt'>;

const ms = (d: Date | null) => (d === null ? null : d.getTime());
const date = (value: number | null) => (value === null ? null : new Date(value));

function signature(at: Date | null, method: DealRow['buyerSignMethod']): DealSignature | null {
  return at === null || method === null ? null : { at_ms: at.getTime(), method };
}

export function toDeal(row: DealRow): Deal {
  return {
    state: row.state,
    attempt: row.attempt,
    seller_company_id: row.sellerCompanyId,
    buyer_company_id: row.buyerCompanyId,
    price_kopecks: row.priceKopecks,
    deadlines: {
      sign_working_days: row.signWorkingDays,
      pay_working_days: row.payWorkingDays,
      second_offer_working_days: row.secondOfferWorkingDays,
    },
    deadline_ms: ms(row.deadlineAt),
    buyer_signature: signature(row.buyerSignedAt, row.buyerSignMethod),
    seller_signature: signature(row.sellerSignedAt, row.sellerSignMethod),
    payment_reported_at_ms: ms(row.paymentReportedAt),
    paid_at_ms: ms(row.paidAt),
    registry_handed_over_at_ms: ms(row.registryHandedOverAt),
    ended_at_ms: ms(row.endedAt),
    failure: row.failure,
    cancel_reason: row.cancelReason,
    second_offer:
      row.secondOfferCompanyId === null || row.secondOfferAt === null
        ? null
        : {
            buyer_company_id: row.secondOfferCompanyId,
            price_kopecks: row.secondOfferPriceKopecks ?? 0,
            at_ms: row.secondOfferAt.getTime(),
          },
  };
}

/** Every column the domain's deal decides (who signed is the caller's: signedBy). */
export function columnsOf(deal: Deal, at: Date): DealColumns {
  return {
    state: deal.state,
    attempt: deal.attempt,
    sellerCompanyId: deal.seller_company_id,
    buyerCompanyId: deal.buyer_company_id,
    priceKopecks: deal.price_kopecks,
    signWorkingDays: deal.deadlines.sign_working_days,
    payWorkingDays: deal.deadlines.pay_working_days,
    secondOfferWorkingDays: deal.deadlines.second_offer_working_days,
    deadlineAt: date(deal.deadline_ms),
    buyerSignedAt: date(deal.buyer_signature?.at_ms ?? null),
    buyerSignMethod: deal.buyer_signature?.method ?? null,
    sellerSignedAt: date(deal.seller_signature?.at_ms ?? null),
    sellerSignMethod: deal.seller_signature?.method ?? null,
    paymentReportedAt: date(deal.payment_reported_at_ms),
    paidAt: date(deal.paid_at_ms),
    registryHandedOverAt: date(deal.registry_handed_over_at_ms),
    endedAt: date(deal.ended_at_ms),
    failure: deal.failure,
    cancelReason: deal.cancel_reason,
    secondOfferCompanyId: deal.second_offer?.buyer_company_id ?? null,
    secondOfferPriceKopecks: deal.second_offer?.price_kopecks ?? null,
    secondOfferAt: date(deal.second_offer?.at_ms ?? null),
    updatedAt: at,
  };
}
