/**
 * The deals as a table on a wide screen and as cards on a phone (the lot, the procedure, the caller's role, the
 * other side, the price, the state, the time left, the next step); a line opens the lot's "Сделка" block. The
 * administrator's list adds its own steps (cancel, close) at the end of each line.
 */
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DealTimeLeft } from './DealDeadline.tsx';
import { DealStateChip } from './DealStateChip.tsx';
import { dealRow } from './dealRows.ts';
import type { Deal } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

interface DealsListProps {
  deals: readonly Deal[];
  /** The administrator's list: both sides in one column, no role, and its own steps per line. */
  admin?: boolean;
  rowActions?: (deal: Deal) => ReactNode;
}

function Deadline({ deal }: { deal: Deal }) {
  return deal.deadline_at ? (
    <DealTimeLeft deadline={deal.deadline_at} overdue={deal.overdue} />
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      —
    </Box>
  );
}

/** The other side for a party; both sides, each named, for an administrator. */
function Counterparty({ deal, text }: { deal: Deal; text: string }) {
  if (deal.role !== 'admin') return <>{text}</>;
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {T.list.sellerShort}{' '}
        </Box>
        {deal.seller_company.name}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {T.list.buyerShort}{' '}
        </Box>
        {deal.buyer_company.name}
      </Box>
    </>
  );
}

export function DealsList({ deals, admin = false, rowActions }: DealsListProps) {
  const phone = useMediaQuery('(max-width:899.95px)');
  return phone ? (
    <DealCards deals={deals} admin={admin} rowActions={rowActions} />
  ) : (
    <DealsTable deals={deals} admin={admin} rowActions={rowActions} />
  );
}

function DealsTable({ deals, admin, rowActions }: DealsListProps) {
  const navigate = useNavigate();
  const c = T.list.columns;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={admin ? T.list.adminTitle : T.list.title}>
        <TableHead>
          <TableRow>
            <TableCell>{c.lot}</TableCell>
            {!admin && <TableCell>{c.role}</TableCell>}
            <TableCell>{admin ? c.parties : c.counterparty}</TableCell>
            <TableCell align="right">{c.price}</TableCell>
            <TableCell>{c.state}</TableCell>
            <TableCell>{c.deadline}</TableCell>
            <TableCell>{c.next}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deals.map((deal) => {
            const row = dealRow(deal);
            return (
              <TableRow
                key={deal.id}
                hover
                data-testid="deal-row"
                onClick={(event) => {
                  // A click on a button or link of the line is its own.
                  if ((event.target as HTMLElement).closest('a,button')) return;
                  navigate(row.href);
                }}
                sx={{ cursor: 'pointer', verticalAlign: 'top' }}
              >
                <TableCell sx={{ minWidth: 140 }}>
                  <Link component={RouterLink} to={row.href} sx={{ fontWeight: 600 }}>
                    {row.lot}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {row.procedure}
                  </Typography>
                </TableCell>
                {!admin && <TableCell>{row.role}</TableCell>}
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                  <Counterparty deal={deal} text={row.counterparty} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {row.price}
                </TableCell>
                <TableCell sx={{ maxWidth: 220 }}>
                  <DealStateChip state={deal.state} label={deal.state_label} />
                </TableCell>
                <TableCell>
                  <Deadline deal={deal} />
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {rowActions ? rowActions(deal) : <NextStep row={row} />}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The caller's next step, stressed when it is theirs to take. */
function NextStep({ row }: { row: ReturnType<typeof dealRow> }) {
  return (
    <Typography
      variant="body2"
      sx={{ fontWeight: row.yourMove ? 600 : 400 }}
      color={row.yourMove ? 'primary' : 'text.secondary'}
    >
      {row.next}
    </Typography>
  );
}

function DealCards({ deals, admin, rowActions }: DealsListProps) {
  return (
    <Stack spacing={1.5}>
      {deals.map((deal) => {
        const row = dealRow(deal);
        return (
          <Card key={deal.id} variant="outlined" data-testid="deal-row">
            <CardActionArea component={RouterLink} to={row.href}>
              <CardContent sx={{ pb: rowActions ? 1 : 2 }}>
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, minWidth: 0 }}>
                      {row.lot}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
                      {row.procedure}
                    </Typography>
                    <Typography variant="subtitle1" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {row.price}
                    </Typography>
                  </Stack>
                  <Box>
                    <DealStateChip state={deal.state} label={deal.state_label} />
                  </Box>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {admin ? (
                      <Counterparty deal={deal} text={row.counterparty} />
                    ) : (
                      `${row.role} · ${row.counterparty}`
                    )}
                  </Typography>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
                  >
                    <Typography variant="body2" component="div">
                      {deal.deadline_at && <Deadline deal={deal} />}
                    </Typography>
                    {!rowActions && <NextStep row={row} />}
                  </Stack>
                </Stack>
              </CardContent>
            </CardActionArea>
            {rowActions && <Box sx={{ px: 2, pb: 1.5 }}>{rowActions(deal)}</Box>}
          </Card>
        );
      })}
    </Stack>
  );
}
