/**
 * The card's buttons: edit in the wizard, confirm / do not confirm a pending procedure (with the spec's dialogs),
 * and the favourite star. After a decision the card is read again, so the buttons go away.
 */
import type { BriefcaseCardAttributes, User } from '@etp/contracts';
import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { apiClient } from '../../api/apiClient.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FavouriteStar } from '../../components/FavouriteStar.tsx';
import { errorText } from '../../lib/errorText.ts';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { toast } from '../../lib/toast.ts';
import { BatchAutobidsButton } from '../trade/BatchAutobids.tsx';
import { RoundActions } from '../trade/RoundActions.tsx';
import { canDecideBriefcase, canEditBriefcase } from './cardActions.ts';
import { CARD_MESSAGES } from './messages.ts';

const T = CARD_MESSAGES.actions;

export function OrganiserActions({
  briefcase: b,
  user,
  playerView = false,
  onPlayerView,
  nowMs,
}: {
  briefcase: BriefcaseCardAttributes;
  user: User | null;
  /** Server time, for the next round's application window. */
  nowMs: number;
  /** An administrator's "Интерфейс торгов игрока": the trading screens as a player sees them. */
  playerView?: boolean;
  onPlayerView?: (on: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(b.id) });
  const decide = useMutation({
    mutationFn: (kind: 'confirm' | 'reject') =>
      apiClient.request(`/api/v1/briefcases/${b.id}/${kind}`, {
        method: 'POST',
        body: kind === 'reject' ? { note } : undefined,
      }),
    onSuccess: (_, kind) => {
      toast.success(kind === 'confirm' ? T.confirmed : T.remarksTaken);
      setDialog(null);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, T.failed)),
  });

  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {canDecideBriefcase(b, user) && (
        <>
          <Button variant="contained" onClick={() => setDialog('confirm')}>
            {T.confirm}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
            {T.reject}
          </Button>
        </>
      )}
      {user?.role === 'admin' && onPlayerView && (
        <FormControlLabel
          control={<Switch checked={playerView} onChange={(e) => onPlayerView(e.target.checked)} />}
          label={T.playerView}
        />
      )}
      <BatchAutobidsButton briefcase={b} admin={user?.role === 'admin'} />
      <RoundActions briefcase={b} user={user} nowMs={nowMs} />
      {canEditBriefcase(b, user, playerView) && (
        <Button
          component={RouterLink}
          to={`/briefcases/new/${b.id}`}
          startIcon={<EditIcon />}
          variant="outlined"
        >
          {T.edit}
        </Button>
      )}
      <FavouriteStar id={b.id} favourite={b.is_favorited} />
      <Dialog open={dialog === 'confirm'} onClose={() => setDialog(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{T.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDialog(null)}>{T.cancel}</Button>
          <Button variant="contained" disabled={decide.isPending} onClick={() => decide.mutate('confirm')}>
            {T.confirm}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'reject'} onClose={() => setDialog(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{T.rejectTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.rejectText}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={T.comment}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <DialogContentText sx={{ mt: 2 }} variant="body2">
            {T.support} <Link href={SUPPORT_CONTACTS.phoneHref}>{SUPPORT_CONTACTS.phone}</Link>
            {' · '}
            <Link href={`mailto:${SUPPORT_CONTACTS.email}`}>{SUPPORT_CONTACTS.email}</Link>
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDialog(null)}>{T.cancel}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={decide.isPending || note.trim() === ''}
            onClick={() => decide.mutate('reject')}
          >
            {T.send}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
