/**
 * The administrator's queue of procedures sent for approval (GET /api/v1/briefcases?status=pending): open, edit in
 * the wizard, approve (POST …/confirm: published to buyers) or reject with a reason (POST …/reject).
 */

import { AUCTION_TYPE_LABELS, formatMoscowDate, formatMoscowTime, formatRubles } from '@etp/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useSnackbar } from '../../lib/snackbars.tsx';
import { ADMIN_MESSAGES as T } from './messages.ts';

const QUEUE_KEY = queryKeys.moderationQueue;

export function ModerationQueue() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [rejecting, setRejecting] = useState<number | null>(null);
  const queue = useQuery({
    queryKey: QUEUE_KEY,
    queryFn: () =>
      call(OPERATIONS.listBriefcases, {
        query: { status: 'pending', per_page: 50, order: 'start_datetime', order_direction: 'asc' },
      }),
  });
  const decide = useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'confirm' | 'reject'; note?: string }) =>
      decision === 'reject'
        ? callEnvelope(OPERATIONS.rejectBriefcase, { params: { id }, body: { note: note ?? '' } })
        : callEnvelope(OPERATIONS.confirmBriefcase, { params: { id } }),
    onSuccess: (reply) => {
      enqueueSnackbar(reply.message, { variant: 'success' });
      setRejecting(null);
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['briefcases'] });
    },
    onError: (error) =>
      enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
  });

  const rows = queue.data?.briefcases ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {T.moderation}
      </Typography>
      {queue.isError && <Alert severity="error">{T.loadFailed}</Alert>}
      {queue.isSuccess && rows.length === 0 && (
        <EmptyState title={T.moderationEmpty} hint={T.moderationEmptyHint} />
      )}
      {rows.length > 0 && (
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={T.moderation}
        >
          <Table size="small" aria-label={T.moderation}>
            <TableHead>
              <TableRow>
                <TableCell>{T.colNumber}</TableCell>
                <TableCell>{T.colSeller}</TableCell>
                <TableCell>{T.colType}</TableCell>
                <TableCell>{T.colStart}</TableCell>
                <TableCell align="right">{T.colTotal}</TableCell>
                <TableCell align="right">{T.colLots}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ id, attributes: b }) => (
                <TableRow key={id} data-testid={`moderation-${id}`}>
                  <TableCell>
                    <RouterLink to={`/briefcases/${id}`}>ТП №{id}</RouterLink>
                  </TableCell>
                  <TableCell>{b.company.name}</TableCell>
                  <TableCell>{AUCTION_TYPE_LABELS[b.auction_type]}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {b.start_datetime
                      ? `${formatMoscowDate(b.start_datetime)} ${formatMoscowTime(b.start_datetime)}`
                      : '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRubles(b.amount_total)}
                  </TableCell>
                  <TableCell align="right">{b.lots_count}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        component={RouterLink}
                        to={`/briefcases/new/${id}`}
                        state={{ from: 'admin' }}
                      >
                        {T.edit}
                      </Button>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id, decision: 'confirm' })}
                      >
                        {T.approve}
                      </Button>
                      <Button size="small" color="error" onClick={() => setRejecting(id)}>
                        {T.reject}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rejecting !== null && (
        <RejectDialog
          id={rejecting}
          pending={decide.isPending}
          onClose={() => setRejecting(null)}
          onReject={(note) => decide.mutate({ id: rejecting, decision: 'reject', note })}
        />
      )}
    </Stack>
  );
}

function RejectDialog({
  id,
  pending,
  onClose,
  onReject,
}: {
  id: number;
  pending: boolean;
  onClose: () => void;
  onReject: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{T.rejectTitle(id)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.rejectText}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={T.reason}
          value={note}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={pending}
          onClick={() => (note.trim() ? onReject(note.trim()) : setError(T.reasonRequired))}
        >
          {T.reject}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
