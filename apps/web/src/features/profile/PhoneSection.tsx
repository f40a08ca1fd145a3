import type { Profile } from '@etp/contracts';
import { formatPhone, PHONE_MASKED_LENGTH, validatePhone } from '@etp/domain';
import { Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { PhoneField } from '../../components/PhoneField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { profileApi, useApplyProfile } from './profileApi.ts';

/** The SMS-code step (code boxes, resend timer, progress bar) loads once a code has been asked for (decisions/0170). */
const CodeEntry = lazy(async () => ({ default: (await import('../../components/CodeEntry.tsx')).CodeEntry }));

type Step =
  | { kind: 'view' }
  | { kind: 'edit' }
  | { kind: 'code'; phone: string; sentTo: string; sentAt: number };

/** The phone with its confirmation: a new (or unconfirmed) number gets a code, and the code confirms it. */
export function PhoneSection({ profile }: { profile: Profile }) {
  const apply = useApplyProfile();
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  const sendCode = useMutation({
    mutationFn: (typed: string) => profileApi.sendPhoneCode(typed),
    onSuccess: (sent, typed) =>
      setStep({ kind: 'code', phone: typed, sentTo: sent.phone, sentAt: Date.now() }),
    onError: (failure) => {
      const message = fieldErrorText(failure, 'phone') ?? errorText(failure, T.codeRequestFailed);
      if (step.kind === 'edit') setError(message);
      else toast.error(message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePhone(phone);
    setError(message);
    if (!message) sendCode.mutate(phone);
  };

  const confirmCurrent = () => profile.phone && sendCode.mutate(formatPhone(profile.phone));

  return (
    <SectionCard title={T.phoneTitle} id="phone">
      {step.kind === 'view' && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body1" sx={{ fontWeight: 500 }}>
              {profile.phone ? formatPhone(profile.phone) : T.noPhone}
            </Typography>
            {profile.phone && (
              <Chip
                size="small"
                color={profile.confirmed_phone ? 'success' : 'warning'}
                variant="outlined"
                label={profile.confirmed_phone ? T.confirmed : T.notConfirmed}
              />
            )}
          </Stack>
          <Stack direction="row" spacing={1}>
            {profile.phone && !profile.confirmed_phone && (
              <Button onClick={confirmCurrent} disabled={sendCode.isPending}>
                {T.confirmPhone}
              </Button>
            )}
            <Button variant="outlined" onClick={() => setStep({ kind: 'edit' })}>
              {profile.phone ? T.changePhone : T.addPhone}
            </Button>
          </Stack>
        </Stack>
      )}
      {step.kind === 'edit' && (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
        >
          <PhoneField
            label={T.phone}
            name="phone"
            autoFocus
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error}
            sx={{ flexGrow: 1 }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={phone.length < PHONE_MASKED_LENGTH || sendCode.isPending}
            >
              {T.getCode}
            </Button>
            <Button onClick={() => setStep({ kind: 'view' })}>{T.cancel}</Button>
          </Box>
        </Stack>
      )}
      {step.kind === 'code' && (
        <Stack spacing={1}>
          <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
            <CodeEntry
              sentTo={step.sentTo}
              sentAt={step.sentAt}
              onSubmit={(code) =>
                profileApi.confirmPhone(step.phone, code).then((fresh) => {
                  apply(fresh);
                  toast.success(T.phoneConfirmed);
                  setStep({ kind: 'view' });
                  setPhone('');
                })
              }
              onResend={() =>
                profileApi
                  .sendPhoneCode(step.phone)
                  .then((sent) => setStep({ ...step, sentTo: sent.phone, sentAt: Date.now() }))
              }
            />
          </Suspense>
          <Button onClick={() => setStep({ kind: 'view' })} sx={{ alignSelf: 'center' }}>
            {T.cancel}
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
