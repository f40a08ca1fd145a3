/** A deal as a line of "Мои сделки" and of the administrator's list: what each column shows. */
import { formatRublesExact } from '@etp/domain';
import { nextStepLabel } from './dealActions.ts';
import type { Deal } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

export interface DealRow {
  id: number;
  lot: string;
  procedure: string;
  /** The lot's dialog on the Торги tab, opened at its "Сделка" block (decisions/0270). */
  href: string;
  role: string;
  /** The other side for a party; both sides ("Продавец → Покупатель") for an administrator. */
  counterparty: string;
  price: string;
  next: string;
  /** The next step is the caller's own (the line is highlighted). */
  yourMove: boolean;
}

export function dealRow(deal: Deal): DealRow {
  const next = nextStepLabel(deal);
  return {
    id: deal.id,
    lot: deal.lot_name,
    procedure: T.list.procedure(deal.briefcase_id),
    href: `/briefcases/${deal.briefcase_id}/trade?id=${deal.lot_id}&deal=1`,
    role: T.list.role[deal.role],
    counterparty:
      deal.role === 'buyer'
        ? deal.seller_company.name
        : deal.role === 'seller'
          ? deal.buyer_company.name
          : `${deal.seller_company.name} → ${deal.buyer_company.name}`,
    price: formatRublesExact(deal.price_kopecks),
    next,
    yourMove: next !== T.list.waiting && next !== T.list.noAction && deal.role !== 'admin',
  };
}
