/**
 * Who may see which document of a procedure (spec 2 §2 "documents dropdown", §6; docs/decisions/0121): the rules
 * the server enforces on every download and the web follows when it draws the dropdown and the Портфель tab.
 */
import type { DocumentKind } from './dictionaries.ts';
import { type BriefcaseStatus, statusIn } from './statuses.ts';

/** After trading: the trade protocol and "Общие результаты аукциона" exist (spec 2 §2 "after finish or closure"). */
export const RESULT_STATUSES = [
  'finished',
  'closed',
  'closed_without_bids',
  'closed_without_winners',
  'closed_with_next_round',
] as const satisfies readonly BriefcaseStatus[];

/**
 * A documentation file shown to the viewer: "Другой документ" (kind other) is hidden from everyone but the seller
 * and administrators once trading is over.
 */
export function isDocumentVisible(kind: DocumentKind, status: BriefcaseStatus, master: boolean): boolean {
  return master || kind !== 'other' || !statusIn(status, RESULT_STATUSES);
}

/** The trade protocol: the seller's users and administrators, after trading. */
export function canDownloadProtocol(status: BriefcaseStatus, master: boolean): boolean {
  return master && statusIn(status, RESULT_STATUSES);
}

/** "Общие результаты аукциона": everyone who may open the card, after trading. */
export function canDownloadMainReport(status: BriefcaseStatus): boolean {
  return statusIn(status, RESULT_STATUSES);
}

/**
 * The seller's reports (xlsx report, lots report, companies, download history): the seller's users and
 * administrators, once the procedure is past created and pending (spec 2 §2 "download history").
 */
export function canDownloadSellerReports(status: BriefcaseStatus, master: boolean): boolean {
  return master && status !== 'created' && status !== 'pending';
}

/** Texts the server's refusals and the web's dropdown share. */
export const DOCUMENT_MESSAGES = {
  protocol: 'Протокол торгов',
  protocolPending: 'Протокол будет доступен после окончания торгов',
  mainReport: 'Общие результаты аукциона',
} as const;

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** '840 КБ', '12,4 МБ': a file's size as the documents list shows it (at least 1 КБ). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} МБ`;
}
