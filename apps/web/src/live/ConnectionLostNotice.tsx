import { Alert, Snackbar } from '@mui/material';
import { LIVE_MESSAGES } from './messages.ts';
import { useLiveState } from './useLive.ts';

/** The persistent red "Установка соединения..." while the live connection is lost (spec 2 §2, §8). */
export function ConnectionLostNotice() {
  const lost = useLiveState() === 'lost';
  return (
    <Snackbar open={lost} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" role="status" data-testid="live-connection-lost">
        {LIVE_MESSAGES.connecting}
      </Alert>
    </Snackbar>
  );
}
