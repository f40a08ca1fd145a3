import { Alert, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ProfileNav } from '../profile/ProfileNav.tsx';
import { type EmployeeAction, EmployeesTable, InvitedTable } from './EmployeesTables.tsx';
import { employeesApi } from './employeesApi.ts';
import { InvitationCard } from './InvitationCard.tsx';
import { InviteForm } from './InviteForm.tsx';
import { EMPLOYEES_MESSAGES as T } from './messages.ts';
import { useEmployeeActions } from './useEmployeeActions.ts';

/** /profile/client/users: the owner lists employees and invitations, invites, removes, hands over the rights. */
export function EmployeesPage() {
  const { user } = useCurrentUser();
  const isOwner = Boolean(user?.company_id && user.owner);
  return (
    <>
      <PageHeader title={T.title} />
      <ProfileNav />
      <InvitationCard />
      {!user?.company_id ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/profile/client" color="inherit" size="small">
              {T.toCompany}
            </Button>
          }
        >
          {T.noCompany}
        </Alert>
      ) : isOwner ? (
        <OwnerView selfId={user.id} />
      ) : (
        <Alert severity="info">{T.ownerOnly}</Alert>
      )}
    </>
  );
}

function OwnerView({ selfId }: { selfId: number }) {
  const [pending, setPending] = useState<EmployeeAction | null>(null);
  const { remove, switchOwner } = useEmployeeActions(() => setPending(null));
  const employees = useQuery({
    queryKey: queryKeys.employees,
    queryFn: ({ signal }) => employeesApi.employees(signal),
  });
  const invited = useQuery({
    queryKey: queryKeys.invited,
    queryFn: ({ signal }) => employeesApi.invited(signal),
  });
  if (employees.isPending || invited.isPending) return <PageLoader />;
  if (employees.error || invited.error) {
    return (
      <ErrorBlock
        message={T.loadFailed}
        onRetry={() => void Promise.all([employees.refetch(), invited.refetch()])}
      />
    );
  }
  const dialog =
    pending &&
    {
      remove: { title: T.removeTitle, text: T.removeText(pending.name), label: T.remove },
      owner: { title: T.ownerTitle, text: T.ownerText(pending.name), label: T.makeOwner },
      revoke: { title: T.revokeTitle, text: T.revokeText(pending.email), label: T.revoke },
    }[pending.kind];
  return (
    <Stack spacing={3}>
      <InviteForm />
      <SectionCard title={`${T.employees} · ${employees.data.count}`} id="employees">
        <EmployeesTable employees={employees.data.collection} selfId={selfId} onAction={setPending} />
      </SectionCard>
      <SectionCard title={`${T.invitations} · ${invited.data.count}`} id="invitations">
        <InvitedTable invited={invited.data.collection} onAction={setPending} />
      </SectionCard>
      <ConfirmDialog
        open={pending !== null}
        title={dialog?.title ?? ''}
        text={dialog?.text ?? ''}
        confirmLabel={dialog?.label}
        danger={pending?.kind !== 'owner'}
        pending={remove.isPending || switchOwner.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'owner') switchOwner.mutate(pending.email);
          else remove.mutate(pending.email);
        }}
      />
    </Stack>
  );
}
