import { Alert, Box } from '@mui/material';
import { LIVE_MESSAGES } from './messages.ts';
import { useLiveState } from './useLive.ts';

/** The persistent red "Установка соединения..." while the live connection is lost (spec 2 §2, §8). */
export function ConnectionLostNotice() {
  const lost = useLiveState() === 'lost';
  return (
    // A fixed box rather than MUI's Snackbar: the notice has no timer nor transition to manage, and the snackbar's
    // machinery would sit in every page's first load (decisions/0145).
    lost && (
      <Box
        sx={{
          position: 'fixed',
          top: { xs: 8, sm: 24 },
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: (theme) => theme.zIndex.snackbar,
          maxWidth: 'calc(100% - 16px)',
        }}
      >
        <Alert severity="error" variant="filled" role="status" data-testid="live-connection-lost">
          {LIVE_MESSAGES.connecting}
        </Alert>
      </Box>
    )
  );
}
