/**
 * A lot's deal as its card on the Торги tab shows it (decisions/0270): the second bidder's condition line once the
 * lot was offered to it, and the card's line "Сделка: <state>". The spec says nothing about deals; these texts are
 * ours.
 */
import type { LotCondition } from '../auction/lotCondition.ts';
import type { DealState } from './dealStates.ts';

/** The viewer's deal of a lot as the lot reply carries it: which attempt, its state, the viewer's side. */
export interface LotDealFacts {
  attempt: 1 | 2;
  state: DealState;
  role: 'buyer' | 'seller' | 'admin';
}

export const LOT_DEAL_TEXTS = {
  /** The second bidder once it accepted the offer: it buys the lot, whoever won the trading. */
  secondBuyer: 'Вы покупатель по сделке',
  /** The second bidder while the offer waits for its answer. */
  offeredToYou: 'Вам предложено купить лот',
  line: 'Сделка',
  /** The seller's and administrators' note on an offer deal, whose buyer is not the trading's winner. */
  buyer: 'Покупатель',
  open: 'Открыть сделку',
} as const;

/**
 * The condition line that replaces the trading's for a participant: only the buyer of the offer deal (attempt 2),
 * whom the trading's line calls a loser ("Победил другой участник"). Null keeps the trading's line: the winner
 * stays "Вы победили" (the card's deal line says how its deal goes), a declined offer stays lost.
 */
export function lotDealCondition(deal: LotDealFacts | null): LotCondition | null {
  if (deal === null || deal.role !== 'buyer' || deal.attempt !== 2) return null;
  if (deal.state === 'second_offer') return { text: LOT_DEAL_TEXTS.offeredToYou, color: 'blue' };
  if (deal.state === 'offer_declined') return null;
  return { text: LOT_DEAL_TEXTS.secondBuyer, color: 'green' };
}

/** "Сделка: ожидает подписания": the card's line, from the state's label (DEAL_STATE_LABELS). */
export function lotDealLine(stateLabel: string): string {
  return `${LOT_DEAL_TEXTS.line}: ${stateLabel.charAt(0).toLowerCase()}${stateLabel.slice(1)}`;
}
