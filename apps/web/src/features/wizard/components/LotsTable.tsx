/**
 * The lots of the registry (spec 1 §2 Lotting panel): the first 32 until 'Показать все лоты'; the predicted start
 * and sale prices come from the price forecast (POST /api/v1/predicted_price/predict) for lots that have none yet.
 */
import type { WizardDraftLot } from '@etp/contracts';
import { formatRubles, lotPriceFloor, WIZARD_LOTS_PREVIEW } from '@etp/domain';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha, darken, lighten, type Theme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, type RefObject, useDeferredValue, useRef, useState } from 'react';
import { useLotsPredictions } from '../../forecast/forecastApi.ts';
import { FORECAST_TEXTS } from '../../forecast/messages.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';

/**
 * After 'Показать все лоты' the table scrolls inside its own region and renders only the rows in view plus this
 * many either side (decisions/0200): 5,000 rendered rows took 37 s and long tasks of 183 ms (bench/wizard-upload).
 */
const OVERSCAN_ROWS = 12;
/** A small MUI row with one line of text; rows with a step input are measured as they render. */
const ROW_HEIGHT_ESTIMATE = 33;

const METHOD_COLUMN: Record<string, { title: string; value: (lot: WizardDraftLot) => string | null }> = {
  product_type: { title: T.colProduct, value: (lot) => lot.product_type },
  federal_districts: { title: T.colDistrict, value: (lot) => lot.federal_district },
  stage_of_collection: { title: T.colStage, value: (lot) => lot.stage },
};

/** The look of MUI's small body cells, given once to the table for every row's plain cells. */
const BODY_CELLS = (theme: Theme) => ({
  '& tbody td': {
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    padding: '6px 16px',
    borderBottom: `1px solid ${
      theme.palette.mode === 'light'
        ? lighten(alpha(theme.palette.divider, 1), 0.88)
        : darken(alpha(theme.palette.divider, 1), 0.68)
    }`,
  },
  '& tbody td.text': { whiteSpace: 'nowrap' },
  '& tbody td.number': { textAlign: 'right', whiteSpace: 'nowrap' },
});

/** On a phone the table scrolls sideways: the headers stay on one line and the lot's name stays in view. */
const PHONE_CELLS = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    '& thead th': { whiteSpace: 'nowrap' },
    '& tbody td:first-of-type, & thead th:first-of-type': {
      position: 'sticky',
      left: 0,
      zIndex: 2,
      backgroundColor: theme.palette.background.paper,
    },
  },
});

/**
 * Shadows at an edge the table goes on beyond (the CSS "scroll shadows": covers that scroll with the content hide
 * the shadows that stay with the box once an edge is reached), so a phone shows there is more to the right.
 */
const SCROLL_SHADOWS = {
  background: (theme: Theme) =>
    [
      `linear-gradient(to right, ${theme.palette.background.paper} 30%, transparent) left / 40px 100% no-repeat local`,
      `linear-gradient(to left, ${theme.palette.background.paper} 30%, transparent) right / 40px 100% no-repeat local`,
      `radial-gradient(farthest-side at 0 50%, ${alpha(theme.palette.common.black, 0.2)}, transparent) left / 14px 100% no-repeat scroll`,
      `radial-gradient(farthest-side at 100% 50%, ${alpha(theme.palette.common.black, 0.2)}, transparent) right / 14px 100% no-repeat scroll`,
    ].join(', '),
} as const;

const NO_PRICES: Record<string, { start_price?: number; end_price?: number }> = {};

const money = (value: number | null) => (value === null ? '—' : formatRubles(value));

interface LotsTableProps {
  briefcaseId: number;
  lots: readonly WizardDraftLot[];
  method: string | null;
  /** Step 3's per-lot price input (decisions/0239), under the title `priceTitle`. */
  priceCell?: (lot: WizardDraftLot) => ReactNode;
  priceTitle?: string;
  /** Step 3's per-lot step input. */
  stepCell?: (lot: WizardDraftLot) => ReactNode;
}

