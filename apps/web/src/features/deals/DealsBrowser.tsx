/**
 * A paged list of deals with its filters (state; role for a party), kept in the address (?state=&role=&page=) so a
 * line opened and the back button return to the same page. "Мои сделки" and the administrator's page use it.
 */
import { DEAL_STATE_LABELS, DEAL_STATES, type DealState } from '@etp/domain';
import { MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useLiveSubscription } from '../../live/useLive.ts';
import { DealsList } from './DealsList.tsx';
import { type Deal, type DealsFilter, useDeals } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

const ROLES = ['buyer', 'seller'] as const;

/** The filter the address holds; anything unknown in it is ignored. */
export function filterOf(params: URLSearchParams): DealsFilter {
  const state = params.get('state');
  const role = params.get('role');
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    state: (DEAL_STATES as readonly string[]).includes(state ?? '') ? (state as DealState) : undefined,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as 'buyer' | 'seller') : undefined,
  };
}

export function DealsBrowser({
  admin = false,
  rowActions,
}: {
  admin?: boolean;
  rowActions?: (deal: Deal) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const deals = useDeals(filter);
  // Every deal's step re-reads the list (the app's one live connection; decisions/0261).
  useLiveSubscription('DealsStream', null);
  const set = (name: 'state' | 'role' | 'page', value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || (name === 'page' && value === '1')) next.delete(name);
    else next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };
  const filtered = filter.state !== undefined || filter.role !== undefined;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          label={T.list.stateFilter}
          value={filter.state ?? ''}
          onChange={(event) => set('state', event.target.value)}
          sx={{ minWidth: { sm: 280 } }}
        >
          <MenuItem value="">{T.list.allStates}</MenuItem>
          {DEAL_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {DEAL_STATE_LABELS[state]}
            </MenuItem>
          ))}
        </TextField>
        {!admin && (
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={T.list.roleFilter}
            value={filter.role ?? ''}
            onChange={(event) => set('role', event.target.value)}
            sx={{ minWidth: { sm: 200 } }}
          >
            <MenuItem value="">{T.list.allRoles}</MenuItem>
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {T.list.role[role]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {deals.data && deals.data.total_count > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {T.list.count(deals.data.total_count)}
          </Typography>
        )}
      </Stack>
      {deals.isPending ? (
        <PageLoader />
      ) : deals.error ? (
        <ErrorBlock message={T.list.loadFailed} onRetry={() => void deals.refetch()} />
      ) : deals.data.deals.length === 0 ? (
        <EmptyState
          title={filtered ? T.list.emptyFiltered : T.list.empty}
          hint={filtered ? undefined : T.list.emptyHint}
        />
      ) : (
        <>
          <DealsList deals={deals.data.deals} admin={admin} rowActions={rowActions} />
          {deals.data.total_pages > 1 && (
            <Pagination
              page={filter.page}
              count={deals.data.total_pages}
              onChange={(_, page) => {
                set('page', String(page));
                window.scrollTo({ top: 0 });
              }}
              aria-label={T.list.pages}
              sx={{ alignSelf: 'center' }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
