/**
 * The lot dialog (?id= on the Торги tab): max width 816, full screen below 1039 px. Tabs Общая информация (the
 * live lot card and its facts), Ставки (the bid log, paged; hidden in sealed formats unless admin, owner or own
 * bid), Прогноз (administrators, spec 2 §6: the prediction form and the model's forecast, lazy-loaded). Arrows step through lot ids, wrapping; the link is
 * copied; the owner renames the lot (at most 20 characters).
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import {
  BID_LOG_FIRST_PAGE_SIZE,
  BID_LOG_PAGE_SIZE,
  formatMoscowDateTime,
  formatRubles,
  isPrivateAuction,
  LOT_DIALOG_FULLSCREEN_BELOW_PX,
  LOT_DIALOG_MAX_WIDTH_PX,
  viewerOffsetMinutes,
} from '@etp/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Pagination,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  useMediaQuery,
} from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { toast } from '../../lib/toast.ts';
import { LotCardView } from './LotCard.tsx';
import { lotTitle } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { tradeCalls, useBidLog, useLot, useLotAction, useLotsInfo } from './tradeApi.ts';
import type { LotViewer } from './useLotView.ts';
import { tradeErrorToast } from './useTradeToast.ts';

const LOT_NAME_MAX = 20;
const ForecastTab = lazy(() => import('../forecast/ForecastTab.tsx'));
const DealBlock = lazy(() => import('../deals/DealBlock.tsx'));

interface LotDialogProps {
  lotId: number;
  briefcase: BriefcaseCardAttributes;
  /** The viewer is an administrator (the Прогноз tab, the bid log of sealed formats). */
  admin: boolean;
  viewer: LotViewer;
  /** Opened from a card's "Открыть сделку": the "Сделка" block is scrolled into view (decisions/0270). */
  focusDeal?: boolean;
  onNavigate: (lotId: number) => void;
  onClose: () => void;
}

