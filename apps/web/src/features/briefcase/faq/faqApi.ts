/** The FAQ tab's calls (spec 2 §7 "Questions", "Edit / delete question") and their cache. */
import type { QuestionCreateFields, QuestionUpdateFields } from '@etp/contracts';
import { FAQ_PAGE_SIZE } from '@etp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

export function useQuestions(briefcaseId: number, page: number) {
  return useQuery({
    queryKey: queryKeys.questions(briefcaseId, page),
    queryFn: ({ signal }) =>
      call(OPERATIONS.listQuestions, {
        params: { id: briefcaseId },
        query: { page, per_page: FAQ_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** What the administrator's dialog sends: a form with the file when one is chosen, JSON otherwise. */
export interface QuestionDraft {
  title: string;
  answer: string;
  publish: boolean;
  file: File | null;
  removeDocument: boolean;
}

function bodyOf(draft: QuestionDraft): FormData | (QuestionCreateFields & QuestionUpdateFields) {
  const fields = {
    title: draft.title.trim(),
    answer: draft.answer.trim(),
    status: draft.publish ? ('answered' as const) : ('draft' as const),
  };
  if (!draft.file) return { ...fields, remove_attached_document: draft.removeDocument };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('attached_document', draft.file);
  return form;
}

/** Ask (a participant: the title alone), add, edit, delete; the list is read again after each. */
export function useQuestionActions(briefcaseId: number) {
  const queryClient = useQueryClient();
  const params = { id: briefcaseId };
  const ofQuestion = (qid: number) => ({ id: briefcaseId, qid });
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.questionsOf(briefcaseId) });
  return {
    ask: useMutation({
      mutationFn: (title: string) =>
        call(OPERATIONS.createQuestion, { params, body: { title: title.trim() } }),
      onSettled,
    }),
    add: useMutation({
      mutationFn: (draft: QuestionDraft) => call(OPERATIONS.createQuestion, { params, body: bodyOf(draft) }),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: ({ id, draft }: { id: number; draft: QuestionDraft }) =>
        call(OPERATIONS.updateQuestion, { params: ofQuestion(id), body: bodyOf(draft) }),
      onSettled,
    }),
    publish: useMutation({
      mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
        call(OPERATIONS.updateQuestion, {
          params: ofQuestion(id),
          body: { status: publish ? 'answered' : 'draft' },
        }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(OPERATIONS.deleteQuestion, { params: ofQuestion(id) }),
      onSettled,
    }),
  };
}
