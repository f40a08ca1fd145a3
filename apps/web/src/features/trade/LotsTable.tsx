/**
 * The Торги tab as a table (spec 2 §2 "Trade tab"): one row a lot with the same parts as its card. Sealed formats
 * (private_requests, bank_to_bank) always use this row layout, with the extra DPD / DPLP column.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import { isPrivateAuction } from '@etp/domain';
import { Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { memo } from 'react';
import {
  FavouriteLotButton,
  LotBidCount,
  LotConditionChip,
  LotControls,
  LotDeal,
  LotName,
  LotParties,
  LotPrice,
  LotTimer,
} from './LotParts.tsx';
import { TRADE_MESSAGES as T } from './messages.ts';
import { type LotsPageKey, usePageLot } from './tradeApi.ts';
import { type LotViewer, sameLotProps, useLotView } from './useLotView.ts';

interface LotsTableProps {
  /** The page shown; each row reads its lot from that page's cache entry. */
  source: LotsPageKey;
  ids: number[];
  briefcase: BriefcaseCardAttributes;
  viewer: LotViewer;
  hrefOf: (lotId: number) => string;
}

export function LotsTable({ source, ids, briefcase: b, viewer, hrefOf }: LotsTableProps) {
  const sealed = isPrivateAuction(b.auction_type);
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={T.lotsTable}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      <Table size="small" aria-label={T.lotsTable}>
        <TableHead>
          <TableRow>
            <TableCell>{T.columns.lot}</TableCell>
            {sealed && <TableCell>{T.columns.dpdDplp}</TableCell>}
            <TableCell>{T.columns.price}</TableCell>
            <TableCell>{T.columns.status}</TableCell>
            <TableCell>{T.columns.time}</TableCell>
            <TableCell align="right">{T.bids}</TableCell>
            <TableCell sx={{ minWidth: 340 }}>{T.columns.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ids.map((id) => (
            <LotRow
              key={id}
              source={source}
              lotId={id}
              briefcase={b}
              viewer={viewer}
              href={hrefOf(id)}
              sealed={sealed}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Memoised, and reading its own lot: a live update of one lot re-renders its row only. */
const LotRow = memo(function LotRow({
  source,
  lotId,
  ...rest
}: {
  source: LotsPageKey;
  lotId: number;
  briefcase: BriefcaseCardAttributes;
  viewer: LotViewer;
  href: string;
  sealed: boolean;
}) {
  const lot = usePageLot(source, lotId);
  return lot && <LotRowBody lot={lot} {...rest} />;
}, sameLotProps);

function LotRowBody({
  lot,
  briefcase: b,
  viewer,
  href,
  sealed,
}: {
  lot: LotAttributes;
  briefcase: BriefcaseCardAttributes;
  viewer: LotViewer;
  href: string;
  sealed: boolean;
}) {
  const view = useLotView(lot, b, viewer);
  const noData = T.noData;
  return (
    <TableRow data-testid={`lot-row-${lot.id}`} sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <LotName lot={lot} href={href} variant="body1" />
          <FavouriteLotButton lot={lot} />
        </Stack>
      </TableCell>
      {sealed && (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {lot.dpd ?? noData} / {lot.dplp ?? noData}
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <LotPrice lot={lot} view={view} variant="body1" />
      </TableCell>
      <TableCell>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <LotConditionChip lot={lot} />
          <LotParties lot={lot} view={view} convert={b.end_mode === 'convert'} />
          <LotDeal lot={lot} dealHref={href} />
        </Stack>
      </TableCell>
      <TableCell>
        <LotTimer lot={lot} briefcase={b} />
      </TableCell>
      <TableCell align="right">
        <LotBidCount lot={lot} briefcase={b} />
      </TableCell>
      <TableCell sx={{ pt: 2 }}>
        <Stack spacing={1}>
          <LotControls lot={lot} briefcase={b} view={view} />
        </Stack>
      </TableCell>
    </TableRow>
  );
}
