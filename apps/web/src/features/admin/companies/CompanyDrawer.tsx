import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { CompanyAvatar } from '../../../components/CompanyAvatar.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { errorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCREDITATION_MESSAGES as T } from '../messages.ts';
import { adminCompaniesApi } from './adminCompaniesApi.ts';
import { CompanyDetails } from './CompanyDetails.tsx';
import { RejectDialog } from './RejectDialog.tsx';

/** One company of the queue: its data, documents and people; approve (with the registry flags) or reject. */
export function CompanyDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [flags, setFlags] = useState({ fssp: false, need_attention: false });
  const [rejecting, setRejecting] = useState(false);
  const company = useQuery({
    queryKey: queryKeys.adminCompany(id ?? 0),
    queryFn: ({ signal }) => adminCompaniesApi.get(id as number, signal),
    enabled: id !== null,
  });
  const decided = (answer: { data: unknown; message: string | null }) => {
    queryClient.setQueryData(queryKeys.adminCompany(id ?? 0), answer.data);
    void queryClient.invalidateQueries({ queryKey: queryKeys.allAdminCompanies });
    if (answer.message) toast.success(answer.message);
    setRejecting(false);
  };
  const approve = useMutation({
    mutationFn: () => adminCompaniesApi.approve(id as number, flags),
    onSuccess: decided,
    onError: (e) => toast.error(errorText(e, T.actionFailed)),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => adminCompaniesApi.reject(id as number, reason),
    onSuccess: decided,
    onError: (e) => toast.error(errorText(e, T.actionFailed)),
  });
  const c = company.data;
  const _v = (value: string | null | undefined) => value || T.noData;
  const busy = approve.isPending || reject.isPending;

  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}>
        <Typography variant="h6" component="h2">
          {c?.name ?? T.data}
        </Typography>
        <IconButton aria-label={T.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 3, overflowY: 'auto' }}>
        {company.isPending ? (
          <PageLoader />
        ) : company.error || !c ? (
          <ErrorBlock message={T.loadFailed} onRetry={() => void company.refetch()} />
        ) : (
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CompanyAvatar name={c.name} logoUrl={c.logo_url} size={56} />
              <Box>
                <Typography variant="subtitle1">{c.full_name || c.name}</Typography>
                <Chip
                  size="small"
                  label={T.statusLabels[c.accreditation_status]}
                  color={
                    c.accreditation_status === 'approved'
                      ? 'success'
                      : c.accreditation_status === 'rejected'
                        ? 'error'
                        : 'warning'
                  }
                  variant="outlined"
                />
              </Box>
            </Stack>
            {c.accreditation_note && <Alert severity="error">{`${T.note}: ${c.accreditation_note}`}</Alert>}
            <CompanyDetails company={c} />
            <Divider />
            {c.accreditation_status === 'pending' && (
              <Stack spacing={1}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={flags.fssp}
                      onChange={(e) => setFlags({ ...flags, fssp: e.target.checked })}
                    />
                  }
                  label={T.fssp}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={flags.need_attention}
                      onChange={(e) => setFlags({ ...flags, need_attention: e.target.checked })}
                    />
                  }
                  label={T.needAttention}
                />
                <Stack direction="row" spacing={1.5}>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={busy}
                    onClick={() => approve.mutate()}
                  >
                    {T.approve}
                  </Button>
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => setRejecting(true)}>
                    {T.reject}
                  </Button>
                </Stack>
              </Stack>
            )}
            {c.accreditation_status === 'approved' && (
              <Button
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() => setRejecting(true)}
                sx={{ alignSelf: 'flex-start' }}
              >
                {T.withdraw}
              </Button>
            )}
          </Stack>
        )}
      </Box>
      <RejectDialog
        key={String(rejecting)}
        open={rejecting}
        pending={reject.isPending}
        onReject={(reason) => reject.mutate(reason)}
        onClose={() => setRejecting(false)}
      />
    </Drawer>
  );
}
