import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES as T } from './messages.ts';

/**
 * The feed flagged `?new_user=1` after registration welcomes the new user (spec 3 §2.3): get to know the site
 * (closes the dialog, the flag leaves the address) or go to the profile.
 */
export default function WelcomeDialogView() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const open = params.has('new_user');
  const close = () => {
    const rest = new URLSearchParams(params);
    rest.delete('new_user');
    setParams(rest, { replace: true });
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="welcome-title">
      <DialogTitle id="welcome-title">{T.welcome.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.welcome.text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{T.welcome.explore}</Button>
        <Button variant="contained" onClick={() => void navigate('/profile', { replace: true })}>
          {T.welcome.profile}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
