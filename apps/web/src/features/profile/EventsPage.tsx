import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { ProfileNav } from './ProfileNav.tsx';

/** /profile/events: the paged events list (its calls come with the profile issue). */
export function EventsPage() {
  return (
    <>
      <PageHeader title={T.eventsTitle} />
      <ProfileNav />
      <EmptyState title={T.noData} hint={T.eventsHint} />
    </>
  );
}
