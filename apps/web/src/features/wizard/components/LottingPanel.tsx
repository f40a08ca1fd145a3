/** Step 2's lotting (spec 1 §2): method, sort and price limit, 'Лотировать', the lots and the portfolio download. */
import type { WizardDraftLot } from '@etp/contracts';
import {
  formatRubles,
  LOTTING_SORT_TYPE_LABELS,
  LOTTING_SORT_TYPES,
  LOTTING_TYPE_LABELS,
  LOTTING_TYPES,
  type LottingType,
  PRICED_LOTTING_TYPES,
  WIZARD_RULE_MESSAGES,
} from '@etp/domain';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { pathOf } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { downloadFile, loadRelotingInfo, reloting, wizardKeys } from '../wizardApi.ts';
import { LotsTable } from './LotsTable.tsx';
import { MoneyField } from './MoneyField.tsx';

interface LottingPanelProps {
  briefcaseId: number;
  lots: readonly WizardDraftLot[];
  /** Only while the procedure is created or pending. */
  editable: boolean;
  onLots: (lots: WizardDraftLot[]) => void;
}

const isPriced = (type: string) => (PRICED_LOTTING_TYPES as readonly string[]).includes(type);

export function LottingPanel({ briefcaseId, lots, editable, onLots }: LottingPanelProps) {
  const info = useQuery({
    queryKey: wizardKeys.relotingInfo(briefcaseId),
    queryFn: () => loadRelotingInfo(briefcaseId),
  });
  const [method, setMethod] = useState<LottingType | null>(null);
  const [sort, setSort] = useState<string>(LOTTING_SORT_TYPES[0]);
  const [price, setPrice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = (method ?? info.data?.loting_params?.loting_type ?? 'manual_splitting') as LottingType;
  const minPrice = info.data?.min_price ?? 0;
  const priceError =
    isPriced(current) && price !== null && price < minPrice
      ? WIZARD_RULE_MESSAGES.priceBelowMin(formatRubles(minPrice))
      : null;
  const equalBlocked = current === 'equal_lots' && (price === null || price < minPrice);

  const lot = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await reloting(briefcaseId, {
        loting_type: current,
        sort_type: sort,
        price: isPriced(current) ? price : null,
      });
      onLots(reply.lots as WizardDraftLot[]);
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.errors).flat()[0] ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {T.lotting}
      </Typography>
      {editable && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            select
            label={T.lottingMethod}
            value={current}
            onChange={(e) => setMethod(e.target.value as LottingType)}
            sx={{ minWidth: 260 }}
          >
            {LOTTING_TYPES.map((type) => (
              <MenuItem
                key={type}
                value={type}
                disabled={type === 'manual_splitting' && info.data?.manual_splitting_available === false}
              >
                {LOTTING_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          {isPriced(current) && (
            <>
              <TextField
                select
                label={T.lottingSort}
                value={sort}
                onChange={(e) => setSort(e.target.value)}
                sx={{ minWidth: 240 }}
              >
                {LOTTING_SORT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {LOTTING_SORT_TYPE_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
              <MoneyField
                label={T.lottingPrice}
                value={price}
                onValue={setPrice}
                error={Boolean(priceError)}
                helperText={priceError ?? (minPrice ? `от ${formatRubles(minPrice)}` : undefined)}
              />
            </>
          )}
          {current !== 'manual_splitting' && (
            <Button
              variant="outlined"
              disabled={busy || Boolean(priceError) || equalBlocked}
              onClick={() => void lot()}
              sx={{ mt: { md: 1 } }}
            >
              {T.lotButton}
            </Button>
          )}
        </Stack>
      )}
      {error && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
      <LotsTable briefcaseId={briefcaseId} lots={lots} method={current} />
      <div>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() =>
            void downloadFile(
              pathOf(OPERATIONS.downloadPortfolio, { id: briefcaseId }),
              `Портфель ТП №${briefcaseId}.xlsx`,
            )
          }
        >
          {T.downloadPortfolio}
        </Button>
      </div>
    </Stack>
  );
}
