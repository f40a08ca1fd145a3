import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { DealCancelDialog, DealStepDialog } from './DealStepDialogs.tsx';
import { DealsBrowser } from './DealsBrowser.tsx';
import type { Deal } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

type Open = { kind: 'cancel' | 'close'; dealId: number };

/** /admin/deals: every deal of the platform, overdue first (the server orders them), with cancel and close. */
export function AdminDealsPage() {
  const [open, setOpen] = useState<Open | null>(null);
  const actions = (deal: Deal) => {
    const can = new Set(deal.available_actions);
    if (!can.has('cancel') && !can.has('close')) return null;
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {can.has('close') && (
          <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'close', dealId: deal.id })}>
            {T.actions.close}
          </Button>
        )}
        {can.has('cancel') && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={() => setOpen({ kind: 'cancel', dealId: deal.id })}
          >
            {T.actions.cancel}
          </Button>
        )}
      </Stack>
    );
  };
  return (
    <>
      <PageHeader title={T.list.adminTitle} subtitle={T.list.adminSubtitle} />
      <DealsBrowser admin rowActions={actions} />
      {open?.kind === 'cancel' && <DealCancelDialog dealId={open.dealId} onClose={() => setOpen(null)} />}
      {open?.kind === 'close' && (
        <DealStepDialog dealId={open.dealId} step="close" onClose={() => setOpen(null)} />
      )}
    </>
  );
}
