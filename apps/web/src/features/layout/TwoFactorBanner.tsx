import type { User } from '@etp/contracts';
import { Alert, AlertTitle, Button, Container } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

const { twoFactor } = LAYOUT_MESSAGES;

/** What a user lacks of phone, e-mail and password, in that order. */
function missingSecondFactors(user: Pick<User, 'phone' | 'email' | 'has_password'>): string[] {
  const missing: string[] = [];
  if (!user.phone) missing.push(twoFactor.items.phone);
  if (!user.email) missing.push(twoFactor.items.email);
  if (!user.has_password) missing.push(twoFactor.items.password);
  return missing;
}

/** Asks a user who lacks a phone, an e-mail or a password to fill them in the profile (spec 3 §2.5). */
export function TwoFactorBanner() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (!user || pathname === '/profile') return null;
  const missing = missingSecondFactors(user);
  if (missing.length === 0) return null;
  const list =
    missing.length > 1
      ? `${missing.slice(0, -1).join(', ')}${twoFactor.and}${missing.at(-1)}`
      : (missing[0] ?? '');
  return (
    <Container maxWidth="xl" sx={{ pt: 2 }}>
      <Alert
        severity="info"
        variant="outlined"
        sx={{ bgcolor: 'background.paper', alignItems: 'center' }}
        action={
          <Button component={RouterLink} to="/profile" size="small" color="inherit">
            {twoFactor.action}
          </Button>
        }
      >
        <AlertTitle>{twoFactor.title}</AlertTitle>
        {twoFactor.text(list)}
      </Alert>
    </Container>
  );
}
