/**
 * The trade protocol (for the seller and administrators) and "Общие результаты аукциона" (for every participant
 * once trading is over), rendered from ProtocolData with pdfkit in a file worker. The protocol names winners and
 * bidders; the main report shows only prices and counts (spec 2 §6: winner information is the seller's).
 */
import { AUCTION_TYPE_LABELS, briefcaseStatusLabel, formatRubles } from '@etp/domain';
import { DOCUMENT_TEXTS as T } from '../documents.messages.ts';
import {
  contentWidth,
  facts,
  finishPdf,
  heading,
  INK,
  keepTogether,
  MARGIN,
  moscowDateTime,
  moscowStamp,
  newPdf,
  type Pdf,
} from './pdf.ts';
import type { ProtocolData, ProtocolLot } from './protocolModel.ts';

const money = (kopecks: number | null, currency: string) =>
  kopecks === null ? T.noData : formatRubles(kopecks, { currency });

function procedureFacts(doc: Pdf, data: ProtocolData): void {
  const withWinner = data.lots.filter((l) => l.winner !== null).length;
  const bids = data.lots.reduce((sum, l) => sum + l.bidsCount, 0);
  facts(doc, [
    [T.procedure, `ТП №${data.briefcaseId}`],
    [T.seller, data.seller.fullName || data.seller.name],
    ...(data.seller.inn ? ([[T.inn, data.seller.inn]] as [string, string][]) : []),
    [T.auctionType, AUCTION_TYPE_LABELS[data.auctionType]],
    [T.status, briefcaseStatusLabel(data.status, data.nextRoundCount)],
    [T.start, moscowDateTime(data.startDatetime)],
    [T.end, moscowDateTime(data.endDatetime)],
    [T.lotsCount, String(data.lots.length)],
    [T.lotsWithWinner, String(withWinner)],
    [T.bidsTotal, String(bids)],
    [T.generatedAt, moscowDateTime(data.generatedAt)],
  ]);
}

function winnerText(lot: ProtocolLot): string {
  if (lot.winner) return lot.winner;
  if (lot.withoutWinner || lot.bidsCount === 0) return T.noWinner;
  return T.notChosen(lot.leader);
}

function lotBlock(doc: Pdf, lot: ProtocolLot, currency: string): void {
  keepTogether(doc, 150);
  doc.font('bold').fontSize(11).fillColor(INK.text).text(lot.title, MARGIN, doc.y);
  doc.moveDown(0.2);
  facts(doc, [
    [T.startPrice, money(lot.startPrice, currency)],
    [lot.winner ? T.finalPrice : T.bestPrice, money(lot.finalPrice, currency)],
    [T.winner, winnerText(lot)],
    ...(lot.deal ? ([[T.deal, lot.deal]] as [string, string][]) : []),
    [T.bidsCount, String(lot.bidsCount)],
  ]);
  if (lot.lastBids.length === 0) return;
  doc.font('regular').fontSize(9).fillColor(INK.muted).text(T.lastBids, MARGIN, doc.y);
  doc.moveDown(0.2);
  doc.fillColor(INK.text);
  const head = (text: string) => ({ text, type: 'TH' as const, backgroundColor: INK.head });
  doc.table({
    columnStyles: [110, '*', 100, 70],
    defaultStyle: { borderColor: INK.line, padding: [3, 4], font: { size: 9 } } as never,
    data: [
      [head(T.bidTime), head(T.bidCompany), head(T.bidAmount), head(T.bidKind)],
      ...lot.lastBids.map((bid) => [
        moscowStamp(bid.at),
        bid.companyName,
        { text: money(bid.amount, currency), align: { x: 'right' as const } },
        T.bidKinds[bid.source],
      ]),
    ],
  });
  doc.moveDown(0.8);
}

function auditBlock(doc: Pdf, data: ProtocolData): void {
  keepTogether(doc, 130);
  doc.moveDown(0.5);
  heading(doc, T.auditTitle, 12);
  doc
    .fontSize(9)
    .fillColor(INK.text)
    .text(T.auditLead, { width: contentWidth(doc) });
  doc.moveDown(0.4);
  doc.text(T.auditHead(data.audit.seq));
  doc.text(T.auditHash);
  doc
    .font('mono')
    .fontSize(8.5)
    .text(data.audit.hash, { width: contentWidth(doc), lineBreak: false });
  doc.moveDown(0.6);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(INK.muted)
    .text(T.auditVerify(data.briefcaseId, data.supportEmail), {
      width: contentWidth(doc),
    });
}

/** The trade protocol: the procedure, each lot's prices, winner and last bids, and the audit chain head. */
export function renderProtocolPdf(data: ProtocolData): Promise<Uint8Array> {
  const doc = newPdf(T.protocolTitle(data.briefcaseId));
  heading(doc, T.protocolTitle(data.briefcaseId));
  procedureFacts(doc, data);
  for (const lot of data.lots) lotBlock(doc, lot, data.currency);
  auditBlock(doc, data);
  return finishPdf(doc);
}

function resultText(lot: ProtocolLot): string {
  if (lot.bidsCount === 0) return T.noBids;
  if (lot.winner) return T.sold;
  if (lot.withoutWinner) return T.noWinner;
  return T.awaiting;
}

/** "Общие результаты аукциона": every lot's start and final price, bids and bidders, without any names. */
export function renderMainReportPdf(data: ProtocolData): Promise<Uint8Array> {
  // Landscape: seven columns, the result's on one line beside the deal's state (decisions/0263).
  const doc = newPdf(`${T.mainReportTitle} ТП №${data.briefcaseId}`, 'landscape');
  heading(doc, `${T.mainReportTitle} · ТП №${data.briefcaseId}`);
  procedureFacts(doc, data);
  const head = (text: string) => ({ text, type: 'TH' as const, backgroundColor: INK.head });
  const right = (text: string) => ({ text, align: { x: 'right' as const } });
  doc.table({
    columnStyles: ['*', 90, 90, 55, 80, 145, 190],
    defaultStyle: { borderColor: INK.line, padding: [3, 4], font: { size: 9 } } as never,
    data: [
      [
        head(T.lot),
        head(T.startPrice),
        head(T.finalPrice),
        head(T.bidsTotal),
        head(T.biddersCount),
        head(T.result),
        head(T.deal),
      ],
      ...data.lots.map((lot) => [
        lot.title,
        right(money(lot.startPrice, data.currency)),
        right(money(lot.finalPrice, data.currency)),
        right(String(lot.bidsCount)),
        right(String(lot.biddersCount)),
        resultText(lot),
        lot.deal ?? T.noData,
      ]),
    ],
  });
  auditBlock(doc, data);
  return finishPdf(doc);
}
