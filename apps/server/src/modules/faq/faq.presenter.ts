/** Questions as the spec's JSON, as the viewer may see them (decisions/0115). */
import type { Question } from '@etp/contracts';
import type { QuestionWithDocument } from './faq.queries.ts';

export interface QuestionViewer {
  userId: number;
  /** The seller or an administrator: drafts and unpublished questions as they are. */
  seesEverything: boolean;
}

const questionDocumentLink = (briefcaseId: number, questionId: number) =>
  `/api/v1/briefcases/${briefcaseId}/questions/${questionId}/attached_document`;

/**
 * A participant sees a question that is not published (their own) as unanswered: neither a draft answer nor its
 * document leaves the server before the administrator publishes it.
 */
export function presentQuestion(
  { question: q, document: d }: QuestionWithDocument,
  viewer: QuestionViewer,
): Question {
  const shown = viewer.seesEverything || q.active;
  return {
    id: q.id,
    title: q.title,
    answer: shown ? q.answer : null,
    status: shown ? q.status : 'unanswered',
    attached_document:
      shown && d
        ? {
            id: d.id,
            name: d.name,
            extension: d.extension,
            bytes_size: d.bytesSize,
            link: questionDocumentLink(q.briefcaseId, q.id),
          }
        : null,
    active: q.active,
    is_own: q.authorUserId === viewer.userId,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}
