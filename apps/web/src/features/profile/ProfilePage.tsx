import { formatMoscowDate } from '@etp/domain';
import { Paper, Typography } from '@mui/material';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { ProfileNav } from './ProfileNav.tsx';

/** /profile: the signed-in user's own data, as GET /api/v1/user gives it. Editing comes with the profile issue. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const filled = (value: string | null) => value || T.notFilled;
  const confirmation = (ok: boolean) => (ok ? T.confirmed : T.notConfirmed);
  return (
    <>
      <PageHeader title={T.profileTitle} />
      <ProfileNav />
      <Paper variant="outlined" sx={{ px: { xs: 2, md: 3 }, py: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {T.personal}
        </Typography>
        <KeyValueTable
          caption={T.personal}
          rows={[
            { label: T.lastName, value: filled(user.last_name) },
            { label: T.firstName, value: filled(user.first_name) },
            {
              label: T.email,
              value: user.email ? `${user.email} (${confirmation(user.confirmed_email)})` : T.notFilled,
            },
            ...(user.unconfirmed_email ? [{ label: T.unconfirmedEmail, value: user.unconfirmed_email }] : []),
            {
              label: T.phone,
              value: user.phone ? `${user.phone} (${confirmation(user.confirmed_phone)})` : T.notFilled,
            },
            { label: T.password, value: user.has_password ? T.passwordSet : T.passwordNotSet },
            { label: T.role, value: T.roles[user.role] },
            { label: T.registered, value: formatMoscowDate(user.created_at) },
          ]}
        />
      </Paper>
    </>
  );
}
