/**
 * Торги (/briefcases/{id}/trade?page=&id=): the procedure's lots as cards, 48 a page, the only-favourites switch,
 * and the lot dialog as an address (?id=). Subscribes the procedure's lots and status to the live client.
 */
import type { BriefcaseCardAttributes, LotList, User } from '@etp/contracts';
import { isPrivateAuction } from '@etp/domain';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import {
  Box,
  FormControlLabel,
  Pagination,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toast } from '../../lib/toast.ts';
import { useLiveSubscription } from '../../live/useLive.ts';
import { LotCard } from './LotCard.tsx';
import { DEAL_SECTION_PARAM } from './LotParts.tsx';
import { LotsTable } from './LotsTable.tsx';
import { TRADE_MESSAGES as T } from './messages.ts';
import { type LotsPageKey, useLotsOutline } from './tradeApi.ts';
import { TRADE_PAGE_SIZE_CONST } from './tradeConstants.ts';
import type { LotViewer } from './useLotView.ts';

// The lot dialog (tabs, bid log, rename) loads when a lot is first opened, or with the page for a ?id= link.
const LotDialog = lazy(async () => ({ default: (await import('./LotDialog.tsx')).LotDialog }));

/** The chosen list view, kept in this browser (decisions/0070). */
const VIEW_KEY = 'etp.trade.view';
type Layout = 'cards' | 'table';
const storedLayout = (): Layout => {
  try {
    return globalThis.localStorage?.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
};

/** The procedure's statuses whose lots may have deals: winners are chosen once trading is over. */
const DEAL_PHASE: ReadonlySet<string> = new Set(['finished', 'closed']);

const positive = (text: string | null) =>
  text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;

export function TradeTab({
  briefcase: b,
  user,
  playerView = false,
}: {
  briefcase: BriefcaseCardAttributes;
  user: User | null;
  /** An administrator's "Интерфейс торгов игрока". */
  playerView?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const sealed = isPrivateAuction(b.auction_type);
  const [chosen, setChosen] = useState<Layout>(storedLayout);
  // Sealed formats always use rows; a phone always cards; otherwise the viewer chooses (spec 2 §2).
  const layout: Layout = phone ? 'cards' : sealed ? 'table' : chosen;
  const admin = user?.role === 'admin';
  const viewerAdmin = admin && !playerView;
  const viewerPlayer = admin && playerView;
  // Stable between renders, so the memoised lot cards re-render only when their own lot changes.
  const viewer: LotViewer = useMemo(
    () => ({ admin: viewerAdmin, playerView: viewerPlayer }),
    [viewerAdmin, viewerPlayer],
  );
  const choose = (next: Layout | null) => {
    if (!next) return;
    setChosen(next);
    try {
      globalThis.localStorage?.setItem(VIEW_KEY, next);
    } catch {
      // A browser without storage keeps the choice for this page only.
    }
  };
  const page = positive(params.get('page')) ?? 1;
  const lotId = positive(params.get('id'));
  const favourites = params.get('favourites') === '1';
  const source: LotsPageKey = useMemo(
    () => ({ briefcaseId: b.id, page, favourites }),
    [b.id, page, favourites],
  );
  // The page's lot ids only: a live price change re-renders that lot's card, not this list (decisions/0190).
  const lots = useLotsOutline(source);
  useLiveSubscription('BriefcaseStatus', b.id);
  // A won lot's deal moves on DealsStream: the cards' deal lines follow it (decisions/0270). Only once the
  // procedure's trading ended (no lot has a deal before) and for a signed-in user (the channel refuses guests).
  useLiveSubscription('DealsStream', user && DEAL_PHASE.has(b.status) ? null : undefined);
  useLiveSubscription('LotsStream', b.id, (message) => {
    if (message.action === 'autobid_maxed_out') {
      const { payload } = message;
      const lot = queryClient
        .getQueryData<LotList>(queryKeys.lots(b.id, page, favourites))
        ?.lots.find((l) => l.id === payload.lot_id)?.attributes;
      toast.info(T.autobidMaxedOut(lot ? `Лот №${lot.number}` : `Лот ${payload.lot_id}`));
    }
  });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: !('id' in changes) },
    );
  const hrefOf = (id: number) => {
    const next = new URLSearchParams(params);
    next.delete(DEAL_SECTION_PARAM);
    next.set('id', String(id));
    return `?${next.toString()}`;
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {T.title}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={favourites}
              onChange={(e) => {
                update({ favourites: e.target.checked ? '1' : null, page: null });
              }}
            />
          }
          label={T.onlyFavourites}
        />
        {!phone && !sealed && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layout}
            onChange={(_, next: Layout | null) => choose(next)}
            aria-label={T.viewLabel}
          >
            <ToggleButton value="cards" aria-label={T.viewCards}>
              <ViewModuleIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="table" aria-label={T.viewTable}>
              <TableRowsIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      {lots.isPending ? (
        <PageLoader />
      ) : lots.error ? (
        <ErrorBlock message={lots.error.message} onRetry={() => void lots.refetch()} />
      ) : lots.data.ids.length === 0 ? (
        <EmptyState title={favourites ? T.noFavouriteLots : T.noLots} />
      ) : layout === 'table' ? (
        <LotsTable source={source} ids={lots.data.ids} briefcase={b} viewer={viewer} hrefOf={hrefOf} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {lots.data.ids.map((id) => (
            <LotCard key={id} source={source} lotId={id} briefcase={b} viewer={viewer} href={hrefOf(id)} />
          ))}
        </Box>
      )}
      {(lots.data?.total_pages ?? 1) > 1 && (
        <Pagination
          page={page}
          count={lots.data?.total_pages ?? 1}
          siblingCount={TRADE_PAGE_SIZE_CONST.siblings}
          onChange={(_, p) => update({ page: p > 1 ? String(p) : null })}
          aria-label={T.pages}
          sx={{ alignSelf: 'center' }}
        />
      )}
      {lotId !== null && (
        <Suspense fallback={null}>
          <LotDialog
            lotId={lotId}
            briefcase={b}
            admin={admin}
            viewer={viewer}
            focusDeal={params.get(DEAL_SECTION_PARAM) === '1'}
            onNavigate={(id) => update({ id: String(id), [DEAL_SECTION_PARAM]: null })}
            onClose={() => update({ id: null, [DEAL_SECTION_PARAM]: null })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
