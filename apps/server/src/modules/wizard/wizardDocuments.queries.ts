/** SQL of the documents a seller uploads on the wizard's step 3 (the procedure's own documentation). */
import { DOCUMENT_KINDS } from '@etp/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';

/** The wizard's documents: the five kinds of spec 1 §3 or none yet; never a generated protocol or an FAQ file. */
const wizardKind = or(isNull(documents.kind), inArray(documents.kind, [...DOCUMENT_KINDS]));

const wizardDocumentColumns = {
  id: documents.id,
  briefcaseId: documents.briefcaseId,
  kind: documents.kind,
  name: documents.name,
  extension: documents.extension,
  bytesSize: documents.bytesSize,
  storageKey: documents.storageKey,
};

export async function findWizardDocuments(db: DbOrTx, briefcaseId: number) {
  return db
    .select(wizardDocumentColumns)
    .from(documents)
    .where(and(eq(documents.briefcaseId, briefcaseId), wizardKind))
    .orderBy(asc(documents.id));
}
export type WizardDocumentRow = Awaited<ReturnType<typeof findWizardDocuments>>[number];

/** A wizard document by its id alone (DELETE /api/v1/documents/{id}); a company's paper is not one. */
export async function findWizardDocument(db: DbOrTx, id: number) {
  const [row] = await db
    .select(wizardDocumentColumns)
    .from(documents)
    .where(and(eq(documents.id, id), sql`${documents.briefcaseId} is not null`, wizardKind));
  return row ?? null;
}

export async function wizardDocumentsBytes(db: DbOrTx, briefcaseId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${documents.bytesSize}), 0)` })
    .from(documents)
    .where(and(eq(documents.briefcaseId, briefcaseId), wizardKind));
  return Number(row?.total ?? 0);
}

export async function insertWizardDocument(db: DbOrTx, row: typeof documents.$inferInsert) {
  const [inserted] = await db.insert(documents).values(row).returning(wizardDocumentColumns);
  return inserted!;
}

export async function deleteWizardDocument(db: DbOrTx, id: number) {
  await db.delete(documents).where(eq(documents.id, id));
}

export async function setDocumentKinds(
  db: DbOrTx,
  briefcaseId: number,
  kinds: readonly { id: number; kind: string; title: string }[],
) {
  if (kinds.length === 0) return;
  await db.execute(sql`
    update documents d set kind = v.kind, title = v.title
    from jsonb_to_recordset(${JSON.stringify(kinds)}::jsonb) as v(id int, kind text, title text)
    where d.id = v.id and d.briefcase_id = ${briefcaseId}`);
}
