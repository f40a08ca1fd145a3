import type { Question } from '@etp/contracts';
import {
  QUESTION_ANSWER_MAX_LENGTH,
  QUESTION_DOCUMENT_MAX_BYTES,
  QUESTION_TITLE_MAX_LENGTH,
} from '@etp/domain';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { QuestionDraft } from './faqApi.ts';
import { FAQ_TAB_MESSAGES as T } from './messages.ts';

const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.odt,.rtf,.jpg,.jpeg,.png';

interface QuestionDialogProps {
  /** The question being edited; null adds a new one. */
  question: Question | null;
  pending: boolean;
  onSave: (draft: QuestionDraft) => void;
  onClose: () => void;
}

/** The administrator's form: the question, its answer, a document, and whether all participants see it. */
export function QuestionDialog({ question, pending, onSave, onClose }: QuestionDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<QuestionDraft>({
    title: question?.title ?? '',
    answer: question?.answer ?? '',
    publish: question?.active ?? false,
    file: null,
    removeDocument: false,
  });
  const stored = draft.removeDocument ? null : (question?.attached_document ?? null);
  const hasAnswer = draft.answer.trim() !== '';
  const change = (patch: Partial<QuestionDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > QUESTION_DOCUMENT_MAX_BYTES) toast.error(T.dialog.documentTooLarge);
    else change({ file });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) return;
    onSave({ ...draft, publish: draft.publish && hasAnswer });
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle>{question ? T.dialog.editTitle : T.dialog.addTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={T.dialog.question}
              value={draft.title}
              onChange={(event) => change({ title: event.target.value })}
              required
              multiline
              minRows={2}
              autoFocus
              slotProps={{ htmlInput: { maxLength: QUESTION_TITLE_MAX_LENGTH } }}
            />
            <TextField
              label={T.dialog.answer}
              value={draft.answer}
              onChange={(event) => change({ answer: event.target.value })}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: QUESTION_ANSWER_MAX_LENGTH } }}
            />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Button
                variant="outlined"
                startIcon={<AttachFileIcon />}
                onClick={() => input.current?.click()}
                disabled={pending}
              >
                {draft.file || stored ? T.dialog.replace : T.dialog.attach}
              </Button>
              <input
                ref={input}
                type="file"
                hidden
                accept={DOCUMENT_ACCEPT}
                aria-label={T.dialog.attach}
                onChange={(event) => {
                  pick(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              {(draft.file ?? stored) && (
                <Chip
                  label={draft.file?.name ?? stored?.name}
                  onDelete={() => change(draft.file ? { file: null } : { removeDocument: true })}
                  deleteIcon={
                    <CloseIcon aria-label={T.dialog.removeDocument(draft.file?.name ?? stored?.name ?? '')} />
                  }
                  sx={{ maxWidth: '100%' }}
                />
              )}
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.publish && hasAnswer}
                  disabled={!hasAnswer}
                  onChange={(event) => change({ publish: event.target.checked })}
                />
              }
              label={hasAnswer ? T.dialog.publish : `${T.dialog.publish}. ${T.dialog.publishHint}`}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {T.dialog.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || !draft.title.trim()}>
            {T.dialog.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
