/**
 * The seller's reports written straight into the response: xlsx with ExcelJS's streaming writer (rows committed as
 * they come, never a workbook held whole), csv as UTF-8 with a BOM and ';' so Excel opens Cyrillic in a Russian
 * locale. Money in rubles as numbers with a ruble format; times as МСК text (Excel has no time zones).
 */
import type { Writable } from 'node:stream';
import {
  AUCTION_TYPE_LABELS,
  type AuctionType,
  type BriefcaseStatus,
  briefcaseStatusLabel,
  COMPANY_KIND_LABELS,
  type CompanyKind,
  LOT_STATUS_LABELS,
  type LotStatus,
} from '@etp/domain';
import ExcelJS from 'exceljs';
import { lotTitle } from '../events/trading.events.ts';
import { REPORT_TEXTS as T } from './documents.messages.ts';
import type { DownloadHistoryRow } from './documents.queries.ts';
import { moscowStamp } from './pdf.ts';
import type { CompanyInfoRow, ReportLot } from './reports.queries.ts';

const RUBLES = '#,##0.00 "₽"';
const rubles = (kopecks: number | null) => (kopecks === null ? null : kopecks / 100);
const stamp = (at: Date | null) => (at ? moscowStamp(at.toISOString()) : '');

function workbook(stream: Writable) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  book.creator = 'ЭТП РД';
  return book;
}

function sheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Partial<ExcelJS.Column>[]) {
  const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  return ws;
}

function lotsSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, lots: ReportLot[]) {
  const ws = sheet(book, T.lotsSheet, [
    { header: T.lot, key: 'lot', width: 16 },
    { header: T.name, key: 'name', width: 28 },
    { header: T.status, key: 'status', width: 18 },
    { header: T.items, key: 'items', width: 10 },
    { header: T.amountTotal, key: 'total', width: 18, style: { numFmt: RUBLES } },
    { header: T.amountBottomline, key: 'bottomline', width: 18, style: { numFmt: RUBLES } },
    { header: T.startPrice, key: 'start', width: 18, style: { numFmt: RUBLES } },
    { header: T.finalPrice, key: 'price', width: 18, style: { numFmt: RUBLES } },
    { header: T.bids, key: 'bids', width: 10 },
    { header: T.bidders, key: 'bidders', width: 12 },
    { header: T.leader, key: 'leader', width: 28 },
    { header: T.winner, key: 'winner', width: 28 },
    { header: T.end, key: 'end', width: 20 },
  ]);
  for (const lot of lots) {
    ws.addRow({
      lot: lotTitle(lot),
      name: lot.name ?? '',
      status: LOT_STATUS_LABELS[lot.status as LotStatus] ?? lot.status,
      items: lot.itemsCount,
      total: rubles(lot.amountTotal),
      bottomline: rubles(lot.amountBottomline),
      start: rubles(lot.startPrice),
      price: rubles((lot.winner ?? lot.leader)?.amount ?? null),
      bids: lot.bidsCount,
      bidders: lot.biddersCount,
      leader: lot.leader?.company ?? '',
      winner: lot.winner?.company ?? (lot.isWithoutWinner ? T.noWinner : ''),
      end: stamp(lot.endDatetime),
    }).commit();
  }
  ws.commit();
}

/** lots_report: one sheet, a row per lot with its prices, counts, leader and winner. */
export async function writeLotsReport(stream: Writable, lots: ReportLot[]): Promise<void> {
  const book = workbook(stream);
  lotsSheet(book, lots);
  await book.commit();
}

export interface ReportProcedure {
  id: number;
  status: BriefcaseStatus;
  nextRoundCount: number;
  auctionType: AuctionType;
  seller: string;
  startDatetime: Date | null;
  endDatetime: Date | null;
}

/**
 * The seller's report: the procedure in brief, the lots, and every bid in the order placed (read page by page and
 * committed row by row).
 */
