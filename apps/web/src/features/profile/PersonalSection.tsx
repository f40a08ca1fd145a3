import type { Profile } from '@etp/contracts';
import { AVATAR_MAX_BYTES, formatMoscowDate, validateName } from '@etp/domain';
import { Avatar, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useAuthorizedFileUrl } from '../../api/useAuthorizedFileUrl.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { companyInitials } from '../../lib/companyInitials.ts';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { profileApi, profileForm, useApplyProfile } from './profileApi.ts';

/** Avatar, last and first name (spec 3 §2.5); a name is checked by the domain's name rule. */
export function PersonalSection({ profile }: { profile: Profile }) {
  const apply = useApplyProfile();
  const queryClient = useQueryClient();
  const avatarUrl = useAuthorizedFileUrl(profile.avatar_url);
  const fileInput = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState({
    last_name: profile.last_name ?? '',
    first_name: profile.first_name ?? '',
  });
  const [errors, setErrors] = useState<{ last_name?: string; first_name?: string }>({});

  const save = useMutation({
    mutationFn: (fields: Record<string, string | Blob>) => profileApi.update(profileForm(fields)),
    onSuccess: (fresh, fields) => {
      apply(fresh);
      if ('avatar' in fields || 'remove_avatar' in fields)
        void queryClient.invalidateQueries({ queryKey: queryKeys.files });
      toast.success(T.updated);
    },
    onError: (failure) => {
      setErrors({
        last_name: fieldErrorText(failure, 'last_name'),
        first_name: fieldErrorText(failure, 'first_name'),
      });
      toast.error(fieldErrorText(failure, 'avatar') ?? errorText(failure, T.updateFailed));
    },
  });

  const changed =
    names.last_name.trim() !== (profile.last_name ?? '') ||
    names.first_name.trim() !== (profile.first_name ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      last_name: validateName(names.last_name) ?? undefined,
      first_name: validateName(names.first_name) ?? undefined,
    };
    setErrors(found);
    if (!found.last_name && !found.first_name) {
      save.mutate({ last_name: names.last_name.trim(), first_name: names.first_name.trim() });
    }
  };
  const pickAvatar = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) toast.error(T.avatarTooLarge);
    else save.mutate({ avatar: file });
  };
  const displayName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');

  return (
    <SectionCard
      title={T.personal}
      id="personal"
      hint={!profile.first_name || !profile.last_name ? T.fillNamesHint : undefined}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <Stack spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <Avatar
            src={avatarUrl ?? undefined}
            alt={T.avatar}
            sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main' }}
          >
            {companyInitials(displayName || profile.email || '?')}
          </Avatar>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            aria-label={T.uploadAvatar}
            onChange={(event) => {
              pickAvatar(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button size="small" onClick={() => fileInput.current?.click()} disabled={save.isPending}>
            {T.uploadAvatar}
          </Button>
          {profile.avatar_url && (
            <Button
              size="small"
              color="inherit"
              onClick={() => save.mutate({ remove_avatar: 'true' })}
              disabled={save.isPending}
            >
              {T.removeAvatar}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 140 }}>
            {T.avatarHint}
          </Typography>
        </Stack>
        <Box component="form" noValidate onSubmit={submit} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack spacing={2}>
            {(['last_name', 'first_name'] as const).map((field) => (
              <TextField
                key={field}
                name={field}
                label={field === 'last_name' ? T.lastName : T.firstName}
                autoComplete={field === 'last_name' ? 'family-name' : 'given-name'}
                value={names[field]}
                onChange={(event) => {
                  setNames((prev) => ({ ...prev, [field]: event.target.value }));
                  setErrors((prev) => ({ ...prev, [field]: undefined }));
                }}
                error={Boolean(errors[field])}
                helperText={errors[field]}
                fullWidth
              />
            ))}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                {T.roles[profile.role]} · {T.registered(formatMoscowDate(profile.created_at))}
              </Typography>
              <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
                {T.save}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Stack>
    </SectionCard>
  );
}
