import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { ProfileNav } from './ProfileNav.tsx';

/** /profile/client/users: the company's employees and invitations (the list comes with the company issue). */
export function EmployeesPage() {
  return (
    <>
      <PageHeader title={T.employeesTitle} />
      <ProfileNav />
      <EmptyState title={T.noData} hint={T.employeesHint} />
    </>
  );
}
