/**
 * What a viewer may download of a procedure (docs/decisions/0121): its documentation less what spec 2 §2 hides,
 * the trade protocol for the seller and administrators after trading, "Общие результаты аукциона" for everyone
 * after trading, and the seller's reports. Every rule here is checked again by the download itself.
 */
import type { BriefcaseDocuments, ProcedureDocument } from '@etp/contracts';
import {
  type BriefcaseStatus,
  canDownloadMainReport,
  canDownloadProtocol,
  canDownloadSellerReports,
  type DocumentKind,
  isDocumentVisible,
  RESULT_STATUSES,
  statusIn,
} from '@etp/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  countProcedureDownloads,
  type DocumentRow,
  findDownloads,
  findProcedureDocuments,
} from './documents.queries.ts';

const documentLink = (briefcaseId: number, documentId: number) =>
  `/api/v1/briefcases/${briefcaseId}/documents/${documentId}`;
const downloadLink = (briefcaseId: number, what: string) => `/api/v1/briefcases/${briefcaseId}/${what}`;

/** The name a document downloads under: its name with its extension. */
export function fileNameOf(document: Pick<DocumentRow, 'name' | 'extension'>): string {
  const suffix = `.${document.extension}`;
  return document.name.toLowerCase().endsWith(suffix.toLowerCase())
    ? document.name
    : `${document.name}${suffix}`;
}

/** Whether this viewer may download this document of a procedure in this status. */
export function mayDownload(
  document: Pick<DocumentRow, 'kind'>,
  status: BriefcaseStatus,
  master: boolean,
): boolean {
  switch (document.kind) {
    case 'protocol':
      return canDownloadProtocol(status, master);
    case 'main_report':
      return canDownloadMainReport(status);
    case null:
      return master;
    // An FAQ answer's attachment is served with its question, not among the procedure's documents.
    case 'question_document':
      return false;
    default:
      return isDocumentVisible(document.kind as DocumentKind, status, master);
  }
}

/** The documents of the procedure this viewer may download, in the order they are listed. */
export async function visibleDocuments(
  db: DbOrTx,
  briefcaseId: number,
  status: BriefcaseStatus,
  master: boolean,
): Promise<DocumentRow[]> {
  return (await findProcedureDocuments(db, briefcaseId)).filter((d) => mayDownload(d, status, master));
}

/**
 * The generated documents are made again whenever the procedure's chain moves, each time under a new id: their
 * links name the procedure's current one, so a link read a moment ago still works.
 */
function linkOf(briefcaseId: number, row: DocumentRow): string {
  if (row.kind === 'protocol') return downloadLink(briefcaseId, 'protocol');
  if (row.kind === 'main_report') return downloadLink(briefcaseId, 'main_report');
  return documentLink(briefcaseId, row.id);
}

function present(briefcaseId: number, row: DocumentRow): ProcedureDocument {
  return {
    id: row.id,
    kind: (row.kind ?? 'other') as ProcedureDocument['kind'],
    title: row.title,
    name: fileNameOf(row),
    extension: row.extension,
    bytes_size: row.bytesSize,
    created_at: row.createdAt.toISOString(),
    link: linkOf(briefcaseId, row),
  };
}

/** The card's `documents` (spec 2 §3): every document of the procedure this viewer may download, in list order. */
export async function cardDocuments(
  db: DbOrTx,
  briefcaseId: number,
  status: BriefcaseStatus,
  master: boolean,
): Promise<ProcedureDocument[]> {
  return (await visibleDocuments(db, briefcaseId, status, master)).map((d) => present(briefcaseId, d));
}

const personName = (row: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [row.lastName, row.firstName].filter(Boolean).join(' ') || row.email || '—';

/** GET /api/v1/briefcases/:id/documents for this viewer. */
export async function describeDocuments(
  db: DbOrTx,
  briefcaseId: number,
  status: BriefcaseStatus,
  master: boolean,
): Promise<BriefcaseDocuments> {
  const visible = await visibleDocuments(db, briefcaseId, status, master);
  const protocol = visible.find((d) => d.kind === 'protocol');
  const mainReport = visible.find((d) => d.kind === 'main_report');
  const documentation = visible.filter((d) => d.kind !== 'protocol' && d.kind !== 'main_report');
  let seller: BriefcaseDocuments['seller'] = null;
  if (canDownloadSellerReports(status, master)) {
    const [count, recent] = await Promise.all([
      countProcedureDownloads(db, briefcaseId),
      findDownloads(db, briefcaseId, 10),
    ]);
    seller = {
      report_link: downloadLink(briefcaseId, 'report'),
      lots_report_link: downloadLink(briefcaseId, 'lots_report'),
      companies_info_link: downloadLink(briefcaseId, 'companies_info'),
      downloads_info_link: downloadLink(briefcaseId, 'downloads_info'),
      downloads_count: count,
      recent_downloads: recent.map((r) => ({
        user_name: personName(r),
        company_name: r.companyName,
        what: r.what,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }
  return {
    documents: documentation.map((d) => present(briefcaseId, d)),
    protocol: protocol ? present(briefcaseId, protocol) : null,
    protocol_pending: master && !statusIn(status, RESULT_STATUSES),
    main_report: mainReport ? present(briefcaseId, mainReport) : null,
    archive_link: visible.length > 0 ? downloadLink(briefcaseId, 'zip_documents') : null,
    seller,
  };
}
