/**
 * The "Сделка" block of a lot (issue 32): for the winning buyer, the seller, the second bidder and
 * administrators. The state, the parties, the price in figures and words, the running deadline with the time left,
 * both signatures, and the caller's next steps. Nothing when the lot has no deal the caller may see.
 */
import { Alert, Box, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { useLiveSubscription } from '../../live/useLive.ts';
import { DealActions } from './DealActions.tsx';
import { DealDeadline } from './DealDeadline.tsx';
import { DealMilestones, DealParties, DealSignatures } from './DealFacts.tsx';
import { DealStateChip } from './DealStateChip.tsx';
import { type Deal, useLotDeal } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

/** `focus`: opened from a lot card's "Открыть сделку": the block is scrolled into view and takes the focus. */
export default function DealBlock({ lotId, focus = false }: { lotId: number; focus?: boolean }) {
  const deal = useLotDeal(lotId);
  // The deal's steps re-read the block, whichever side or administrator has it open (decisions/0261).
  useLiveSubscription('DealsStream', null);
  if (deal.isPending) return <CircularProgress size={24} aria-label={T.blockTitle} />;
  if (deal.error) return <Alert severity="error">{T.loadFailed}</Alert>;
  return deal.data ? <DealCard deal={deal.data} focus={focus} /> : null;
}

export function DealCard({ deal, focus = false }: { deal: Deal; focus?: boolean }) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focus) return;
    section.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    section.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <Paper
      ref={section}
      tabIndex={focus ? -1 : undefined}
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="deal-block"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.light', borderWidth: 1 }}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography id={headingId} variant="h6" component="h2">
            {T.blockTitle}
          </Typography>
          <DealStateChip state={deal.state} label={deal.state_label} />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="body2" color="text.secondary">
            {/* The chip says it while the offer waits for its answer; the header after. Each part stays whole. */}
            {deal.attempt === 2 && deal.state !== 'second_offer' && (
              <>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {T.attemptSecond}
                </Box>
                {' · '}
              </>
            )}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {T.youAre[deal.role]}
            </Box>
          </Typography>
        </Stack>
        <DealParties deal={deal} />
        <DealDeadline deal={deal} />
        <Divider />
        <DealSignatures deal={deal} />
        <DealMilestones deal={deal} />
        <DealActions deal={deal} />
      </Stack>
    </Paper>
  );
}
