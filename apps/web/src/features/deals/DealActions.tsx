/** The deal's next steps as buttons (dealButtons), each opening its dialog or fetching its file. */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { downloadFile } from '../../api/downloadFile.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { toast } from '../../lib/toast.ts';
import { DealCancelDialog, DealStepDialog } from './DealStepDialogs.tsx';
import { type DealButtonKind, dealButtons } from './dealActions.ts';
import type { Deal, DealStep } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

const DealSignDialog = lazy(() => import('./DealSignDialog.tsx'));

type Open = { kind: 'sign'; method: 'sms' | 'scan' } | { kind: 'step'; step: DealStep } | { kind: 'cancel' };

const fileName = (text: string) => text.replace(/[\\/:*?"<>|]+/g, ' ').trim();

export function DealActions({ deal }: { deal: Deal }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open | null>(null);
  const [fetching, setFetching] = useState<DealButtonKind | null>(null);
  const buttons = dealButtons(deal);
  if (buttons.length === 0) return null;

  const fetchFile = async (kind: 'agreement' | 'registry') => {
    const url = kind === 'agreement' ? deal.agreement.url : deal.registry_url;
    if (!url) return;
    setFetching(kind);
    try {
      await downloadFile(
        url,
        kind === 'agreement'
          ? `${fileName(`Договор ${deal.lot_name}`)}.pdf`
          : `${fileName(`Реестр ${deal.lot_name}`)}.xlsx`,
      );
      // The buyer's first download of the registry closes the deal.
      if (kind === 'registry') void queryClient.invalidateQueries({ queryKey: queryKeys.allDeals });
    } catch {
      toast.error(T.downloadFailed);
    } finally {
      setFetching(null);
    }
  };

  const press = (kind: DealButtonKind) => {
    switch (kind) {
      case 'sign_sms':
        return setOpen({ kind: 'sign', method: 'sms' });
      case 'sign_scan':
        return setOpen({ kind: 'sign', method: 'scan' });
      case 'agreement':
      case 'registry':
        return void fetchFile(kind);
      case 'cancel':
        return setOpen({ kind: 'cancel' });
      default:
        return setOpen({ kind: 'step', step: kind });
    }
  };

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        data-testid="deal-actions"
      >
        {buttons.map((b) => (
          <Button
            key={b.kind}
            variant={b.primary ? 'contained' : 'outlined'}
            color={b.danger ? 'error' : 'primary'}
            startIcon={b.kind === 'agreement' || b.kind === 'registry' ? <DownloadIcon /> : undefined}
            disabled={fetching === b.kind}
            onClick={() => press(b.kind)}
          >
            {b.label}
          </Button>
        ))}
      </Stack>
      {open?.kind === 'sign' && (
        <Suspense fallback={null}>
          <DealSignDialog dealId={deal.id} method={open.method} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {open?.kind === 'step' && (
        <DealStepDialog dealId={deal.id} step={open.step} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'cancel' && <DealCancelDialog dealId={deal.id} onClose={() => setOpen(null)} />}
    </>
  );
}
