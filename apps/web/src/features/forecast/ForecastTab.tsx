/**
 * The lot dialog's Прогноз tab (spec 2 §2, §3 "Prediction form", §5; administrators only, spec 2 §6): which model
 * answers and its measured error, the prediction form pre-filled from the lot, and on «Рассчитать прогноз» the new
 * range beside the previous one with the factors that moved it most (issue 17).
 */
import type { LotPredictionForm, PredictionForm, PredictionFormsReply, PredictReply } from '@etp/contracts';
import {
  COMPANY_KIND_LABELS,
  FORECAST_AUCTION_TYPES,
  FORECAST_FACTOR_LABELS,
  FORECAST_FLAGS,
  type ForecastFlag,
  formatForecastPrice,
  formatMoscowDateTime,
  formatRubles,
  SELLER_TYPES,
  viewerOffsetMinutes,
} from '@etp/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { errorText } from '../../lib/errorText.ts';
import { ForecastModelSummary } from './ForecastModelSummary.tsx';
import { ForecastNumberField } from './ForecastNumberField.tsx';
import { useLotPredictionForm, usePredict } from './forecastApi.ts';
import { DPD, DPLP, ITEMS, MONEY, PERCENT } from './formats.ts';
import { FORECAST_TEXTS as T } from './messages.ts';

export default function ForecastTab({ lotId }: { lotId: number }) {
  const reply = useLotPredictionForm(lotId);
  if (reply.isPending) return <CircularProgress size={28} aria-label={T.formTitle} />;
  const lot = reply.data?.forms[0];
  if (!reply.data || !lot)
    return <ErrorBlock message={errorText(reply.error, T.loadFailed)} onRetry={() => void reply.refetch()} />;
  return <ForecastPanel key={lotId} lot={lot} model={reply.data.model} />;
}

/** The form's fields: one column on a phone, two on a tablet, three on a desktop. */
const FORM_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