export async function writeOwnerReport(
  stream: Writable,
  procedure: ReportProcedure,
  lots: ReportLot[],
  bids: AsyncIterable<{
    lotId: number;
    createdAt: Date;
    amount: number;
    sourceType: 'hand' | 'auto';
    state: string;
    company: string;
    inn: string | null;
  }>,
): Promise<void> {
  const book = workbook(stream);
  const summary = sheet(book, T.summarySheet, [
    { header: T.field, key: 'field', width: 30 },
    { header: T.value, key: 'value', width: 40 },
  ]);
  const withWinner = lots.filter((l) => l.winner !== null).length;
  const rows: [string, string | number][] = [
    [T.procedure, `ТП №${procedure.id}`],
    [T.seller, procedure.seller],
    [T.auctionType, AUCTION_TYPE_LABELS[procedure.auctionType]],
    [T.status, briefcaseStatusLabel(procedure.status, procedure.nextRoundCount)],
    [T.start, stamp(procedure.startDatetime)],
    [T.end, stamp(procedure.endDatetime)],
    [T.lotsCount, lots.length],
    [T.lotsWithBids, lots.filter((l) => l.bidsCount > 0).length],
    [T.lotsWithWinner, withWinner],
    [T.bids, lots.reduce((sum, l) => sum + l.bidsCount, 0)],
  ];
  for (const [field, value] of rows) summary.addRow({ field, value }).commit();
  summary.commit();
  lotsSheet(book, lots);
  const titles = new Map(lots.map((l) => [l.id, lotTitle(l)]));
  const ws = sheet(book, T.bidsSheet, [
    { header: T.time, key: 'at', width: 20 },
    { header: T.lot, key: 'lot', width: 16 },
    { header: T.company, key: 'company', width: 30 },
    { header: T.inn, key: 'inn', width: 14 },
    { header: T.amount, key: 'amount', width: 18, style: { numFmt: RUBLES } },
    { header: T.kind, key: 'kind', width: 12 },
    { header: T.state, key: 'state', width: 14 },
  ]);
  for await (const bid of bids) {
    ws.addRow({
      at: stamp(bid.createdAt),
      lot: titles.get(bid.lotId) ?? '',
      company: bid.company,
      inn: bid.inn ?? '',
      amount: rubles(bid.amount),
      kind: T.bidKinds[bid.sourceType],
      state: T.bidStates[bid.state as keyof typeof T.bidStates] ?? bid.state,
    }).commit();
  }
  ws.commit();
  await book.commit();
}

/** downloads_info: who downloaded what and when. */
export async function writeDownloadsInfo(stream: Writable, rows: DownloadHistoryRow[]): Promise<void> {
  const book = workbook(stream);
  const ws = sheet(book, T.downloadsSheet, [
    { header: T.time, key: 'at', width: 20 },
    { header: T.user, key: 'user', width: 28 },
    { header: T.email, key: 'email', width: 28 },
    { header: T.company, key: 'company', width: 30 },
    { header: T.file, key: 'file', width: 44 },
  ]);
  for (const row of rows) {
    ws.addRow({
      at: stamp(row.createdAt),
      user: [row.lastName, row.firstName].filter(Boolean).join(' '),
      email: row.email ?? '',
      company: row.companyName ?? '',
      file: row.what,
    }).commit();
  }
  ws.commit();
  await book.commit();
}

/** A csv field: quoted when it holds the separator, a quote or a line break; formula starts defused. */
function csvField(value: string | number): string {
  let text = String(value);
  // A cell starting with =, +, - or @ is a formula to Excel (CSV injection): a leading apostrophe keeps it text.
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** companies_info: UTF-8 with BOM, ';'-separated, CRLF lines (what Excel expects in a Russian locale). */
export function companiesCsv(rows: CompanyInfoRow[]): string {
  const lines = [
    [T.company, T.fullName, T.inn, T.companyKind, T.role, T.bids, T.lotsWithBids, T.lotsWon],
    ...rows.map((r) => [
      r.name,
      r.fullName,
      r.inn ?? '',
      COMPANY_KIND_LABELS[r.kind as CompanyKind] ?? r.kind,
      r.excluded ? T.excluded : r.bids > 0 ? T.participant : T.invited,
      r.bids,
      r.lotsWithBids,
      r.lotsWon,
    ]),
  ];
  return `\uFEFF${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;
}
