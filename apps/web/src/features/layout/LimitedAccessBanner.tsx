import { Alert, AlertTitle, Button, Container } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { safeStorage } from '../../lib/safeStorage.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { hasFullAccess } from '../access/hasFullAccess.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

const { limitedAccess } = LAYOUT_MESSAGES;

/** Where the company is accredited: that page tells its own accreditation status, so the banner stays away. */
const ACCREDITATION_PATH = '/profile/client';

/**
 * Asks users of a company that is not accredited to accredit it; dismissal lasts for the tab's session. Not on
 * the accreditation page itself, where "На проверке… Дождитесь решения" (or the form) says what to do instead.
 */
export function LimitedAccessBanner() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(
    () => safeStorage.get('session', STORAGE_KEYS.limitedAccessBannerDismissed) === '1',
  );
  if (!user || hasFullAccess(user) || dismissed || pathname.startsWith(ACCREDITATION_PATH)) return null;
  const dismiss = () => {
    safeStorage.set('session', STORAGE_KEYS.limitedAccessBannerDismissed, '1');
    setDismissed(true);
  };
  return (
    <Container maxWidth="xl" sx={{ pt: 2 }}>
      <Alert
        severity="warning"
        variant="outlined"
        onClose={dismiss}
        slotProps={{ closeButton: { title: limitedAccess.close, 'aria-label': limitedAccess.close } }}
        sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
      >
        <AlertTitle>{limitedAccess.title}</AlertTitle>
        {user.company_id === null ? limitedAccess.noCompanyText : limitedAccess.text}{' '}
        <Button
          component={RouterLink}
          to={ACCREDITATION_PATH}
          size="small"
          sx={{ ml: { sm: 1 }, mt: { xs: 1, sm: 0 } }}
        >
          {limitedAccess.action}
        </Button>
      </Alert>
    </Container>
  );
}
