import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatShortMoney } from '@etp/domain';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Fact } from '../../../components/Fact.tsx';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { lotGrowth, lotLabel, lotPriceText } from './statsView.ts';

/** Lots shown before 'Показать все лоты'. */
const STATS_LOTS_PREVIEW = 5;

interface StatsLotsTableProps {
  lots: BriefcaseStatsAttributes['lots'];
  currency: string;
  /** Below 1024 px: one card per lot instead of table rows. */
  narrow: boolean;
}

/** Each lot's start and current price, growth and bids; the first five until expanded. */
export function StatsLotsTable({ lots, currency, narrow }: StatsLotsTableProps) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const listId = useId();
  const shown = expanded ? lots : lots.slice(0, STATS_LOTS_PREVIEW);
  const money = (kopecks: number) => formatShortMoney(kopecks, { currency });
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {M.lots}
      </Typography>
      {narrow ? (
        <Stack component="ul" id={listId} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((lot) => (
            <Paper
              component="li"
              key={lot.id}
              variant="outlined"
              data-testid={`stats-lot-${lot.id}`}
              sx={{ p: 1.5 }}
            >
              <Typography variant="subtitle2" component="p">
                {lotLabel(lot.name)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, mt: 1 }}>
                <Fact label={M.columns.startPrice}>{money(lot.start_price)}</Fact>
                <Fact label={M.columns.currentPrice}>{lotPriceText(lot, currency)}</Fact>
                <Fact label={M.columns.growth}>{lotGrowth(lot)}</Fact>
                <Fact label={M.columns.bids}>
                  <span data-testid={`stats-lot-bids-${lot.id}`}>{lot.bids_count}</span>
                </Fact>
              </Box>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer id={listId}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{M.columns.lot}</TableCell>
                <TableCell align="right">{M.columns.startPrice}</TableCell>
                <TableCell align="right">{M.columns.currentPrice}</TableCell>
                <TableCell align="right">{M.columns.growth}</TableCell>
                <TableCell align="right">{M.columns.bids}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((lot) => (
                <TableRow key={lot.id} data-testid={`stats-lot-${lot.id}`}>
                  <TableCell component="th" scope="row">
                    {lotLabel(lot.name)}
                  </TableCell>
                  <TableCell align="right">{money(lot.start_price)}</TableCell>
                  <TableCell align="right">{lotPriceText(lot, currency)}</TableCell>
                  <TableCell align="right">{lotGrowth(lot)}</TableCell>
                  <TableCell align="right" data-testid={`stats-lot-bids-${lot.id}`}>
                    {lot.bids_count}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {lots.length > STATS_LOTS_PREVIEW && (
        <Button
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          aria-controls={listId}
          sx={{ mt: 1 }}
        >
          {expanded ? M.collapse : M.showAll(lots.length)}
        </Button>
      )}
    </Paper>
  );
}