export function LotsTable({ briefcaseId, lots, method, priceCell, priceTitle, stepCell }: LotsTableProps) {
  const [all, setAll] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const predictions = useLotsPredictions(briefcaseId, lots);
  // Predictions arriving re-render the rows in view as a deferred (interruptible) update.
  const prices = useDeferredValue(predictions.data?.prices ?? NO_PRICES);
  const fetching = useDeferredValue(predictions.isFetching);
  const extra = method ? METHOD_COLUMN[method] : undefined;
  const columns = 9 + (extra ? 1 : 0) + (priceCell ? 1 : 0) + (stepCell ? 1 : 0);
  const virtual = all && lots.length > WIZARD_LOTS_PREVIEW;
  const row = (lot: WizardDraftLot, index: number, measure?: (el: Element | null) => void) => (
    <LotRow
      key={lot.id}
      index={index}
      measure={measure}
      lot={lot}
      extra={extra?.value(lot) ?? null}
      withExtra={Boolean(extra)}
      predictedStart={lot.predicted_start_price ?? prices[String(lot.id)]?.start_price}
      predictedEnd={lot.predicted_end_price ?? prices[String(lot.id)]?.end_price}
      fetching={fetching}
      price={priceCell ? priceCell(lot) : undefined}
      step={stepCell ? stepCell(lot) : undefined}
    />
  );
  return (
    <Box>
      <TableContainer
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={T.lotsTitle}
        sx={{ maxWidth: '100%', overflowX: 'auto', ...SCROLL_SHADOWS, ...(virtual && { maxHeight: '70vh' }) }}
      >
        <Table
          size="small"
          aria-label={T.lotsTitle}
          sx={[BODY_CELLS, PHONE_CELLS]}
          stickyHeader={virtual}
          aria-rowcount={virtual ? lots.length + 1 : undefined}
        >
          <TableHead>
            <TableRow aria-rowindex={virtual ? 1 : undefined}>
              <TableCell>{T.colName}</TableCell>
              <TableCell align="right">{T.colCount}</TableCell>
              {extra && <TableCell>{extra.title}</TableCell>}
              <TableCell align="right">{T.colTotal}</TableCell>
              <TableCell align="right">{T.colBottomline}</TableCell>
              <TableCell align="right">{T.colMean}</TableCell>
              <TableCell align="right">{T.colDpd}</TableCell>
              <TableCell align="right">{T.colMinPrice}</TableCell>
              {priceCell && <TableCell sx={{ minWidth: 180 }}>{priceTitle ?? T.colLotPrice}</TableCell>}
              <TableCell align="right">{T.colPredictedStart}</TableCell>
              <TableCell align="right">{T.colPredictedEnd}</TableCell>
              {stepCell && <TableCell sx={{ minWidth: 140 }}>{T.colStep}</TableCell>}
            </TableRow>
          </TableHead>
          {virtual ? (
            <VirtualRows lots={lots} columns={columns} scroller={scroller} row={row} />
          ) : (
            <TableBody>{lots.slice(0, WIZARD_LOTS_PREVIEW).map((lot, index) => row(lot, index))}</TableBody>
          )}
        </Table>
      </TableContainer>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5 }}
        data-testid="lots-scroll-hint"
      >
        {T.lotsScrollHint}
      </Typography>
      <PredictionNote predictions={predictions} />
      {!all && lots.length > WIZARD_LOTS_PREVIEW && (
        <Button sx={{ mt: 1 }} onClick={() => setAll(true)}>
          {T.showAllLots}
        </Button>
      )}
    </Box>
  );
}

interface VirtualRowsProps {
  lots: readonly WizardDraftLot[];
  columns: number;
  scroller: RefObject<HTMLDivElement | null>;
  row: (lot: WizardDraftLot, index: number, measure: (el: Element | null) => void) => ReactNode;
}

