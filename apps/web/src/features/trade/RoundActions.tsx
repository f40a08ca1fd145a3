/**
 * Next and second rounds on the card (spec 2 §4 "Next and second rounds", §8; decisions/0011, 0072):
 * - a participant with bids applies for lots of the next round while the applications are open (the time left
 *   shown as ЧЧ:ММ), choosing among the lots closed without a winner;
 * - the seller and administrators see the applications (lot and companies); an administrator creates the next
 *   round from them and goes on in the wizard;
 * - the seller of a two-round procedure creates the second round once start prices are chosen, and goes on in the
 *   wizard.
 */
import type { BriefcaseCardAttributes, LotList, RoundRequests, User } from '@etp/contracts';
import { AFTER_TRADING_STATUSES, DECIDED_STATUSES, hasNextRounds, statusIn, toEpochMs } from '@etp/domain';
import {
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { enqueueSnackbar } from '../../lib/snackbars.tsx';
import { toast } from '../../lib/toast.ts';
import { useServerNow } from '../../lib/useServerNow.ts';
import { lotTitle } from './lotTitle.ts';

const ROUND_MESSAGES = {
  apply: 'Заявка на следующий тур',
  applyTitle: 'Заявка на участие в следующем туре',
  applyText: 'Отметьте лоты, в торгах по которым вы хотите участвовать в следующем туре.',
  timeLeft: (hhmm: string) => `Приём заявок: осталось ${hhmm}`,
  alreadyApplied: 'заявка подана',
  send: 'Отправить заявку',
  applied: 'Заявка на участие в следующем туре отправлена организатору',
  applyFailed: 'Ошибка отправки заявки',
  noLots: 'Лотов без победителя нет',
  requests: (n: number) => `Заявки на следующий тур (${n})`,
  requestsTitle: 'Заявки на следующий тур',
  lot: 'Лот',
  companies: 'Компании',
  createNext: 'Создать следующий тур',
  nextFailed: 'Следующий тур не был создан.',
  createSecond: 'Создать второй тур',
  secondFailed: 'Ошибка отправки заявки. Пожалуйста обратитесь в службу поддержки.',
  close: 'Закрыть',
  cancel: 'Отмена',
} as const;
const T = ROUND_MESSAGES;

const HOUR_MS = 3_600_000;

/** ЧЧ:ММ of a remaining time (spec 2 §9: the round request lifetime is shown as HH:MM). */
function hoursMinutes(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** When applications close, as the card knows it: the end of trading plus round_request_ttl. */
function applicationsCloseAt(b: Pick<BriefcaseCardAttributes, 'end_datetime' | 'round_request_ttl'>) {
  return b.end_datetime ? toEpochMs(b.end_datetime) + b.round_request_ttl : null;
}

function useRoundRequests(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.roundRequests(id),
    queryFn: ({ signal }) => call(OPERATIONS.listRoundRequests, { params: { id }, signal }),
    enabled,
  });
}

/** The next- and second-round buttons with their dialogs; loaded only after trading (decisions/0145). */
export default function RoundActions({
  briefcase: b,
  user,
}: {
  briefcase: BriefcaseCardAttributes;
  user: User | null;
}) {
  // Server time for the application window: these buttons re-render each second, the card page does not.
  const nowMs = useServerNow();
  const admin = user?.role === 'admin';
  const master = b.is_master || admin;
  const nextRoundFormat = hasNextRounds(b.auction_type);
  const afterTrading = statusIn(b.status, AFTER_TRADING_STATUSES);
  const closesAt = applicationsCloseAt(b);
  const canApply =
    !master &&
    nextRoundFormat &&
    afterTrading &&
    b.bids_total_amount_cents !== null &&
    closesAt !== null &&
    closesAt - nowMs > 0;
  const requests = useRoundRequests(
    b.id,
    master && nextRoundFormat && afterTrading && b.next_round_id === null,
  );
  const applications = requests.data?.round_requests.filter((r) => r.companies.length > 0) ?? [];
  const canSecond =
    b.is_master &&
    !admin &&
    b.end_mode === 'convert' &&
    b.can_start_second_round &&
    b.second_round_id === null &&
    statusIn(b.status, DECIDED_STATUSES);
  return (
    <>
      {canApply && closesAt !== null && <ApplyButton briefcase={b} leftMs={closesAt - nowMs} />}
      {master && applications.length > 0 && (
        <RequestsButton briefcase={b} requests={applications} canCreate={admin} />
      )}
      {canSecond && <SecondRoundButton briefcase={b} />}
    </>
  );
}

