/**
 * Which model answers the forecast and how wrong it was on the platform's own history (issue 17): the version, its
 * training size, the time-ordered backtest (MAPE against two baselines, coverage of the range); or that the
 * documented prior answers and why. The administrator may retrain it here.
 */
import type { ForecastModelInfo } from '@etp/contracts';
import { formatMoscowDateTime, formatPercent, viewerOffsetMinutes } from '@etp/domain';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { useRetrain } from './forecastApi.ts';
import { FORECAST_TEXTS as T } from './messages.ts';

const percent = (value: number) => formatPercent(value, { fractionDigits: 1 });

export function ForecastModelSummary({ model }: { model: ForecastModelInfo }) {
  const retrain = useRetrain();
  const b = model.backtest;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="forecast-model-title" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Typography id="forecast-model-title" variant="h6" component="h3">
          {model.source === 'model' ? T.modelTitle : T.priorTitle}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          disabled={retrain.isPending}
          onClick={() =>
            retrain.mutate(undefined, {
              onSuccess: (reply) => {
                if (reply.message) toast.success(reply.message);
              },
              onError: (error) => toast.error(errorText(error, T.retrainFailed)),
            })
          }
        >
          {retrain.isPending ? T.retraining : T.retrain}
        </Button>
      </Stack>
      <Stack spacing={1} sx={{ mt: 1 }} data-testid="forecast-model">
        <Typography variant="body2">{model.note}</Typography>
        {model.source === 'model' && model.version !== null && model.trained_at !== null ? (
          <>
            <Typography variant="body2">
              {T.modelVersion(
                model.version,
                formatMoscowDateTime(model.trained_at, { viewerOffsetMinutes: viewerOffsetMinutes() }),
                model.training_size,
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.modelKind(model.start_quantile)}
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {T.priorKind}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.priorHistory(model.history_size, model.min_history)}
            </Typography>
          </>
        )}
        {b && (
          <>
            <Typography variant="body2" color="text.secondary">
              {T.backtest(b.train_size, b.test_size)}
            </Typography>
            <KeyValueTable
              caption={T.modelTitle}
              rows={[
                {
                  label: T.mape,
                  value: `${percent(b.mape)} (${T.mapeBaselines(b.baseline_seller_dpd_mape, b.baseline_overall_mape)})`,
                },
                {
                  label: T.coverage,
                  value: `${percent(b.coverage)} (${T.coverageExpected((0.5 - model.start_quantile) * 100)})`,
                },
              ]}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
