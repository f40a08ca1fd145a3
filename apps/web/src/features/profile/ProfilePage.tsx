import { Grid, Stack } from '@mui/material';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { InvitationCard } from '../employees/InvitationCard.tsx';
import { DeleteProfileSection } from './DeleteProfileSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { PersonalSection } from './PersonalSection.tsx';
import { PhoneSection } from './PhoneSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import { ProfileNav } from './ProfileNav.tsx';
import { useProfile } from './profileApi.ts';

/** /profile: the signed-in user's own data and settings (spec 3 §2.5), each section saved on its own. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title={T.profileTitle} />
      <ProfileNav />
      <InvitationCard />
      {profile.isPending ? (
        <PageLoader />
      ) : profile.error ? (
        <ErrorBlock message={T.loadFailed} onRetry={() => void profile.refetch()} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={3}>
              <PersonalSection profile={profile.data} />
              <PhoneSection profile={profile.data} />
              <EmailSection profile={profile.data} />
              <PasswordSection profile={profile.data} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={3}>
              <PreferencesSection profile={profile.data} />
              <DeleteProfileSection />
            </Stack>
          </Grid>
        </Grid>
      )}
    </>
  );
}