function ApplyButton({ briefcase: b, leftMs }: { briefcase: BriefcaseCardAttributes; leftMs: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {T.apply}
      </Button>
      <Chip
        size="small"
        variant="outlined"
        label={T.timeLeft(hoursMinutes(leftMs))}
        color={leftMs < HOUR_MS ? 'error' : 'default'}
        data-testid="round-requests-left"
      />
      {open && <ApplyDialog briefcase={b} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function ApplyDialog({ briefcase: b, onClose }: { briefcase: BriefcaseCardAttributes; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  // The lots open for applications: closed without a winner (decisions/0011). A procedure has at most a few
  // hundred lots; they are read in pages of 100.
  const lots = useQuery({
    queryKey: queryKeys.roundCandidates(b.id),
    queryFn: async ({ signal }) => {
      const all: LotList['lots'] = [];
      for (let page = 1; ; page++) {
        const list = await call(OPERATIONS.listLots, {
          query: { briefcase_id: b.id, page, per_page: 100 },
          signal,
        });
        all.push(...list.lots);
        if (page >= list.total_pages) return all;
      }
    },
  });
  const own = useRoundRequests(b.id, true);
  const applied = new Set(
    (own.data?.round_requests ?? []).filter((r) => r.companies.length > 0).map((r) => r.lot_id),
  );
  const candidates = (lots.data ?? []).filter(
    (l) => l.attributes.status === 'closed' && l.attributes.is_without_winner,
  );
  const apply = useMutation({
    mutationFn: () =>
      callEnvelope(OPERATIONS.applyForNextRound, { params: { id: b.id }, body: { lots: chosen } }),
    onSuccess: async (reply) => {
      toast.success(reply.message ?? T.applied);
      await queryClient.invalidateQueries({ queryKey: queryKeys.roundRequests(b.id) });
      onClose();
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.status > 0
          ? [...Object.values(error.errors).flat(), error.message].filter(Boolean).join('. ') || T.applyFailed
          : T.applyFailed,
      ),
  });
  const pending = lots.isPending || own.isPending;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="apply-round-title">
      <DialogTitle id="apply-round-title">{T.applyTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{T.applyText}</DialogContentText>
        {pending ? (
          <CircularProgress size={24} />
        ) : candidates.length === 0 ? (
          <DialogContentText>{T.noLots}</DialogContentText>
        ) : (
          <FormGroup>
            {candidates.map(({ id, attributes }) => {
              const done = applied.has(id);
              return (
                <FormControlLabel
                  key={id}
                  disabled={done}
                  control={
                    <Checkbox
                      checked={done || chosen.includes(id)}
                      onChange={(e) =>
                        setChosen((list) => (e.target.checked ? [...list, id] : list.filter((x) => x !== id)))
                      }
                    />
                  }
                  label={done ? `${lotTitle(attributes)} — ${T.alreadyApplied}` : lotTitle(attributes)}
                />
              );
            })}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || apply.isPending}
          onClick={() => apply.mutate()}
        >
          {T.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RequestsButton({
  briefcase: b,
  requests,
  canCreate,
}: {
  briefcase: BriefcaseCardAttributes;
  requests: RoundRequests['round_requests'];
  canCreate: boolean;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => call(OPERATIONS.createNextRound, { params: { id: b.id } }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(b.id) });
      navigate(`/briefcases/new/${created.id}`);
    },
    onError: (error) =>
      enqueueSnackbar(`${T.nextFailed} ${error instanceof ApiError ? error.message : ''}`.trim(), {
        variant: 'error',
        autoHideDuration: 10_000,
      }),
  });
  const total = requests.reduce((sum, r) => sum + r.companies.length, 0);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {T.requests(total)}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="round-requests-title"
      >
        <DialogTitle id="round-requests-title">{T.requestsTitle}</DialogTitle>
        <DialogContent>
          <TableContainer tabIndex={0} role="region" aria-label={T.requestsTitle}>
            <Table size="small" aria-label={T.requestsTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.lot}</TableCell>
                  <TableCell>{T.companies}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {requests.map((r) => (
                  <TableRow key={r.lot_id}>
                    <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                      {lotTitle({ number: r.lot_name, number_original: r.lot_number })}
                    </TableCell>
                    <TableCell>{r.companies.map((c) => c.name).join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)}>{T.close}</Button>
          {canCreate && (
            <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate()}>
              {T.createNext}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

function SecondRoundButton({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => call(OPERATIONS.createSecondRound, { params: { id: b.id } }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(b.id) });
      navigate(`/briefcases/new/${created.id}`);
    },
    onError: () => enqueueSnackbar(T.secondFailed, { variant: 'error', autoHideDuration: 10_000 }),
  });
  return (
    <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate()}>
      {T.createSecond}
    </Button>
  );
}
