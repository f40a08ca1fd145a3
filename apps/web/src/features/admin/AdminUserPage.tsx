import { useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ADMIN_MESSAGES as T } from './messages.ts';

/** /admin/users/{userId}: the administrator's user page, linked from monitoring rows. */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  return (
    <>
      <PageHeader title={T.user(userId)} subtitle={T.title} />
      <EmptyState title={T.noData} hint={T.userHint} />
    </>
  );
}
