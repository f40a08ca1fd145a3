/** Documents of procedures and companies, and who downloaded what of a procedure. */
import type { DocumentKind as ProcedureDocumentKind } from '@etp/domain';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { briefcases } from './briefcases.ts';
import { bigId, createdAt, id } from './common.ts';

export type DocumentKind =
  /** The wizard's kinds (the domain's DOCUMENT_KINDS, decisions/0259). */
  | ProcedureDocumentKind
  /** Made by the platform once trading ends (docs/decisions/0120): the trade protocol and the main report. */
  | 'protocol'
  | 'main_report'

  /** The document attached to an FAQ answer (not listed among the procedure's documents). */
  | 'question_document';

/** Files of procedures (documentation, protocols) and of companies (accreditation papers). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    briefcaseId: integer('briefcase_id').references(() => briefcases.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    kind: text('kind').$type<DocumentKind>(),
    title: text('title'),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    bytesSize: integer('bytes_size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** A generated document: the seq of the procedure's audit chain head it was made from (it is stale after). */
    sourceSeq: integer('source_seq'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_briefcase_idx').on(t.briefcaseId), index('documents_company_idx').on(t.companyId)],
);

/** Who downloaded which document or report of a procedure (the owner's download history). */
export const downloads = pgTable(
  'downloads',
  {
    id: bigId(),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    what: text('what').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_briefcase_idx').on(t.briefcaseId)],
);
