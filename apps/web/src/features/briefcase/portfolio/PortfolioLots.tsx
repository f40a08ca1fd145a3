/**
 * The Портфель tab's lots table (spec 2 §2 "Portfolio tab"): paged (6 page buttons, "Показано X - Y / N"),
 * the only-favourites filter (back to page 1), the ОСЗ/ОД switch of the percents, the columns of
 * portfolioColumns.ts, totals when everything fits one page, a full-screen mode that Escape closes, and a row
 * click that opens the lot's details (unless text was being selected). Numbers follow the live lot cache.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import { formatPercent, formatRubles, isPrivateAuction, percentOf, TRADE_LOTS_PAGE_SIZE } from '@etp/domain';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  Box,
  FormControlLabel,
  IconButton,
  Link,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DeferredTooltip } from '../../../components/DeferredTooltip.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { lotTitle } from '../../trade/lotTitle.ts';
import { useLots } from '../../trade/tradeApi.ts';
import { TRADE_PAGE_SIZE_CONST } from '../../trade/tradeConstants.ts';
import { type PortfolioColumn, portfolioColumns, showsBottomline } from './portfolioColumns.ts';
import { portfolioTotal } from './portfolioTotals.ts';

const LOTS_TABLE_MESSAGES = {
  title: 'Лоты',
  onlyFavourites: 'Только избранные',
  noLots: 'Лоты не найдены',
  noFavourites: 'Нет избранных лотов',
  shown: (from: number, to: number, total: number) => `Показано ${from} - ${to} / ${total}`,
  basis: 'База процентов',
  fullScreen: 'Развернуть таблицу на весь экран',
  exitFullScreen: 'Свернуть таблицу',
  total: 'Итого',
  noData: 'Нет данных',
  noWinner: 'Нет победителя',
  dpdHint: 'DPD — кол-во просроченных дней (средний показатель)',
  extended: (n: number) => `Продлен на ${n} тур`,
  pages: 'Страницы лотов',
  columns: {
    number: '№',
    dpd: 'DPD',
    amountTotal: 'ОД',
    amountBottomline: 'ОСЗ',
    startPrice: 'Начальная цена',
    minPrice: 'Минимальная цена',
    step: 'Шаг',
    currentPrice: 'Текущая цена',
    bids: 'Ставок',
    bidders: 'Участников',
    stepCount: 'Кол-во шагов',
    autobid: 'Автоставка',
    leader: 'Лидер',
    winner: 'Победитель',
    status: 'Статус',
  } satisfies Record<PortfolioColumn, string> & { minPrice: string },
} as const;
const T = LOTS_TABLE_MESSAGES;

// Most procedures' lots fit on one page: the pager loads only for those that do not.
const Pagination = lazy(() => import('@mui/material/Pagination'));
const FullScreenDialog = lazy(() => import('../../../components/FullScreenDialog.tsx'));

const NUMERIC: ReadonlySet<PortfolioColumn> = new Set([
  'dpd',
  'amountTotal',
  'amountBottomline',
  'startPrice',
  'step',
  'currentPrice',
  'bids',
  'bidders',
  'stepCount',
  'autobid',
]);

type Basis = 'bottomline' | 'total';

export function PortfolioLots({
  briefcase: b,
  admin,
}: {
  briefcase: BriefcaseCardAttributes;
  admin: boolean;
}) {
  const [page, setPage] = useState(1);
  const [favourites, setFavourites] = useState(false);
  const [full, setFull] = useState(false);
  const bottomline = showsBottomline(b);
  const [basis, setBasis] = useState<Basis>(
    bottomline && b.percent_mode === 'amount_bottomline_debt' ? 'bottomline' : 'total',
  );
  const lots = useLots(b.id, page, favourites);
  const columns = portfolioColumns(b, { admin });
  const shownBasis: Basis = bottomline ? basis : 'total';

  const controls = (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
        {T.title}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={favourites}
            onChange={(e) => {
              setFavourites(e.target.checked);
              setPage(1);
            }}
          />
        }
        label={T.onlyFavourites}
      />
      {bottomline && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={basis}
          onChange={(_, next: Basis | null) => next && setBasis(next)}
          aria-label={T.basis}
        >
          <ToggleButton value="bottomline">ОСЗ</ToggleButton>
          <ToggleButton value="total">ОД</ToggleButton>
        </ToggleButtonGroup>
      )}
      <DeferredTooltip title={full ? T.exitFullScreen : T.fullScreen}>
        <IconButton aria-label={full ? T.exitFullScreen : T.fullScreen} onClick={() => setFull(!full)}>
          {full ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
        </IconButton>
      </DeferredTooltip>
    </Stack>
  );

  const body = lots.isPending ? (
    <PageLoader />
  ) : lots.error ? (
    <ErrorBlock message={lots.error.message} onRetry={() => void lots.refetch()} />
  ) : lots.data.lots.length === 0 ? (
    <EmptyState title={favourites ? T.noFavourites : T.noLots} />
  ) : (
    <Stack spacing={1.5}>
      <LotsGrid
        briefcase={b}
        lots={lots.data.lots.map((l) => l.attributes)}
        columns={columns}
        basis={shownBasis}
        totals={lots.data.total_pages === 1}
      />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="portfolio-lots-shown">
          {T.shown(
            (page - 1) * TRADE_LOTS_PAGE_SIZE + 1,
            (page - 1) * TRADE_LOTS_PAGE_SIZE + lots.data.lots.length,
            lots.data.total_count,
          )}
        </Typography>
        {lots.data.total_pages > 1 && (
          <Suspense fallback={null}>
            <Pagination
              page={page}
              count={lots.data.total_pages}
              siblingCount={TRADE_PAGE_SIZE_CONST.siblings}
              onChange={(_, p) => setPage(p)}
              aria-label={T.pages}
            />
          </Suspense>
        )}
      </Stack>
    </Stack>
  );

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          {controls}
          {!full && body}
        </Stack>
      </Paper>
      {full && (
        <Suspense fallback={null}>
          <FullScreenDialog titleId="portfolio-lots-full" title={controls} onClose={() => setFull(false)}>
            {body}
          </FullScreenDialog>
        </Suspense>
      )}
    </>
  );
}

function LotsGrid({
  briefcase: b,
  lots,
  columns,
  basis,
  totals,
}: {
  briefcase: BriefcaseCardAttributes;
  lots: LotAttributes[];
  columns: PortfolioColumn[];
  basis: Basis;
  totals: boolean;
}) {
  const navigate = useNavigate();
  const open = (lot: LotAttributes) => {
    // A click that ends a text selection is not a request to open the lot.
    if ((globalThis.getSelection?.()?.toString() ?? '') !== '') return;
    navigate(`/briefcases/${b.id}/trade?id=${lot.id}`);
  };
  const percentText = (kopecks: number, lot: Pick<LotAttributes, 'amount_total' | 'amount_bottomline'>) =>
    formatPercent(percentOf(kopecks, basis === 'bottomline' ? lot.amount_bottomline : lot.amount_total));
  const header = (column: PortfolioColumn) => {
    if (column === 'startPrice' && isPrivateAuction(b.auction_type)) return T.columns.minPrice;
    if (column === 'dpd')
      return (
        <DeferredTooltip title={T.dpdHint}>
          <span>{T.columns.dpd}</span>
        </DeferredTooltip>
      );
    return T.columns[column];
  };
  const cell = (column: PortfolioColumn, lot: LotAttributes) => {
    switch (column) {
      case 'number':
        return (
          <Link
            component={RouterLink}
            to={`/briefcases/${b.id}/trade?id=${lot.id}`}
            onClick={(e) => e.stopPropagation()}
            sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
          >
            {lotTitle(lot)}
          </Link>
        );
      case 'dpd':
        return lot.dpd ?? T.noData;
      case 'amountTotal':
        return formatRubles(lot.amount_total);
      case 'amountBottomline':
        return formatRubles(lot.amount_bottomline);
      case 'startPrice':
        return <Money kopecks={lot.start_price} percent={percentText(lot.start_price, lot)} />;
      case 'step':
        // A request for offers collects offers without a step ('Шаг 0 ₽' would read as a step of nothing).
        return lot.step_price > 0 ? formatRubles(lot.step_price) : '—';
      case 'currentPrice':
        return lot.current_price === null ? (
          '—'
        ) : (
          <Money kopecks={lot.current_price} percent={percentText(lot.current_price, lot)} />
        );
      case 'bids':
        return lot.bids_count;
      case 'bidders':
        return lot.bidders_count;
      case 'stepCount':
        return lot.step_count ?? '—';
      case 'autobid':
        return lot.autobid_status === 'enabled' && lot.autobid_max_price !== null
          ? formatRubles(lot.autobid_max_price)
          : '—';
      case 'leader':
        return lot.current_bidder_company ?? '—';
      case 'winner':
        return lot.winner_company ?? (lot.status === 'closed' ? T.noWinner : '—');
      case 'status':
        return b.status === 'closed_with_next_round' ? T.extended(b.next_round_count) : lot.condition.text;
    }
  };
  const totalOf = (column: PortfolioColumn) => {
    switch (column) {
      case 'number':
        return T.total;
      case 'amountTotal':
      case 'amountBottomline':
      case 'startPrice':
      case 'currentPrice':
        return formatRubles(portfolioTotal(column, lots));
      case 'bids':
        return portfolioTotal(column, lots);
      default:
        return '';
    }
  };
  return (
    <TableContainer tabIndex={0} role="region" aria-label={T.title}>
      <Table size="small" aria-label={T.title}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column}
                align={NUMERIC.has(column) ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {header(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lots.map((lot) => (
            <TableRow
              key={lot.id}
              hover
              onClick={() => open(lot)}
              sx={{ cursor: 'pointer' }}
              data-testid={`portfolio-lot-${lot.id}`}
            >
              {columns.map((column) => (
                <TableCell
                  key={column}
                  align={NUMERIC.has(column) ? 'right' : 'left'}
                  sx={{
                    fontVariantNumeric: 'tabular-nums',
                    whiteSpace: column === 'status' ? 'nowrap' : undefined,
                  }}
                  data-column={column}
                >
                  {cell(column, lot)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {totals && (
          <TableFooter>
            <TableRow data-testid="portfolio-lots-total">
              {columns.map((column) => (
                <TableCell
                  key={column}
                  align={NUMERIC.has(column) ? 'right' : 'left'}
                  sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' }}
                >
                  {totalOf(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}

function Money({ kopecks, percent }: { kopecks: number; percent: string }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {formatRubles(kopecks)}
      <Typography variant="caption" color="text.secondary" component="div">
        {percent}
      </Typography>
    </Box>
  );
}
