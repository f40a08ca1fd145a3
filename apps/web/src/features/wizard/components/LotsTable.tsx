/**
 * The lots of the registry (spec 1 §2 Lotting panel): the first 32 until 'Показать все лоты'; the predicted start
 * and sale prices come from the price forecast (POST /api/v1/predicted_price/predict) for lots that have none yet.
 */
import type { WizardDraftLot } from '@etp/contracts';
import { formatRubles } from '@etp/domain';
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
import { memo, type ReactNode, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useLotsPredictions } from '../../forecast/forecastApi.ts';
import { FORECAST_TEXTS } from '../../forecast/messages.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';

export const LOTS_SHOWN_FIRST = 32;
/**
 * Rows added per frame after 'Показать все лоты': 5,000 lots rendered at once would freeze the tab for seconds;
 * in slices each frame stays short (bench/wizard-upload: no long task over 100 ms).
 */
const ROWS_PER_FRAME = 100;

const METHOD_COLUMN: Record<string, { title: string; value: (lot: WizardDraftLot) => string | null }> = {
  product_type: { title: T.colProduct, value: (lot) => lot.product_type },
  federal_districts: { title: T.colDistrict, value: (lot) => lot.federal_district },
  stage_of_collection: { title: T.colStage, value: (lot) => lot.stage },
};

const NO_PRICES: Record<string, { start_price?: number; end_price?: number }> = {};

const money = (value: number | null) => (value === null ? '—' : formatRubles(value));

interface LotsTableProps {
  briefcaseId: number;
  lots: readonly WizardDraftLot[];
  method: string | null;
  /** Step 3's per-lot step input. */
  stepCell?: (lot: WizardDraftLot) => ReactNode;
}

export function LotsTable({ briefcaseId, lots, method, stepCell }: LotsTableProps) {
  const [all, setAll] = useState(false);
  const [limit, setLimit] = useState(LOTS_SHOWN_FIRST);
  useEffect(() => {
    if (!all || limit >= lots.length) return;
    // A transition: React renders the new rows in slices it can interrupt, so no frame runs long.
    const frame = requestAnimationFrame(() => startTransition(() => setLimit((n) => n + ROWS_PER_FRAME)));
    return () => cancelAnimationFrame(frame);
  }, [all, limit, lots.length]);
  const predictions = useLotsPredictions(briefcaseId, lots);
  // Predictions arriving for thousands of shown rows re-render them as a deferred (interruptible) update.
  const prices = useDeferredValue(predictions.data?.prices ?? NO_PRICES);
  const fetching = useDeferredValue(predictions.isFetching);
  const predicted = (lot: WizardDraftLot, key: 'start_price' | 'end_price') => {
    const own = key === 'start_price' ? lot.predicted_start_price : lot.predicted_end_price;
    return own ?? prices[String(lot.id)]?.[key];
  };
  const shown = lots.slice(0, all ? limit : LOTS_SHOWN_FIRST);
  const extra = method ? METHOD_COLUMN[method] : undefined;
  return (
    <Box>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={T.lotsTitle}
        sx={{ maxWidth: '100%', overflowX: 'auto' }}
      >
        <Table size="small" aria-label={T.lotsTitle}>
          <TableHead>
            <TableRow>
              <TableCell>{T.colName}</TableCell>
              <TableCell align="right">{T.colCount}</TableCell>
              {extra && <TableCell>{extra.title}</TableCell>}
              <TableCell align="right">{T.colTotal}</TableCell>
              <TableCell align="right">{T.colBottomline}</TableCell>
              <TableCell align="right">{T.colMean}</TableCell>
              <TableCell align="right">{T.colDpd}</TableCell>
              <TableCell align="right">{T.colMinPrice}</TableCell>
              <TableCell align="right">{T.colPredictedStart}</TableCell>
              <TableCell align="right">{T.colPredictedEnd}</TableCell>
              {stepCell && <TableCell sx={{ minWidth: 140 }}>{T.colStep}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((lot) => (
              <LotRow
                key={lot.id}
                lot={lot}
                extra={extra?.value(lot) ?? null}
                withExtra={Boolean(extra)}
                predictedStart={predicted(lot, 'start_price')}
                predictedEnd={predicted(lot, 'end_price')}
                fetching={fetching}
                step={stepCell ? stepCell(lot) : undefined}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PredictionNote predictions={predictions} />
      {!all && lots.length > LOTS_SHOWN_FIRST && (
        <Button sx={{ mt: 1 }} onClick={() => setAll(true)}>
          {T.showAllLots}
        </Button>
      )}
    </Box>
  );
}

interface LotRowProps {
  lot: WizardDraftLot;
  extra: string | null;
  withExtra: boolean;
  /** Kopecks, or undefined while unknown ('…' while the forecast is being fetched). */
  predictedStart: number | undefined;
  predictedEnd: number | undefined;
  fetching: boolean;
  step: ReactNode | undefined;
}

/** One lot; memoised, so adding rows re-renders only the new ones. */
const LotRow = memo(function LotRow({
  lot,
  extra,
  withExtra,
  predictedStart,
  predictedEnd,
  fetching,
  step,
}: LotRowProps) {
  const price = (value: number | undefined) => (value === undefined ? (fetching ? '…' : '—') : money(value));
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{lot.name ?? `Лот № ${lot.number}`}</TableCell>
      <TableCell align="right">{lot.items_count.toLocaleString('ru-RU')}</TableCell>
      {withExtra && <TableCell>{extra ?? '—'}</TableCell>}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(lot.amount_total)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(lot.amount_bottomline)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(lot.bottomline_mean)}
      </TableCell>
      <TableCell align="right">{lot.dpd ?? '—'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(lot.min_price ?? lot.start_price)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid={`predicted-start-${lot.id}`}>
        {price(predictedStart)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid={`predicted-end-${lot.id}`}>
        {price(predictedEnd)}
      </TableCell>
      {step !== undefined && <TableCell>{step}</TableCell>}
    </TableRow>
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
