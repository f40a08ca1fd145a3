/**
 * Мониторинг (spec 2 §2, administrators): who visited the card page since monitoring began, online / away /
 * offline, 20 a page, each row opening the administrator's user page; live from UsersStream.
 */
import type { BriefcaseCardAttributes, MonitoredUser, MonitoringStatus } from '@etp/contracts';
import { formatMoscowDateTime, viewerOffsetMinutes } from '@etp/domain';
import CircleIcon from '@mui/icons-material/Circle';
import {
  Chip,
  Link,
  Pagination,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { MONITORING_MESSAGES as M } from './messages.ts';
import { useMonitoring } from './useMonitoring.ts';

/** The dot's colour of each status; the chip's text keeps the body colour, legible on any background. */
const STATUS_COLOURS: Record<MonitoringStatus, string> = {
  online: 'success.main',
  away: 'warning.main',
  offline: 'text.disabled',
};

const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);
const when = (at: string | null) =>
  at ? formatMoscowDateTime(at, { viewerOffsetMinutes: viewerOffsetMinutes() }) : '—';

function StatusChip({ status }: { status: MonitoringStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircleIcon />}
      label={M.statuses[status]}
      sx={{ '& .MuiChip-icon': { color: STATUS_COLOURS[status], fontSize: 10, ml: 1 } }}
    />
  );
}

function UserLink({ user }: { user: MonitoredUser }) {
  return (
    <Link component={RouterLink} to={`/admin/users/${user.user_id}`} sx={{ fontWeight: 500 }}>
      {user.full_name}
    </Link>
  );
}

export default function MonitoringTab({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [page, setPage] = useState(1);
  const monitoring = useMonitoring(b.id, page);
  if (monitoring.isPending) return <PageLoader />;
  if (monitoring.error)
    return (
      <ErrorBlock
        message={monitoring.error.message || M.loadFailed}
        onRetry={() => void monitoring.refetch()}
      />
    );
  const data = monitoring.data;
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h6" component="h2">
          {M.title}
        </Typography>
        <Stack direction="row" spacing={1} aria-live="polite">
          <Chip
            // One variant whatever the count: a filled chip turning outlined fades its green background while its
            // text turns green at once, which reads at under 3:1 for the 300 ms of the fade.
            color={data.online_count > 0 ? 'success' : 'default'}
            variant="outlined"
            data-testid="monitoring-online"
            label={M.online(count(data.online_count))}
          />
          <Chip variant="outlined" data-testid="monitoring-total" label={M.total(count(data.total_count))} />
        </Stack>
      </Stack>
      {data.users.length === 0 ? (
        <EmptyState title={M.empty} hint={M.emptyHint} />
      ) : narrow ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.users.map((u) => (
            <Paper
              component="li"
              key={u.user_id}
              variant="outlined"
              data-testid={`monitoring-user-${u.user_id}`}
              sx={{ p: 1.5 }}
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
              >
                <Stack sx={{ minWidth: 0 }}>
                  <UserLink user={u} />
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {u.company_name ?? M.noCompany}
                  </Typography>
                </Stack>
                <StatusChip status={u.status} />
              </Stack>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {`${M.columns.start}: ${when(u.start_datetime)}`}
                {u.end_datetime && ` · ${M.columns.end}: ${when(u.end_datetime)}`}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={M.title}>
            <TableHead>
              <TableRow>
                <TableCell>{M.columns.user}</TableCell>
                <TableCell>{M.columns.company}</TableCell>
                <TableCell>{M.columns.status}</TableCell>
                <TableCell>{M.columns.start}</TableCell>
                <TableCell>{M.columns.end}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.users.map((u) => (
                <TableRow key={u.user_id} hover data-testid={`monitoring-user-${u.user_id}`}>
                  <TableCell component="th" scope="row">
                    <UserLink user={u} />
                  </TableCell>
                  <TableCell>{u.company_name ?? M.noCompany}</TableCell>
                  <TableCell>
                    <StatusChip status={u.status} />
                  </TableCell>
                  <TableCell>{when(u.start_datetime)}</TableCell>
                  <TableCell>{when(u.end_datetime)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data.total_pages > 1 && (
        <Pagination
          count={data.total_pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          siblingCount={narrow ? 0 : 1}
          aria-label={M.pages}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
