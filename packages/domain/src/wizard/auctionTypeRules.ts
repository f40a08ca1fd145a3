/**
 * What choosing an auction type fixes in the wizard (spec 1 §4 "Selecting an auction type"): bank_to_bank sells
 * non-delinquent debt, so its portfolio kind is active_loan and its percent basis ОД; the kind select is then
 * disabled. The browser applies it when the type is chosen and whenever a draft is shown; the server on save.
 */
import type { AuctionType } from '../auctionTypes.ts';

const BANK_TO_BANK_SOURCE_KIND = 'active_loan';

export interface FixedByAuctionType {
  source_kind?: typeof BANK_TO_BANK_SOURCE_KIND;
  percent_mode?: 'amount_total_debt';
}

export function fixedByAuctionType(type: AuctionType | null | undefined): FixedByAuctionType {
  return type === 'bank_to_bank'
    ? { source_kind: BANK_TO_BANK_SOURCE_KIND, percent_mode: 'amount_total_debt' }
    : {};
}
