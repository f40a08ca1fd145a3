import type { BriefcaseListAttributes } from '@etp/contracts';
import { isPrivateAuction } from '@etp/domain';

/**
 * The price a procedure opens at, as the card names it: a dutch clock starts at its maximum; sealed formats
 * (private_requests, bank_to_bank) have a minimum price rather than a start price (spec 2 §2 "Portfolio tab").
 */
export function startPriceFact(
  briefcase: Pick<BriefcaseListAttributes, 'auction_type' | 'start_price' | 'max_price'>,
): { label: string; kopecks: number } {
  if (briefcase.auction_type === 'dutch' && briefcase.max_price !== null) {
    return { label: 'Начальная цена', kopecks: briefcase.max_price };
  }
  if (isPrivateAuction(briefcase.auction_type))
    return { label: 'Минимальная цена', kopecks: briefcase.start_price };
  return { label: 'Начальная цена', kopecks: briefcase.start_price };
}
