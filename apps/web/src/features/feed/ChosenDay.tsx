import { formatMoscowDateLong } from '@etp/domain';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { Button, Paper, Typography } from '@mui/material';
import { FEED_MESSAGES } from './messages.ts';

const T = FEED_MESSAGES.calendar;

/**
 * Above the list: the day chosen in the calendar, or (`window`) the end of the default date window, with
 * "Показать за всё время" to drop it (spec 2 §2; decisions/0146).
 */
export function ChosenDay({
  date,
  onClear,
  window = false,
}: {
  date: string;
  onClear: () => void;
  window?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, mb: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <EventOutlinedIcon color="primary" aria-hidden />
      <Typography
        variant="body1"
        sx={{ flexGrow: 1, fontWeight: 500 }}
        data-testid={window ? 'date-window' : 'chosen-day'}
      >
        {(window ? T.window : T.chosenDay)(formatMoscowDateLong(`${date}T12:00:00+03:00`))}
      </Typography>
      <Button variant="outlined" onClick={onClear}>
        {T.allTime}
      </Button>
    </Paper>
  );
}