/**
 * Every lot, of which only the rows in the region's view (and a few either side) are in the document; two
 * hidden spacer rows hold the height of the others, so the scroll bar and the sticky header behave as for the
 * whole table. Rows carry aria-rowindex and the table aria-rowcount, so assistive technology knows the whole.
 */
function VirtualRows({ lots, columns, scroller, row }: VirtualRowsProps) {
  const virtualizer = useVirtualizer({
    count: lots.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => lots[index]!.id,
    // Until the region is measured (and where nothing is laid out, as in tests): a screenful of rows.
    initialRect: { width: 0, height: 20 * ROW_HEIGHT_ESTIMATE },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return (
    <TableBody>
      {before > 0 && <SpacerRow height={before} columns={columns} />}
      {items.map((item) => row(lots[item.index]!, item.index, virtualizer.measureElement))}
      {after > 0 && <SpacerRow height={after} columns={columns} />}
    </TableBody>
  );
}

function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, nothing in it takes focus.
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

interface LotRowProps {
  /** The lot's place in the list (0-based): the row's aria-rowindex and the virtualiser's key to measure it. */
  index: number;
  /** The virtualiser's measuring ref, when the row is one of a scrolled window. */
  measure: ((el: Element | null) => void) | undefined;
  lot: WizardDraftLot;
  extra: string | null;
  withExtra: boolean;
  /** Kopecks, or undefined while unknown ('…' while the forecast is being fetched). */
  predictedStart: number | undefined;
  predictedEnd: number | undefined;
  fetching: boolean;
  price: ReactNode | undefined;
  step: ReactNode | undefined;
}

/**
 * One lot; memoised, so scrolling re-renders only the rows that come into view. Plain cells styled once by the
 * table (BODY_CELLS): a MUI TableCell serialises its styles on every render, which for the ~30 rows a scroll
 * brings in was most of a frame.
 */
const LotRow = memo(function LotRow({
  index,
  measure,
  lot,
  extra,
  withExtra,
  predictedStart,
  predictedEnd,
  fetching,
  price: priceInput,
  step,
}: LotRowProps) {
  const price = (value: number | undefined) => (value === undefined ? (fetching ? '…' : '—') : money(value));
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={measure ? index + 2 : undefined}
      data-testid={`lot-row-${lot.number}`}
    >
      <td className="text">{lot.name ?? `Лот № ${lot.number}`}</td>
      <td className="number">{lot.items_count.toLocaleString('ru-RU')}</td>
      {withExtra && <td>{extra ?? '—'}</td>}
      <td className="number">{money(lot.amount_total)}</td>
      <td className="number">{money(lot.amount_bottomline)}</td>
      <td className="number">{money(lot.bottomline_mean)}</td>
      <td className="number">{lot.dpd ?? '—'}</td>
      <td className="number" data-testid={`lot-min-price-${lot.number}`}>
        {money(lot.composite ? (lot.min_price ?? lot.start_price) : lotPriceFloor(lot))}
      </td>
      {priceInput !== undefined && <td>{priceInput}</td>}
      <td className="number" data-testid={`predicted-start-${lot.id}`}>
        {price(predictedStart)}
      </td>
      <td className="number" data-testid={`predicted-end-${lot.id}`}>
        {price(predictedEnd)}
      </td>
      {step !== undefined && <td>{step}</td>}
    </tr>
  );
});

function PredictionNote({ predictions }: { predictions: ReturnType<typeof useLotsPredictions> }) {
  const model = predictions.data?.model;
  const text = predictions.isError
    ? FORECAST_TEXTS.wizardFailed
    : !model
      ? predictions.isFetching
        ? FORECAST_TEXTS.wizardPending
        : null
      : model.source === 'model' && model.version !== null
        ? FORECAST_TEXTS.wizardModel(model.version, model.backtest?.mape ?? null)
        : model.note;
  if (!text) return null;
  return (
    <Typography
      variant="body2"
      color={predictions.isError ? 'error' : 'text.secondary'}
      sx={{ mt: 1 }}
      data-testid="lots-prediction-note"
    >
      {text}
    </Typography>
  );
}
