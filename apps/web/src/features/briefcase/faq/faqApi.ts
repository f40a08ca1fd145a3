/** The FAQ tab's calls (spec 2 §7 "Questions", "Edit / delete question") and their cache. */
import type { Question, QuestionsPage } from '@etp/contracts';
import { FAQ_PAGE_SIZE } from '@etp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/apiClient.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

export function useQuestions(briefcaseId: number, page: number) {
  return useQuery({
    queryKey: queryKeys.questions(briefcaseId, page),
    queryFn: ({ signal }) =>
      apiClient.request<QuestionsPage>(`/api/v1/briefcases/${briefcaseId}/questions`, {
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

function bodyOf(draft: QuestionDraft): FormData | Record<string, unknown> {
  const fields = {
    title: draft.title.trim(),
    answer: draft.answer.trim(),
    status: draft.publish ? 'answered' : 'draft',
  };
  if (!draft.file) return { ...fields, remove_attached_document: draft.removeDocument };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('attached_document', draft.file);
  return form;
}

/** Ask (a participant: the title in the query), add, edit, delete; the list is read again after each. */
export function useQuestionActions(briefcaseId: number) {
  const queryClient = useQueryClient();
  const base = `/api/v1/briefcases/${briefcaseId}/questions`;
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.questionsOf(briefcaseId) });
  return {
    ask: useMutation({
      mutationFn: (title: string) =>
        apiClient.request<Question>(base, { method: 'POST', query: { title: title.trim() } }),
      onSettled,
    }),
    add: useMutation({
      mutationFn: (draft: QuestionDraft) =>
        apiClient.request<Question>(base, { method: 'POST', body: bodyOf(draft) }),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: ({ id, draft }: { id: number; draft: QuestionDraft }) =>
        apiClient.request<Question>(`${base}/${id}`, { method: 'PUT', body: bodyOf(draft) }),
      onSettled,
    }),
    publish: useMutation({
      mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
        apiClient.request<Question>(`${base}/${id}`, {
          method: 'PUT',
          body: { status: publish ? 'answered' : 'draft' },
        }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiClient.request<null>(`${base}/${id}`, { method: 'DELETE' }),
      onSettled,
    }),
  };
}
