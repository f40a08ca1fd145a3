/**
 * The price forecast's calls (spec 2 §7, issue 17): the forms lots pre-fill, POST /api/v1/predicted_price/predict,
 * and the administrator's retrain.
 */
import { MAX_PREDICTION_LOTS, type PredictionForm, type PredictReply } from '@etp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';

const loadForms = (query: { lot_id: number } | { briefcase_id: number }, signal?: AbortSignal) =>
  call(OPERATIONS.listPredictionForms, { query, signal });

const predict = (forms: readonly PredictionForm[]) =>
  call(OPERATIONS.predictPrice, { body: { lot_params: [...forms] } });

/** Forecasts any number of lots, MAX_PREDICTION_LOTS a request, one request after another. */
async function predictAll(forms: readonly PredictionForm[]): Promise<PredictReply | null> {
  const replies: PredictReply[] = [];
  for (let at = 0; at < forms.length; at += MAX_PREDICTION_LOTS)
    replies.push(await predict(forms.slice(at, at + MAX_PREDICTION_LOTS)));
  const last = replies.at(-1);
  if (!last) return null;
  return {
    predicted_price: Object.assign({}, ...replies.map((r) => r.predicted_price)),
    forecasts: replies.flatMap((r) => r.forecasts),
    model: last.model,
  };
}

/** The lot's form as the lot fills it, its predicted prices and latest forecast, and the current model. */
export function useLotPredictionForm(lotId: number) {
  return useQuery({
    queryKey: queryKeys.forecastLotForm(lotId),
    queryFn: ({ signal }) => loadForms({ lot_id: lotId }, signal),
  });
}

export function usePredict(lotId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PredictionForm) => predict([form]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forecastLotForm(lotId) }),
  });
}

export function useRetrain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEnvelope(OPERATIONS.retrainForecastModel),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forecast }),
  });
}

export interface LotsPredictions {
  model: PredictReply['model'];
  /** The prices predicted now for lots that had none, by lot id. */
  prices: PredictReply['predicted_price'];
}

/**
 * The wizard's lots table after lotting (spec 1 §2): lots without predicted prices are forecast from the forms
 * they pre-fill (the lots' own, so the server stores the prices on them); the current model comes along for the
 * table's note.
 */
export function useLotsPredictions(
  briefcaseId: number,
  lots: readonly { id: number; predicted_start_price: number | null; predicted_end_price: number | null }[],
) {
  const ids = lots.map((l) => l.id);
  const missing = new Set(
    lots.filter((l) => l.predicted_start_price === null || l.predicted_end_price === null).map((l) => l.id),
  );
  return useQuery({
    queryKey: queryKeys.forecastWizard(briefcaseId, `${ids.join(',')}|${[...missing].join(',')}`),
    enabled: briefcaseId > 0 && lots.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<LotsPredictions> => {
      const reply = await loadForms({ briefcase_id: briefcaseId }, signal);
      const forms = reply.forms.filter((f) => missing.has(f.id)).map((f) => f.form);
      const predicted = forms.length > 0 ? await predictAll(forms) : null;
      return { model: predicted?.model ?? reply.model, prices: predicted?.predicted_price ?? {} };
    },
  });
}
