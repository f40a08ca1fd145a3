/**
 * The Портфель tab below the lots (spec 2 §2): the advantages list with "Средний долг" and who may take part (with
 * the notes of the narrowing flags), and for the seller and administrators the invited and non-admitted companies
 * and the winner information. Everything comes from the card (GET /api/v1/briefcases/{id}); the server sends the
 * lists and the winners only to those who may see them.
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import {
  COMPANY_KIND_LABELS,
  COMPANY_KINDS,
  type CompanyKind,
  formatPercent,
  formatRubles,
  PARTICIPANT_RESTRICTION_NOTES,
  PARTICIPANT_RESTRICTION_PARENT,
  type ParticipantRestriction,
  PORTFOLIO_ADVANTAGE_LABELS,
} from '@etp/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import {
  Box,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { PORTFOLIO_EXTRAS_MESSAGES as T } from './messages.ts';

const RESTRICTIONS = Object.keys(PARTICIPANT_RESTRICTION_NOTES) as ParticipantRestriction[];

/** "Средний долг": by ОД when that is the basis or for bank_to_bank, otherwise by ОСЗ (spec 2 §2). */
export function averageDebt(b: BriefcaseCardAttributes): number {
  const byTotal = b.auction_type === 'bank_to_bank' || b.percent_mode === 'amount_total_debt';
  return byTotal ? b.amount_mean : b.bottomline_mean;
}

/** Each allowed kind with the notes of its narrowing flags that are on. */
export function participantLines(b: BriefcaseCardAttributes): { kind: CompanyKind; notes: string[] }[] {
  return COMPANY_KINDS.filter((kind) => b.allowed_kinds_map[kind]).map((kind) => ({
    kind,
    notes: RESTRICTIONS.filter((flag) => PARTICIPANT_RESTRICTION_PARENT[flag] === kind && b[flag]).map(
      (flag) => PARTICIPANT_RESTRICTION_NOTES[flag],
    ),
  }));
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Advantages({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const participants = participantLines(b);
  return (
    <Section title={T.advantages} testId="portfolio-advantages">
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <List dense disablePadding aria-label={T.advantages}>
          <ListItem disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutlineIcon color="success" fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={`${T.averageDebt}: ${formatRubles(averageDebt(b), { currency: b.currency })}`}
            />
          </ListItem>
          {b.advantages.map((item) => (
            <ListItem key={item.key} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircleOutlineIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  Object.hasOwn(PORTFOLIO_ADVANTAGE_LABELS, item.key)
                    ? PORTFOLIO_ADVANTAGE_LABELS[item.key as keyof typeof PORTFOLIO_ADVANTAGE_LABELS]
                    : item.key
                }
                secondary={item.value === null ? undefined : formatPercent(item.value)}
              />
            </ListItem>
          ))}
        </List>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            {T.participants}
          </Typography>
          <List dense disablePadding aria-label={T.participants} data-testid="portfolio-participants">
            {participants.map((line) => (
              <ListItem key={line.kind} disableGutters>
                <ListItemText
                  primary={COMPANY_KIND_LABELS[line.kind]}
                  secondary={line.notes.length > 0 ? line.notes.join('; ') : undefined}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      </Box>
    </Section>
  );
}

function Companies({
  title,
  testId,
  companies,
}: {
  title: string;
  testId: string;
  companies: NonNullable<BriefcaseCardAttributes['invited_companies']>;
}) {
  return (
    <Section title={`${title} (${companies.length})`} testId={testId}>
      <TableContainer>
        <Table size="small" aria-label={title} sx={{ minWidth: { xs: 420, sm: 0 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{T.columns.company}</TableCell>
              <TableCell>{T.columns.inn}</TableCell>
              <TableCell>{T.columns.kind}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {companies.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{c.full_name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.inn ?? T.noData}</TableCell>
                <TableCell>{c.kind_name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}

function Winners({
  briefcase: b,
  winners,
}: {
  briefcase: BriefcaseCardAttributes;
  winners: NonNullable<BriefcaseCardAttributes['winners']>;
}) {
  return (
    <Section title={T.winners} testId="portfolio-winners">
      {winners.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.winnersNotChosen}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={T.winners} sx={{ minWidth: { xs: 420, sm: 0 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{T.columns.lot}</TableCell>
                <TableCell>{T.columns.winner}</TableCell>
                <TableCell align="right">{T.columns.price}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {winners.map((w) => (
                <TableRow key={w.lot_id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{T.lot(w.lot_number)}</TableCell>
                  <TableCell>{w.company_name ?? T.noWinner}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {w.amount === null ? '—' : formatRubles(w.amount, { currency: b.currency })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

export function PortfolioAdvantages({ briefcase }: { briefcase: BriefcaseCardAttributes }) {
  return <Advantages briefcase={briefcase} />;
}

/** The seller's and administrators' part: company lists and winners (absent for everyone else). */
export function PortfolioMasterInfo({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  return (
    <>
      {b.winners && <Winners briefcase={b} winners={b.winners} />}
      {b.invited_companies && b.invited_companies.length > 0 && (
        <Companies title={T.invited} testId="portfolio-invited" companies={b.invited_companies} />
      )}
      {b.rejected_companies && b.rejected_companies.length > 0 && (
        <Companies title={T.rejected} testId="portfolio-rejected" companies={b.rejected_companies} />
      )}
    </>
  );
}