export function LotDialog({
  lotId,
  briefcase: b,
  admin,
  viewer,
  focusDeal = false,
  onNavigate,
  onClose,
}: LotDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${LOT_DIALOG_FULLSCREEN_BELOW_PX - 0.05}px)`);
  const reply = useLot(lotId);
  const info = useLotsInfo(b.id);
  const [tab, setTab] = useState<'info' | 'bids' | 'forecast'>('info');
  const lot = reply.data?.attributes;
  const ids = (info.data?.lots ?? []).map((l) => l.id);
  // The lot the arrows step from: the one last asked for, even before the address change has been rendered (the
  // router renders a navigation as a transition, so a quick second press would otherwise step from the old lot).
  const asked = useRef(lotId);
  useEffect(() => {
    asked.current = lotId;
  }, [lotId]);
  const step = (delta: 1 | -1) => {
    if (ids.length === 0) return;
    const at = ids.indexOf(asked.current);
    const next = (
      at === -1 ? (delta === 1 ? ids[0] : ids.at(-1)) : ids[(at + delta + ids.length) % ids.length]
    ) as number;
    asked.current = next;
    onNavigate(next);
  };
  const known = info.data?.lots.find((l) => l.id === lotId);
  const title = lot
    ? lotTitle(lot)
    : known
      ? lotTitle({ number: known.alias_number ?? String(known.number), number_original: known.number })
      : '';
  const showBids =
    lot !== undefined &&
    (!isPrivateAuction(b.auction_type) || admin || lot.is_owner || lot.last_users_bid_cents !== null);
  // A tab the lot does not have (arrows to a lot without the bid log) shows the general information.
  const shown = (tab === 'bids' && !showBids) || (tab === 'forecast' && !admin) ? 'info' : tab;
  const copyLink = async () => {
    const link = `${window.location.origin}/briefcases/${b.id}/trade?id=${lotId}`;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // The message still names the address the user may copy by hand.
    }
    toast.info(T.linkCopied);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: fullScreen ? undefined : LOT_DIALOG_MAX_WIDTH_PX } } }}
      aria-labelledby="lot-dialog-title"
    >
      <DialogTitle id="lot-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Box>
        {ids.length > 1 && (
          <>
            <Tooltip title={T.previousLot}>
              <IconButton aria-label={T.previousLot} onClick={() => step(-1)}>
                <ChevronLeftIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={T.nextLot}>
              <IconButton aria-label={T.nextLot} onClick={() => step(1)}>
                <ChevronRightIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        <Tooltip title={T.copyLink}>
          <IconButton aria-label={T.copyLink} onClick={() => void copyLink()}>
            <LinkIcon />
          </IconButton>
        </Tooltip>
        <IconButton aria-label={T.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {/* Arrows only when the tabs do not fit (the administrator's three tabs on a phone narrower than 345 px).
          MUI watches the first and last tab it saw at mount, so the row is mounted again when a tab comes or
          goes; and it must not shrink in the full-screen dialog's column: a tab row squeezed below a tab's height
          reads to MUI as tabs out of view, and the arrows showed although everything fitted (decisions/0210). */}
      <Tabs
        key={`${lot ? 'lot' : 'loading'}-${showBids}-${admin}`}
        value={lot ? shown : 'info'}
        onChange={(_, v) => setTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ px: { xs: 0, sm: 3 }, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        <Tab value="info" label={T.lotDialogTabs.info} />
        {showBids && <Tab value="bids" label={T.lotDialogTabs.bids} />}
        {admin && <Tab value="forecast" label={T.lotDialogTabs.forecast} />}
      </Tabs>
      <DialogContent sx={{ pt: 2 }}>
        {!lot ? (
          <CircularProgress size={28} />
        ) : shown === 'info' ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {lot.is_owner && <RenameLot lot={lot} />}
            <LotCardView lot={lot} briefcase={b} viewer={viewer} href={`?id=${lot.id}`} />
            {/* The lot reply says whether the viewer has a deal here (decisions/0270): no read for anyone else. */}
            {lot.deal !== null && (
              <Suspense fallback={null}>
                <DealBlock lotId={lot.id} focus={focusDeal} />
              </Suspense>
            )}
            <KeyValueTable caption={T.lotDialogTabs.info} rows={lotFacts(lot)} twoColumns />
          </Stack>
        ) : shown === 'bids' ? (
          <BidLog lotId={lot.id} />
        ) : (
          <Suspense fallback={<CircularProgress size={28} />}>
            <ForecastTab lotId={lot.id} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

function lotFacts(lot: LotAttributes) {
  const viewer = { viewerOffsetMinutes: viewerOffsetMinutes() };
  return [
    { label: T.amountTotal, value: formatRubles(lot.amount_total) },
    { label: T.amountBottomline, value: formatRubles(lot.amount_bottomline) },
    { label: T.itemsCount, value: String(lot.items_count) },
    { label: T.dpd, value: lot.dpd === null ? 'Нет данных' : String(lot.dpd) },
    { label: T.dplp, value: lot.dplp === null ? 'Нет данных' : String(lot.dplp) },
    { label: T.step, value: formatRubles(lot.step_price) },
    { label: T.bidders, value: String(lot.bidders_count) },
    { label: T.endsAt, value: lot.end_datetime ? formatMoscowDateTime(lot.end_datetime, viewer) : '—' },
  ];
}

function BidLog({ lotId }: { lotId: number }) {
  // On a phone the bid's type goes under its time, so the amount keeps its place on the screen.
  const narrow = useMediaQuery('(max-width:599.95px)');
  const [page, setPage] = useState(1);
  // 15 on first open, 10 a page afterwards (spec 2 §9).
  const perPage = page === 1 ? BID_LOG_FIRST_PAGE_SIZE : BID_LOG_PAGE_SIZE;
  const log = useBidLog(lotId, page, perPage, true);
  const viewer = { viewerOffsetMinutes: viewerOffsetMinutes() };
  if (log.isPending) return <CircularProgress size={28} />;
  const bids = log.data?.bids ?? [];
  if (bids.length === 0) return <EmptyState title={T.bidLogEmpty} />;
  return (
    <Stack spacing={2}>
      {/* On a phone the table scrolls sideways: the region takes the focus, so a keyboard can scroll it too. */}
      <TableContainer tabIndex={0} role="region" aria-label={T.lotDialogTabs.bids}>
        <Table size="small" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{narrow ? T.bidLogColumns.timeAndSource : T.bidLogColumns.time}</TableCell>
              {!narrow && <TableCell>{T.bidLogColumns.source}</TableCell>}
              <TableCell>{T.bidLogColumns.company}</TableCell>
              <TableCell align="right">{T.bidLogColumns.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bids.map((bid) => {
              const source = T.bidSource[bid.source_type] ?? bid.source_type;
              return (
                <TableRow key={bid.id} selected={bid.is_own}>
                  <TableCell>
                    {formatMoscowDateTime(bid.created_at, viewer)}
                    {narrow && (
                      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                        {source}
                      </Box>
                    )}
                  </TableCell>
                  {!narrow && <TableCell>{source}</TableCell>}
                  <TableCell>{bid.company_name}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRubles(bid.amount)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {(log.data?.total_pages ?? 1) > 1 && (
        <Pagination
          page={page}
          count={log.data?.total_pages ?? 1}
          onChange={(_, p) => setPage(Math.min(p, log.data?.total_pages ?? 1))}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}

function RenameLot({ lot }: { lot: LotAttributes }) {
  const [text, setText] = useState<string | null>(null);
  const rename = useLotAction(lot, (alias: string) => tradeCalls.rename(lot.id, alias));
  if (text === null)
    return (
      <Box>
        <Button size="small" startIcon={<EditIcon />} onClick={() => setText(lot.number)}>
          {T.rename}
        </Button>
      </Box>
    );
  const error = text.trim() === '' ? T.renameRequired : text.length > LOT_NAME_MAX ? T.renameTooLong : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={T.renameLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
      />
      <Button
        variant="contained"
        disabled={error !== null || rename.isPending}
        onClick={() =>
          rename.mutate(text.trim(), { onSuccess: () => setText(null), onError: tradeErrorToast })
        }
      >
        {T.save}
      </Button>
      <Button onClick={() => setText(null)}>{T.cancel}</Button>
    </Stack>
  );
}
