/**
 * What the trade protocol and the main report ("Общие результаты аукциона") say, as plain data: gathered by SQL on
 * the main thread, rendered to PDF in a file worker (docs/decisions/0120-trade-protocol.md). Money in kopecks,
 * times as ISO strings (the worker gets a structured clone).
 */
import type { AuctionType, BriefcaseStatus } from '@etp/domain';

export interface ProtocolBid {
  at: string;
  companyName: string;
  amount: number;
  source: 'hand' | 'auto';
}

export interface ProtocolLot {
  id: number;
  /** 'Лот №3' or the seller's alias. */
  title: string;
  status: string;
  startPrice: number;
  /** The winning bid's amount; else the best standing bid; null without bids. */
  finalPrice: number | null;
  /** The winner's company, once the seller chose it. */
  winner: string | null;
  /** The seller closed the lot without a winner, or it closed without bids. */
  withoutWinner: boolean;
  /** The best bid's company while the seller has not chosen yet (status finished). */
  leader: string | null;
  bidsCount: number;
  biddersCount: number;
  /** The newest bids, newest first (at most PROTOCOL_LAST_BIDS). */
  lastBids: ProtocolBid[];
  /** The state label of the lot's newest deal ("Ожидает оплаты"), null without one. */
  deal: string | null;
}

export interface ProtocolData {
  briefcaseId: number;
  status: BriefcaseStatus;
  nextRoundCount: number;
  auctionType: AuctionType;
  seller: { name: string; fullName: string; inn: string | null };
  startDatetime: string | null;
  endDatetime: string | null;
  currency: string;
  lots: ProtocolLot[];
  /** The procedure's audit chain at the moment the document was made. */
  audit: { seq: number; hash: string };
  generatedAt: string;
  /** Where a reader asks the platform to check the audit chain head the document names. */
  supportEmail?: string;
}

/** Bids listed per lot in the protocol. */
export const PROTOCOL_LAST_BIDS = 5;
