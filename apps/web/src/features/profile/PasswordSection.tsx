import type { Profile } from '@etp/contracts';
import { PASSWORD_RESET_MIN_LENGTH, validatePassword, validatePasswordRepeat } from '@etp/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { PasswordField } from '../auth/PasswordField.tsx';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { profileApi, useApplyProfile } from './profileApi.ts';

type Field = 'current' | 'password' | 'repeat';

/**
 * The password change: the current password (when the account has one), the new one twice. A refused new
 * password is reported on `new_password` (spec 3 §8), a wrong current one on `current_password`.
 */
export function PasswordSection({ profile }: { profile: Profile }) {
  const apply = useApplyProfile();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useMutation({
    mutationFn: () =>
      profileApi.changePassword({
        password: values.password,
        current_password: profile.has_password ? values.current : null,
      }),
    onSuccess: () => {
      toast.success(T.passwordChanged);
      setValues({ current: '', password: '', repeat: '' });
      if (!profile.has_password) apply({ ...profile, has_password: true });
    },
    onError: (failure) => {
      const current = fieldErrorText(failure, 'current_password');
      const password = fieldErrorText(failure, 'new_password') ?? fieldErrorText(failure, 'password');
      setErrors({ current, password });
      toast.error(errorText(failure, T.passwordChangeFailed));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const password = validatePassword(values.password, PASSWORD_RESET_MIN_LENGTH);
    const found = {
      current: profile.has_password && !values.current ? (validatePassword('') ?? undefined) : undefined,
      password: password ?? undefined,
      repeat: password ? undefined : (validatePasswordRepeat(values.password, values.repeat) ?? undefined),
    };
    setErrors(found);
    if (!found.current && !found.password && !found.repeat) change.mutate();
  };
  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordField
      name={
        name === 'current' ? 'current_password' : name === 'password' ? 'new_password' : 'repeat_password'
      }
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        setValues((prev) => ({ ...prev, [name]: event.target.value }));
        setErrors((prev) => ({ ...prev, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? (name === 'password' ? T.passwordHint : undefined)}
      fullWidth
    />
  );
  return (
    <SectionCard title={T.passwordTitle} id="password">
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <Typography variant="body2" color="text.secondary">
          {profile.has_password ? T.passwordSet : T.passwordNotSet}
        </Typography>
        {profile.has_password && field('current', T.currentPassword, 'current-password')}
        {field('password', T.newPassword, 'new-password')}
        {field('repeat', T.repeatPassword, 'new-password')}
        <Button
          type="submit"
          variant="contained"
          disabled={!values.password || change.isPending}
          sx={{ alignSelf: 'flex-end' }}
        >
          {profile.has_password ? T.changePassword : T.setPassword}
        </Button>
      </Stack>
    </SectionCard>
  );
}
