import type { AuthStrategy, NotificationsSettings, Profile } from '@etp/contracts';
import {
  Divider,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Fragment } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { profileApi, profileForm, useApplyProfile } from './profileApi.ts';

type Group = keyof NotificationsSettings;

/** The notification flags of spec 3 §3, by group, in the order they are shown. */
const GROUPS: { group: Group; flags: readonly (keyof typeof T.notifications)[] }[] = [
  { group: 'lot_mailer', flags: ['won', 'lost', 'ousted', 'started', 'finished', 'daily_summary'] },
  { group: 'autobid_mailer', flags: ['maxed_out'] },
  { group: 'invitation_mailer', flags: ['invited'] },
  { group: 'deal_mailer', flags: ['steps'] },
];

/** The strategies the server takes, in the order of their labels (a value import would bring zod to the page). */
const STRATEGIES = Object.keys(T.strategies) as AuthStrategy[];
const isStrategy = (value: string): value is AuthStrategy => (STRATEGIES as string[]).includes(value);

/** The auth strategy and the e-mail notification switches; each change is saved at once. */
export function PreferencesSection({ profile }: { profile: Profile }) {
  const apply = useApplyProfile();
  const save = useMutation({
    mutationFn: (fields: Record<string, string>) => profileApi.update(profileForm(fields)),
    onMutate: (fields) => {
      // Flip the switch at once; the answer (or a failure) settles it.
      const next = structuredClone(profile);
      for (const [name, value] of Object.entries(fields)) {
        const match = /^notifications_settings\[(\w+)\]\[(\w+)\]$/.exec(name);
        if (match)
          (next.notifications_settings as Record<string, Record<string, boolean>>)[match[1] ?? '']![
            match[2] ?? ''
          ] = value === 'true';
        if (name === 'auth_strategy' && isStrategy(value)) next.auth_strategy = value;
      }
      apply(next);
      return profile;
    },
    onSuccess: (fresh) => {
      apply(fresh);
      toast.success(T.updated);
    },
    onError: (failure, _fields, previous) => {
      if (previous) apply(previous);
      toast.error(errorText(failure, T.updateFailed));
    },
  });
  const settings = profile.notifications_settings as Record<Group, Record<string, boolean>>;

  return (
    <>
      <SectionCard title={T.notificationsTitle} hint={T.notificationsHint} id="notifications">
        <Stack spacing={2} divider={<Divider flexItem />}>
          {GROUPS.map(({ group, flags }) => (
            <FormGroup key={group}>
              <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.5 }}>
                {T.notificationGroups[group]}
              </FormLabel>
              {flags.map((flag) => {
                const help = T.notificationHelp[flag];
                const helpId = `notification-help-${group}-${flag}`;
                return (
                  <Fragment key={flag}>
                    <FormControlLabel
                      label={T.notifications[flag]}
                      control={
                        <Switch
                          checked={settings[group]?.[flag] ?? false}
                          slotProps={{ input: help ? { 'aria-describedby': helpId } : {} }}
                          onChange={(event) =>
                            save.mutate({
                              [`notifications_settings[${group}][${flag}]`]: String(event.target.checked),
                            })
                          }
                        />
                      }
                      sx={{
                        ml: 0,
                        justifyContent: 'space-between',
                        '& .MuiFormControlLabel-label': { flexGrow: 1 },
                      }}
                      labelPlacement="start"
                    />
                    {help && (
                      <FormHelperText id={helpId} sx={{ mx: 0, mt: 0 }}>
                        {help}
                      </FormHelperText>
                    )}
                  </Fragment>
                );
              })}
            </FormGroup>
          ))}
        </Stack>
      </SectionCard>
      <SectionCard title={T.strategyTitle} hint={T.strategyHint} id="auth-strategy">
        <RadioGroup
          aria-labelledby="auth-strategy-title"
          value={profile.auth_strategy}
          onChange={(event) => {
            if (isStrategy(event.target.value)) save.mutate({ auth_strategy: event.target.value });
          }}
        >
          {STRATEGIES.map((strategy) => (
            <FormControlLabel
              key={strategy}
              value={strategy}
              control={<Radio />}
              label={T.strategies[strategy]}
            />
          ))}
        </RadioGroup>
      </SectionCard>
    </>
  );
}
