import { Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { safeStorage } from '../../lib/safeStorage.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

/** The cookie notice, shown until accepted; acceptance is kept in localStorage (spec 3 §2.7). */
export function CookieNotice() {
  const [accepted, setAccepted] = useState(
    () => safeStorage.get('local', STORAGE_KEYS.cookiesAccepted) === '1',
  );
  if (accepted) return null;
  const accept = () => {
    safeStorage.set('local', STORAGE_KEYS.cookiesAccepted, '1');
    setAccepted(true);
  };
  return (
    <Paper
      role="region"
      aria-label="Уведомление о cookie"
      elevation={8}
      sx={{
        position: 'fixed',
        // Above the page and its app bar, below drawers and dialogs: a dialog's backdrop covers it.
        zIndex: (theme) => theme.zIndex.appBar + 1,
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        maxWidth: 560,
        p: 2,
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2">{LAYOUT_MESSAGES.cookies.text}</Typography>
        <Button variant="contained" onClick={accept} sx={{ flexShrink: 0 }}>
          {LAYOUT_MESSAGES.cookies.accept}
        </Button>
      </Stack>
    </Paper>
  );
}