function ForecastSelect<V extends string>(props: {
  label: string;
  value: V;
  options: readonly V[];
  labels: Record<V, string>;
  onValue: (value: V) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onValue(e.target.value as V)}
    >
      {props.options.map((option) => (
        <MenuItem key={option} value={option}>
          {props.labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}

type NumberKey = 'amount_total' | 'amount_bottomline' | 'dpd' | 'dplp' | 'items_count';

function ForecastPanel({ lot, model }: { lot: LotPredictionForm; model: PredictionFormsReply['model'] }) {
  const [form, setForm] = useState<PredictionForm>(lot.form);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  // Restoring the lot's parameters remounts the fields, so their texts start again from the lot's values.
  const [generation, setGeneration] = useState(0);
  const predict = usePredict(lot.id);
  const result = predict.data;

  const mark = (key: string, ok: boolean) =>
    setInvalid((current) => {
      if (ok === !current.has(key)) return current;
      const next = new Set(current);
      if (ok) next.delete(key);
      else next.add(key);
      return next;
    });
  const setNumber = (key: NumberKey) => (value: number | null) => {
    mark(key, value !== null);
    if (value !== null) setForm((f) => ({ ...f, [key]: value }));
  };
  const setFlag = (flag: ForecastFlag) => (value: number | null) => {
    mark(flag, value !== null);
    if (value !== null) setForm((f) => ({ ...f, flags: { ...f.flags, [flag]: value } }));
  };
  const reset = () => {
    setForm(lot.form);
    setInvalid(new Set());
    setGeneration((g) => g + 1);
  };

  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      {/* The tab's read is refreshed after every forecast and retrain, so it names the version answering now. */}
      <ForecastModelSummary model={model} />

      <Box component="section" aria-labelledby="forecast-form-title">
        <Typography id="forecast-form-title" variant="h6" component="h3" sx={{ mb: 2 }}>
          {T.formTitle}
        </Typography>
        <Box key={generation} sx={FORM_GRID}>
          <ForecastSelect
            label={T.auctionType}
            value={form.auction_type}
            options={FORECAST_AUCTION_TYPES}
            labels={T.auctionTypes}
            onValue={(auction_type) => setForm((f) => ({ ...f, auction_type }))}
          />
          <ForecastSelect
            label={T.sellerType}
            value={form.seller_type}
            options={SELLER_TYPES}
            labels={COMPANY_KIND_LABELS}
            onValue={(seller_type) => setForm((f) => ({ ...f, seller_type }))}
          />
          <ForecastNumberField
            label={T.itemsCount}
            value={form.items_count}
            format={ITEMS}
            onValue={setNumber('items_count')}
          />
          <ForecastNumberField
            label={T.amountTotal}
            value={form.amount_total}
            format={MONEY}
            onValue={setNumber('amount_total')}
            suffix="₽"
            inputMode="decimal"
          />
          <ForecastNumberField
            label={T.amountBottomline}
            value={form.amount_bottomline}
            format={MONEY}
            onValue={setNumber('amount_bottomline')}
            suffix="₽"
            inputMode="decimal"
          />
          <ForecastNumberField label={T.dpd} value={form.dpd} format={DPD} onValue={setNumber('dpd')} />
          <ForecastNumberField label={T.dplp} value={form.dplp} format={DPLP} onValue={setNumber('dplp')} />
        </Box>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 3, mb: 2 }}>
          {T.flagsTitle}
        </Typography>
        <Box key={`flags-${generation}`} sx={FORM_GRID}>
          {FORECAST_FLAGS.map((flag) => (
            <ForecastNumberField
              key={flag}
              label={FORECAST_FACTOR_LABELS[flag]}
              value={form.flags[flag]}
              format={PERCENT}
              onValue={setFlag(flag)}
              suffix="%"
              inputMode="decimal"
              invalidText={T.percentTooLarge}
            />
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
          <Button
            variant="contained"
            disabled={invalid.size > 0 || predict.isPending}
            onClick={() => predict.mutate(form)}
          >
            {T.submit}
          </Button>
          <Button onClick={reset}>{T.reset}</Button>
        </Stack>
        {predict.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(predict.error, T.predictFailed)}
          </Alert>
        )}
      </Box>

      <ForecastResult lot={lot} result={result} sentForm={predict.variables} />
    </Stack>
  );
}

interface Column {
  title: string;
  start: string;
  end: string;
  source: string;
  at: string;
}

function sourceOf(version: number | null | undefined) {
  return version === undefined ? T.none : version === null ? T.sourcePrior : T.sourceModel(version);
}

const atText = (iso: string) => formatMoscowDateTime(iso, { viewerOffsetMinutes: viewerOffsetMinutes() });

function ForecastResult({
  lot,
  result,
  sentForm,
}: {
  lot: LotPredictionForm;
  result: PredictReply | undefined;
  sentForm: PredictionForm | undefined;
}) {
  const made = result?.forecasts[0];
  const columns: Column[] = [];
  if (made && result && sentForm) {
    columns.push({
      title: T.newForecast,
      start: formatForecastPrice(made.start_price, sentForm.amount_bottomline),
      end: formatForecastPrice(made.end_price, sentForm.amount_bottomline),
      source: sourceOf(result.model.version),
      at: T.justNow,
    });
    columns.push(
      made.previous
        ? {
            title: T.previousForecast,
            start: formatRubles(made.previous.start_price),
            end: formatRubles(made.previous.end_price),
            source: sourceOf(made.previous.model_version),
            at: atText(made.previous.created_at),
          }
        : { title: T.previousForecast, start: T.none, end: T.none, source: T.none, at: T.none },
    );
  } else if (lot.latest) {
    columns.push({
      title: T.lotForecast,
      start: formatRubles(lot.latest.start_price),
      end: formatRubles(lot.latest.end_price),
      source: sourceOf(lot.latest.model_version),
      at: atText(lot.latest.created_at),
    });
  } else if (lot.predicted_price) {
    columns.push({
      title: T.lotForecast,
      start: formatForecastPrice(lot.predicted_price.start_price, lot.form.amount_bottomline),
      end: formatForecastPrice(lot.predicted_price.end_price, lot.form.amount_bottomline),
      source: T.none,
      at: T.none,
    });
  }

  return (
    <Box component="section" aria-labelledby="forecast-result-title">
      <Typography id="forecast-result-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {T.resultTitle}
      </Typography>
      {columns.length === 0 ? (
        <Typography color="text.secondary">{T.noForecast}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="forecast-result-title" data-testid="forecast-result">
            <TableHead>
              <TableRow>
                <TableCell />
                {columns.map((c) => (
                  <TableCell key={c.title}>{c.title}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(
                [
                  [T.startPrice, 'start'],
                  [T.endPrice, 'end'],
                  [T.source, 'source'],
                  [T.madeAt, 'at'],
                ] as const
              ).map(([label, key]) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  {columns.map((c) => (
                    <TableCell
                      key={c.title}
                      data-testid={`forecast-${key}-${c === columns[0] && made ? 'new' : 'previous'}`}
                    >
                      {c[key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {made && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {made.own ? T.own : T.whatIf}
        </Typography>
      )}
      {made && result && <ForecastReasons reasons={made.reasons} prior={result.model.source === 'prior'} />}
    </Box>
  );
}

function ForecastReasons({
  reasons,
  prior,
}: {
  reasons: PredictReply['forecasts'][number]['reasons'];
  prior: boolean;
}) {
  return (
    <Box component="section" aria-labelledby="forecast-reasons-title" sx={{ mt: 3 }}>
      <Typography id="forecast-reasons-title" variant="subtitle1" component="h4">
        {T.reasonsTitle}
      </Typography>
      {prior || reasons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.reasonsPrior}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {T.reasonsHint}
          </Typography>
          <Table size="small" aria-labelledby="forecast-reasons-title" data-testid="forecast-reasons">
            <TableBody>
              {reasons.map((r) => (
                <TableRow key={r.factor}>
                  <TableCell component="th" scope="row">
                    {FORECAST_FACTOR_LABELS[r.factor]}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap', color: r.effect < 0 ? 'error.main' : 'success.main' }}
                  >
                    {r.effect < 0 ? '−' : '+'}
                    {formatRubles(Math.abs(r.effect))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
