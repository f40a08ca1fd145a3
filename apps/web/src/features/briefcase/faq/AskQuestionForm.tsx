import { QUESTION_TITLE_MAX_LENGTH } from '@etp/domain';
import SendIcon from '@mui/icons-material/Send';
import { Button, Paper, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { FAQ_TAB_MESSAGES as T } from './messages.ts';

/** A participant's question to the organiser: the text and "Задать вопрос". */
export function AskQuestionForm({
  pending,
  onAsk,
}: {
  pending: boolean;
  onAsk: (title: string) => Promise<unknown>;
}) {
  const [title, setTitle] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    onAsk(title).then(
      () => setTitle(''),
      () => undefined,
    );
  };
  return (
    <Paper component="form" variant="outlined" onSubmit={submit} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack spacing={1.5}>
        <TextField
          label={T.askLabel}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          helperText={T.askHint}
          slotProps={{ htmlInput: { maxLength: QUESTION_TITLE_MAX_LENGTH } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={pending || !title.trim()}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {T.ask}
        </Button>
      </Stack>
    </Paper>
  );
}
