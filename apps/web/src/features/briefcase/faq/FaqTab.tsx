/**
 * Вопрос-ответ (/briefcases/{id}/faq?page=): the procedure's questions, 20 a page with 10 page buttons; a
 * participant asks while the procedure is ready or active; an administrator adds, edits, publishes and deletes.
 * What the viewer may do comes from the server (can_ask, can_manage), which enforces it. Live: others' changes
 * re-read the page (BriefcaseQuestions).
 */
import type { BriefcaseCardAttributes, Question } from '@etp/contracts';
import { FAQ_VISIBLE_PAGE_BUTTONS } from '@etp/domain';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageNumbers } from '../../../components/PageNumbers.tsx';
import { errorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { useLiveSubscription } from '../../../live/useLive.ts';
import { AskQuestionForm } from './AskQuestionForm.tsx';
import { type QuestionDraft, useQuestionActions, useQuestions } from './faqApi.ts';
import { FAQ_TAB_MESSAGES as T } from './messages.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { QuestionDialog } from './QuestionDialog.tsx';

const positive = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : 1);

type Editing = { question: Question | null } | null;

export default function FaqTab({ briefcase }: { briefcase: BriefcaseCardAttributes }) {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'));
  const questions = useQuestions(briefcase.id, page);
  // Questions asked, answered, published or deleted by others show without a reload (decisions/0180).
  useLiveSubscription('BriefcaseQuestions', briefcase.id);
  const actions = useQuestionActions(briefcase.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const data = questions.data;

  const goTo = (next: number) => {
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next > 1) search.set('page', String(next));
        else search.delete('page');
        return search;
      },
      { replace: true },
    );
  };
  const ask = (title: string) =>
    actions.ask.mutateAsync(title).then(
      () => {
        toast.success(T.sent);
        goTo(1);
      },
      (error: unknown) => {
        toast.error(T.sendFailed);
        throw error;
      },
    );
  const save = (draft: QuestionDraft) => {
    const question = editing?.question;
    const done = question
      ? actions.edit.mutateAsync({ id: question.id, draft })
      : actions.add.mutateAsync(draft);
    done.then(
      () => {
        toast.success(question ? T.edited : T.added);
        setEditing(null);
      },
      (error: unknown) => toast.error(question ? T.editFailed : errorText(error, T.sendFailed)),
    );
  };
  const publish = (question: Question, value: boolean) =>
    actions.publish.mutateAsync({ id: question.id, publish: value }).then(
      () => toast.success(T.edited),
      () => toast.error(T.editFailed),
    );
  const remove = (question: Question) =>
    actions.remove.mutateAsync(question.id).then(
      () => {
        toast.success(T.deleted);
        setDeleting(null);
      },
      () => toast.error(T.deleteFailed),
    );
  const busy = actions.edit.isPending || actions.publish.isPending || actions.remove.isPending;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {T.title}
        </Typography>
        {data?.can_manage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ question: null })}>
            {T.add}
          </Button>
        )}
      </Stack>
      {questions.isPending ? (
        <PageLoader />
      ) : questions.error || !data ? (
        <ErrorBlock
          message={questions.error?.message || T.loadFailed}
          onRetry={() => void questions.refetch()}
        />
      ) : (
        <>
          {data.can_ask && <AskQuestionForm pending={actions.ask.isPending} onAsk={ask} />}
          {data.questions.length === 0 ? (
            <EmptyState title={T.empty} />
          ) : (
            <Stack spacing={1.5}>
              {data.questions.map((question) => (
                <QuestionCard
                  key={question.id}
                  question={question}
                  canManage={data.can_manage}
                  busy={busy}
                  onEdit={() => setEditing({ question })}
                  onPublish={(value) => publish(question, value)}
                  onDelete={() => setDeleting(question)}
                />
              ))}
            </Stack>
          )}
          <PageNumbers
            page={page}
            totalPages={data.total_pages}
            visible={FAQ_VISIBLE_PAGE_BUTTONS}
            label={T.pagerLabel}
            onPage={goTo}
          />
        </>
      )}
      {editing && (
        <QuestionDialog
          question={editing.question}
          pending={actions.add.isPending || actions.edit.isPending}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        text={T.deleteText}
        confirmLabel={T.actions.delete}
        danger
        pending={actions.remove.isPending}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
