import { COMPANY_KIND_LABELS, formatMoscowDate } from '@etp/domain';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { PROFILE_MESSAGES } from '../profile/messages.ts';
import { employeesApi } from './employeesApi.ts';

const T = PROFILE_MESSAGES.invitation;

/**
 * A pending invitation to a company (spec 3 §4.5): accept or decline, each with a toast. Shown only when there is
 * one; the server hides invitations from an unconfirmed e-mail (403), which shows nothing here either.
 */
export function InvitationCard() {
  const queryClient = useQueryClient();
  const info = useQuery({
    queryKey: queryKeys.inviteInfo,
    queryFn: ({ signal }) => employeesApi.inviteInfo(signal),
    retry: false,
  });
  const answer = useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept ? employeesApi.accept(id) : employeesApi.decline(id),
    onSuccess: (result, { accept }) => {
      queryClient.setQueryData(queryKeys.currentUser, result.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inviteInfo });
      void queryClient.invalidateQueries({ queryKey: queryKeys.company });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      const company = info.data?.company_name ?? '';
      toast.success(accept ? T.accepted(company) : T.declined);
    },
    onError: (failure) => toast.error(errorText(failure, T.failed)),
  });
  const invitation = info.data;
  if (!invitation) return null;
  return (
    <Alert
      severity="info"
      icon={<GroupAddOutlinedIcon />}
      sx={{ mb: 3, alignItems: 'flex-start', '& .MuiAlert-message': { flexGrow: 1 } }}
      data-testid="invitation-card"
    >
      <AlertTitle>{T.title}</AlertTitle>
      {T.text(
        `${invitation.company_name} (${COMPANY_KIND_LABELS[invitation.company_kind]})`,
        invitation.invited_by,
      )}{' '}
      {formatMoscowDate(invitation.invited_at)}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          variant="contained"
          size="small"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: invitation.invitation_id, accept: true })}
        >
          {T.accept}
        </Button>
        <Button
          size="small"
          color="inherit"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: invitation.invitation_id, accept: false })}
        >
          {T.decline}
        </Button>
      </Stack>
    </Alert>
  );
}
