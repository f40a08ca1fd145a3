/**
 * The seller's reports written straight into the response: xlsx with ExcelJS's streaming writer (rows committed as
 * they come, never a workbook held whole), csv as UTF-8 with a BOM and ';' so Excel opens Cyrillic in a Russian
 * locale. Money in rubles as numbers with a ruble format; times as date cells of Moscow's wall clock with a Russian
 * format (Excel has no time zones: the headers say МСК). decisions/0122, 0244.
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
  MOSCOW_OFFSET_MINUTES,
} from '@etp/domain';
import ExcelJS from 'exceljs';
import { lotTitle } from '../../events/events.messages.ts';
import { REPORT_TEXTS as T } from '../documents.messages.ts';
import type { DownloadHistoryRow } from '../documents.queries.ts';
import type { CompanyInfoRow, ReportLot } from '../reports.queries.ts';

/** "1 234 567,89 ₽" in a Russian Excel (a format code's separators are the locale's). */
const RUBLES = '#,##0.00 "₽"';
/** "05.03.2026 14:30:00" */
const MOSCOW_TIME = 'DD.MM.YYYY HH:MM:SS';
const rubles = (kopecks: number | null) => (kopecks === null ? null : kopecks / 100);

/**
 * The instant as a date cell reading Moscow's wall clock: Excel's date cells have no zone, and ExcelJS writes a
 * Date by its UTC fields.
 */
export function moscowCell(at: Date | null): Date | null {
  return at ? new Date(at.getTime() + MOSCOW_OFFSET_MINUTES * 60_000) : null;
}

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
    { header: T.end, key: 'end', width: 20, style: { numFmt: MOSCOW_TIME } },
    { header: T.deal, key: 'deal', width: 24 },
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
      deal: lot.deal ?? '',
      end: moscowCell(lot.endDatetime),
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
  const rows: [string, string | number | Date | null][] = [
    [T.procedure, `ТП №${procedure.id}`],
    [T.seller, procedure.seller],
    [T.auctionType, AUCTION_TYPE_LABELS[procedure.auctionType]],
    [T.status, briefcaseStatusLabel(procedure.status, procedure.nextRoundCount)],
    [T.start, moscowCell(procedure.startDatetime)],
    [T.end, moscowCell(procedure.endDatetime)],
    [T.lotsCount, lots.length],
    [T.lotsWithBids, lots.filter((l) => l.bidsCount > 0).length],
    [T.lotsWithWinner, withWinner],
    [T.bids, lots.reduce((sum, l) => sum + l.bidsCount, 0)],
  ];
  for (const [field, value] of rows) {
    const row = summary.addRow({ field, value });
    if (value instanceof Date) {
      row.getCell(2).numFmt = MOSCOW_TIME;
      row.getCell(2).alignment = { horizontal: 'left' };
    }
    row.commit();
  }
  summary.commit();
  lotsSheet(book, lots);
  const titles = new Map(lots.map((l) => [l.id, lotTitle(l)]));
  const ws = sheet(book, T.bidsSheet, [
    { header: T.time, key: 'at', width: 20, style: { numFmt: MOSCOW_TIME } },
    { header: T.lot, key: 'lot', width: 16 },
    { header: T.company, key: 'company', width: 30 },
    { header: T.inn, key: 'inn', width: 14 },
    { header: T.amount, key: 'amount', width: 18, style: { numFmt: RUBLES } },
    { header: T.kind, key: 'kind', width: 12 },
    { header: T.state, key: 'state', width: 14 },
  ]);
  for await (const bid of bids) {
    ws.addRow({
      at: moscowCell(bid.createdAt),
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
    { header: T.time, key: 'at', width: 20, style: { numFmt: MOSCOW_TIME } },
    { header: T.user, key: 'user', width: 28 },
    { header: T.email, key: 'email', width: 28 },
    { header: T.company, key: 'company', width: 30 },
    { header: T.file, key: 'file', width: 44 },
  ]);
  for (const row of rows) {
    ws.addRow({
      at: moscowCell(row.createdAt),
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

/**
 * A number Excel must keep as text (an INN: leading zeros, 12 digits shown as 2,31046E+11): a formula giving the
 * text, `="0123456789"`, the one form Excel opening a csv reads as text (decisions/0244). Only digits are written
 * so; anything else goes through csvField like any text.
 */
function csvDigitsAsText(value: string): string {
  return /^\d+$/.test(value) ? `"=""${value}"""` : csvField(value);
}

/** companies_info: UTF-8 with BOM, ';'-separated, CRLF lines (what Excel expects in a Russian locale). */
export function companiesCsv(rows: CompanyInfoRow[]): string {
  const lines = [
    [T.company, T.fullName, T.inn, T.companyKind, T.role, T.bids, T.lotsWithBids, T.lotsWon],
    ...rows.map((r) => [
      r.name,
      r.fullName,
      { text: r.inn ?? '' },
      COMPANY_KIND_LABELS[r.kind as CompanyKind] ?? r.kind,
      r.excluded ? T.excluded : r.bids > 0 ? T.participant : T.invited,
      r.bids,
      r.lotsWithBids,
      r.lotsWon,
    ]),
  ];
  const field = (value: string | number | { text: string }) =>
    typeof value === 'object' ? csvDigitsAsText(value.text) : csvField(value);
  return `\uFEFF${lines.map((line) => line.map(field).join(';')).join('\r\n')}\r\n`;
}
