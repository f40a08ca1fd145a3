/** The procedure's documents (spec 2 §2 documents dropdown, §7 download links; docs/decisions/0121). */
import { DOCUMENT_KINDS } from '@etp/domain';
import { z } from 'zod';
import { dbId } from './ids.ts';

export const procedureDocumentSchema = z.object({
  id: z.number().int(),
  /** The wizard's kinds, plus the two the platform makes once trading ends (decisions/0120). */
  kind: z.enum([...DOCUMENT_KINDS, 'protocol', 'main_report']),
  title: z.string().nullable(),
  name: z.string(),
  extension: z.string(),
  bytes_size: z.number().int(),
  created_at: z.string(),
  /** The GET link of the file (with the caller's token). */
  link: z.string(),
});
export type ProcedureDocument = z.infer<typeof procedureDocumentSchema>;

/** GET /api/v1/briefcases/{id}/documents/{documentId}. */
export const procedureDocumentParams = z.object({ id: dbId, documentId: dbId });

const downloadRecordSchema = z.object({
  user_name: z.string(),
  company_name: z.string().nullable(),
  what: z.string(),
  created_at: z.string(),
});

/** GET /api/v1/briefcases/:id/documents: what this viewer may download, as the dropdown and Портфель tab show it. */
export const briefcaseDocumentsSchema = z.object({
  /** The seller's documentation, less what the viewer may not see. */
  documents: z.array(procedureDocumentSchema),
  /** The trade protocol, for the seller and administrators after trading; null before or while it is made. */
  protocol: procedureDocumentSchema.nullable(),
  /** The seller is told the protocol comes after trading ends. */
  protocol_pending: z.boolean(),
  /** "Общие результаты аукциона": for everyone after trading. */
  main_report: procedureDocumentSchema.nullable(),
  /** The download-all archive of what is listed here; null when there is nothing to put in it. */
  archive_link: z.string().nullable(),
  /** The seller's reports (xlsx, csv) and the download history; null for others. */
  seller: z
    .object({
      report_link: z.string(),
      lots_report_link: z.string(),
      companies_info_link: z.string(),
      downloads_info_link: z.string(),
      downloads_count: z.number().int(),
      recent_downloads: z.array(downloadRecordSchema),
    })
    .nullable(),
});
export type BriefcaseDocuments = z.infer<typeof briefcaseDocumentsSchema>;

/** The downloads spec 2 §7 lists as GET links, served at `/briefcases/{id}/<file>` as well as under /api/v1. */
export const SPEC_DOWNLOADS = [
  'zip_documents',
  'main_report',
  'downloads_info',
  'report',
  'companies_info',
  'lots_report',
] as const;
export type SpecDownload = (typeof SPEC_DOWNLOADS)[number];

/** POST /api/v1/briefcases/:id/download_link: which file (decisions/0250). */
export const downloadLinkRequestSchema = z.object({ file: z.enum(SPEC_DOWNLOADS) });

/** A short-lived signed link to the spec's path of the file, for a browser that cannot send the token. */
export const downloadLinkSchema = z.object({
  /** `/briefcases/{id}/<file>?signature=…`: open it as it is, before `expires_at`. */
  url: z.string(),
  expires_at: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
