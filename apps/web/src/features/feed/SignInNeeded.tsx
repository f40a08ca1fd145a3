import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { referer } from '../access/referer.ts';
import { FEED_MESSAGES } from './messages.ts';

/** The feed opened with need_auth by someone not signed in: the list itself needs a session. */
export function SignInNeeded() {
  const location = useLocation();
  return (
    <EmptyState
      icon={<LockOutlinedIcon sx={{ fontSize: 44, color: 'text.disabled' }} />}
      title={FEED_MESSAGES.signInNeeded.title}
      hint={FEED_MESSAGES.signInNeeded.hint}
      action={
        <Button
          component={RouterLink}
          to="/users/sign_in"
          variant="contained"
          onClick={() => referer.remember(`${location.pathname}${location.search}`)}
        >
          {FEED_MESSAGES.signInNeeded.action}
        </Button>
      }
    />
  );
}
