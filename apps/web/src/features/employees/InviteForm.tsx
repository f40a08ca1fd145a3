import { validateEmail } from '@etp/domain';
import { Button, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { employeesApi } from './employeesApi.ts';
import { EMPLOYEES_MESSAGES as T } from './messages.ts';

const MAX_EMAILS = 20;

/** 'a@x.ru, b@y.ru' or one per line → the distinct addresses. */
function parseEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** Invites by e-mail (1–20 addresses); an address that is already an employee is named in a toast. */
export function InviteForm() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (emails: string[]) => employeesApi.invite(emails),
    onSuccess: (answer, emails) => {
      const invited = answer.data.invited;
      if (invited.length > 0) toast.success(answer.message ?? T.invited(invited.length));
      for (const [key, reasons] of Object.entries(answer.errors)) {
        const email = emails[Number(key.split('.')[1])];
        if (email) toast.info(T.skipped(email, reasons[0] ?? ''));
      }
      setText('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.invited });
    },
    onError: (failure) => toast.error(errorText(failure, T.inviteFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = parseEmails(text);
    const bad = emails
      .map((email) => [email, validateEmail(email, { detailed: true })] as const)
      .find(([, m]) => m);
    const message =
      emails.length === 0
        ? validateEmail('')
        : bad
          ? T.skipped(bad[0], bad[1] ?? '')
          : emails.length > MAX_EMAILS
            ? T.tooMany
            : null;
    setError(message);
    if (!message) invite.mutate(emails);
  };
  return (
    <SectionCard title={T.invite} hint={T.inviteHint} id="invite">
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <TextField
          name="emails"
          label={T.inviteLabel}
          multiline
          minRows={1}
          maxRows={6}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!text.trim() || invite.isPending}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {T.send}
        </Button>
      </Stack>
    </SectionCard>
  );
}
