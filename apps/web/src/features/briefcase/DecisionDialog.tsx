/** The organiser's confirm / do-not-confirm dialogs (spec 2 §2); a chunk of its own, fetched on the click (decisions/0145). */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { CARD_MESSAGES } from './messages.ts';

const T = CARD_MESSAGES.actions;

export default function DecisionDialog({
  dialog,
  pending,
  onClose,
  onDecide,
}: {
  dialog: 'confirm' | 'reject';
  pending: boolean;
  onClose: () => void;
  onDecide: (kind: 'confirm' | 'reject', note: string) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <>
      <Dialog open={dialog === 'confirm'} onClose={onClose} maxWidth="sm" fullWidth>
        <DialogTitle>{T.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button variant="contained" disabled={pending} onClick={() => onDecide('confirm', note)}>
            {T.confirm}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'reject'} onClose={onClose} maxWidth="sm" fullWidth>
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
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={pending || note.trim() === ''}
            onClick={() => onDecide('reject', note)}
          >
            {T.send}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
