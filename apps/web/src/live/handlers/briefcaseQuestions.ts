/**
 * BriefcaseQuestions: questions → the FAQ tab's pages are re-read (the server filters what each viewer sees,
 * decisions/0180).
 */
import type { LiveMessageOf } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';

export function onQuestions(queryClient: QueryClient, message: LiveMessageOf<'questions'>): void {
  const id = message.payload?.briefcase_id ?? message.briefcase_id;
  if (typeof id !== 'number') return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.questionsOf(id) });
}
