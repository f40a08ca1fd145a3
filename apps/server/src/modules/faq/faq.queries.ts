/** SQL of the FAQ tab: a procedure's questions, one question, and the documents attached to answers. */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, questions } from '../../db/schema/index.ts';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionDocumentRow = Pick<
  typeof documents.$inferSelect,
  'id' | 'name' | 'extension' | 'bytesSize' | 'storageKey'
>;
export type QuestionWithDocument = { question: QuestionRow; document: QuestionDocumentRow | null };

/** Participants see published questions and their own; `null` is everything (the seller, administrators). */
function visibleTo(userId: number | null): SQL | undefined {
  return userId === null ? undefined : or(eq(questions.active, true), eq(questions.authorUserId, userId));
}

const documentColumns = {
  id: documents.id,
  name: documents.name,
  extension: documents.extension,
  bytesSize: documents.bytesSize,
  storageKey: documents.storageKey,
};

/** A page of the procedure's questions, newest first. */
export async function findQuestionsPage(
  db: DbOrTx,
  briefcaseId: number,
  participantId: number | null,
  page: { limit: number; offset: number },
): Promise<QuestionWithDocument[]> {
  return db
    .select({ question: questions, document: documentColumns })
    .from(questions)
    .leftJoin(documents, eq(documents.id, questions.attachedDocumentId))
    .where(and(eq(questions.briefcaseId, briefcaseId), visibleTo(participantId)))
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countQuestions(
  db: DbOrTx,
  briefcaseId: number,
  participantId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(questions)
    .where(and(eq(questions.briefcaseId, briefcaseId), visibleTo(participantId)));
  return row?.n ?? 0;
}

/** One question of the procedure with its document, locked for a change when `lock`. */
export async function findQuestion(
  db: DbOrTx,
  briefcaseId: number,
  id: number,
  lock = false,
): Promise<QuestionWithDocument | null> {
  const query = db
    .select({ question: questions, document: documentColumns })
    .from(questions)
    .leftJoin(documents, eq(documents.id, questions.attachedDocumentId))
    .where(and(eq(questions.briefcaseId, briefcaseId), eq(questions.id, id)));
  const [row] = lock ? await query.for('update', { of: questions }) : await query.limit(1);
  return row ?? null;
}

export async function insertQuestion(
  db: DbOrTx,
  values: typeof questions.$inferInsert,
): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

export async function updateQuestion(
  db: DbOrTx,
  id: number,
  values: Partial<typeof questions.$inferInsert>,
): Promise<QuestionRow> {
  const [row] = await db.update(questions).set(values).where(eq(questions.id, id)).returning();
  return row!;
}

export async function deleteQuestion(db: DbOrTx, id: number): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

export async function insertQuestionDocument(
  db: DbOrTx,
  values: typeof documents.$inferInsert,
): Promise<QuestionDocumentRow> {
  const [row] = await db.insert(documents).values(values).returning(documentColumns);
  return row!;
}

/** Deletes a document row (the question's reference is set null by the foreign key). */
export async function deleteDocument(db: DbOrTx, id: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}
