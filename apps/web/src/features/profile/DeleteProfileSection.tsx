import { Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { signInWith } from '../auth/signIn/signInWith.ts';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { profileApi } from './profileApi.ts';

/** Deleting the profile, after a confirmation; the sign-in screen then says it was deleted (spec 3 §2.2). */
export function DeleteProfileSection() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: profileApi.remove,
    onSuccess: () => void navigate(signInWith('deleted'), { replace: true }),
    onError: (failure) => {
      setOpen(false);
      toast.error(errorText(failure, T.deleteFailed));
    },
  });
  return (
    <SectionCard title={T.deleteTitle} id="delete">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.deleteHint}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {T.deleteProfile}
      </Button>
      <ConfirmDialog
        open={open}
        title={T.deleteConfirmTitle}
        text={T.deleteConfirmText}
        confirmLabel={T.deleteConfirm}
        danger
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      />
    </SectionCard>
  );
}
