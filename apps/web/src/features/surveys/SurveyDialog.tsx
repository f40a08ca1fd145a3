import type { Survey } from '@etp/contracts';
import { SURVEY_COMMENT_MAX_LENGTH, SURVEY_MAX_STARS } from '@etp/domain';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useReducer, useState } from 'react';
import { SURVEY_MESSAGES as T } from './messages.ts';
import { answerOf, initialSurveyStep, type SurveyAnswer, surveyStepReducer } from './surveySteps.ts';

interface SurveyDialogProps {
  survey: Survey;
  /** Sends the answer; the dialog closes when it resolves. */
  onSubmit: (answer: SurveyAnswer) => Promise<void>;
  /** Closed without sending: `answer` holds the yes/no once it was given (it is still worth keeping). */
  onClose: (answer: SurveyAnswer | null) => void;
}

/** The two-step satisfaction survey: yes/no, then stars with an optional comment. */
export function SurveyDialog({ survey, onSubmit, onClose }: SurveyDialogProps) {
  const [state, dispatch] = useReducer(surveyStepReducer, initialSurveyStep);
  const [sending, setSending] = useState(false);
  const question = (kind: 'bool' | 'rating' | 'string') => survey.questions.find((q) => q.kind === kind);
  const ratingQuestion = question('rating');
  const commentQuestion = question('string');
  const maxStars = Math.min(ratingQuestion?.max_rating ?? SURVEY_MAX_STARS, SURVEY_MAX_STARS);
  const maxLength = Math.min(
    commentQuestion?.max_length ?? SURVEY_COMMENT_MAX_LENGTH,
    SURVEY_COMMENT_MAX_LENGTH,
  );
  const close = () => !sending && onClose(answerOf(state));
  const send = () => {
    const answer = answerOf(state);
    if (!answer) return;
    setSending(true);
    onSubmit(answer).finally(() => setSending(false));
  };

  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="survey-title">
      <DialogTitle id="survey-title" sx={{ pr: 6 }}>
        {survey.title}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {T.step(state.step === 'question' ? 1 : 2)}
        </Typography>
        <IconButton aria-label={T.close} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {state.step === 'question' ? (
          <Typography>{question('bool')?.text}</Typography>
        ) : (
          <Stack spacing={2}>
            <Box>
              <Typography id="survey-rating" gutterBottom>
                {ratingQuestion?.text ?? T.rating}
              </Typography>
              <Rating
                name="rating"
                size="large"
                max={maxStars}
                value={state.rating}
                getLabelText={T.stars}
                onChange={(_, value) => dispatch({ type: 'rated', rating: value })}
              />
            </Box>
            <TextField
              label={commentQuestion?.text ?? T.comment}
              name="comment"
              multiline
              minRows={3}
              value={state.comment}
              onChange={(event) => dispatch({ type: 'commented', comment: event.target.value })}
              helperText={`${state.comment.length} / ${maxLength}`}
              slotProps={{ htmlInput: { maxLength } }}
              fullWidth
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {state.step === 'question' ? (
          <>
            <Button variant="outlined" onClick={() => dispatch({ type: 'answered', satisfied: false })}>
              {T.no}
            </Button>
            <Button variant="contained" onClick={() => dispatch({ type: 'answered', satisfied: true })}>
              {T.yes}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={send} disabled={sending}>
            {T.send}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
