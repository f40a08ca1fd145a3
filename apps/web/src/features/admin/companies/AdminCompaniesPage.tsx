import { COMPANY_KIND_LABELS, formatMoscowDate } from '@etp/domain';
import {
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '../../../api/queryKeys.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useOpenedOnce } from '../../../lib/useOpenedOnce.ts';
import { ACCREDITATION_MESSAGES as T } from '../messages.ts';
import { ACCREDITATION_FILTERS, type AccreditationFilter, adminCompaniesApi } from './adminCompaniesApi.ts';

/**
 * The company's drawer (its data, documents, approval and rejection) loads when a row is first opened, and the
 * pager only when there is more than one page (decisions/0170).
 */
const CompanyDrawer = lazy(async () => ({ default: (await import('./CompanyDrawer.tsx')).CompanyDrawer }));
const Pagination = lazy(() => import('@mui/material/Pagination'));

const STATUS_COLOURS = {
  draft: 'default',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
} as const;

const filterOf = (value: string | null): AccreditationFilter =>
  (ACCREDITATION_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as AccreditationFilter)
    : 'pending';

/** /admin/companies: the accreditation queue (oldest request first) with a drawer per company. */
export function AdminCompaniesPage() {
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const openId = Number.parseInt(params.get('id') ?? '', 10);
  const drawerId = Number.isFinite(openId) && openId > 0 ? openId : null;
  const drawerOpened = useOpenedOnce(drawerId !== null);
  const list = useQuery({
    queryKey: queryKeys.adminCompanies(status, page),
    queryFn: ({ signal }) => adminCompaniesApi.list(status, page, signal),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const C = T.columns;

  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Tabs
        value={status}
        onChange={(_, value: AccreditationFilter) =>
          update({ status: value === 'pending' ? null : value, page: null })
        }
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {ACCREDITATION_FILTERS.map((filter) => (
          <Tab key={filter} value={filter} label={T.statuses[filter]} />
        ))}
      </Tabs>
      {list.isPending ? (
        <PageLoader />
      ) : list.error ? (
        <ErrorBlock message={T.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <EmptyState title={T.empty} hint={T.emptyHint} />
      ) : (
        <Stack spacing={2}>
          {list.isFetching && <LinearProgress />}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={T.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{C.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{C.kind}</TableCell>
                  <TableCell>{C.inn}</TableCell>
                  <TableCell>{C.status}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{C.requested}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }} align="right">
                    {C.documents}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.collection.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    tabIndex={0}
                    role="button"
                    aria-label={T.open(row.name)}
                    data-testid="accreditation-row"
                    onClick={() => update({ id: String(row.id) })}
                    onKeyDown={(event) => event.key === 'Enter' && update({ id: String(row.id) })}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell sx={{ fontWeight: 500 }}>{row.name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {COMPANY_KIND_LABELS[row.kind]}
                    </TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.inn ?? T.noData}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={STATUS_COLOURS[row.accreditation_status]}
                        label={T.statusLabels[row.accreditation_status]}
                      />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {row.accreditation_requested_at
                        ? formatMoscowDate(row.accreditation_requested_at)
                        : T.noData}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }} align="right">
                      {row.documents_count}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data.total_pages > 1 && (
            <Suspense fallback={null}>
              <Pagination
                page={page}
                count={list.data.total_pages}
                onChange={(_, next) => update({ page: next > 1 ? String(next) : null })}
                sx={{ alignSelf: 'center' }}
              />
            </Suspense>
          )}
        </Stack>
      )}
      {drawerOpened && (
        <Suspense fallback={null}>
          <CompanyDrawer id={drawerId} onClose={() => update({ id: null })} />
        </Suspense>
      )}
    </>
  );
}
