import { AUCTION_TYPE_DESCRIPTIONS, AUCTION_TYPE_LABELS, AUCTION_TYPES, type AuctionType } from '@etp/domain';
import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { AuctionTypeIcon } from '../../../components/AuctionTypeIcon.tsx';
import { DeferredTooltip } from '../../../components/DeferredTooltip.tsx';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import type { Organiser } from '../wizardApi.ts';

/** The administrator's company typeahead (MUI Autocomplete and Popper): only administrators load it. */
const OrganiserPicker = lazy(() => import('../components/OrganiserPicker.tsx'));

interface AuctionTypeStepProps {
  value: AuctionType;
  onChoose: (type: AuctionType) => void;
  error?: string;
  /** Administrators pick the company the procedure is created for. */
  organiser: {
    shown: boolean;
    value: Organiser | null;
    onChange: (organiser: Organiser | null) => void;
    locked: boolean;
  };
}

/** Step 1: the four auction formats as cards with the dictionary's names and tooltips (spec 1 §2). */
export function AuctionTypeStep({ value, onChoose, error, organiser }: AuctionTypeStepProps) {
  return (
    <Stack spacing={3}>
      {organiser.shown && (
        <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
          <OrganiserPicker value={organiser.value} onChange={organiser.onChange} locked={organiser.locked} />
        </Suspense>
      )}
      <Typography variant="h6" component="h2" id="auction-type-label">
        {T.chooseType}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby="auction-type-label"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {AUCTION_TYPES.map((type) => {
          const selected = type === value;
          return (
            <DeferredTooltip key={type} title={AUCTION_TYPE_DESCRIPTIONS[type]} placement="top">
              <Card
                variant="outlined"
                sx={{
                  borderColor: selected ? 'primary.main' : undefined,
                  borderWidth: selected ? 2 : 1,
                  bgcolor: selected ? 'action.selected' : undefined,
                }}
              >
                <CardActionArea
                  role="radio"
                  aria-checked={selected}
                  onClick={() => onChoose(type)}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <AuctionTypeIcon type={type} />
                      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 500 }}>
                        {AUCTION_TYPE_LABELS[type]}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {AUCTION_TYPE_DESCRIPTIONS[type]}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </DeferredTooltip>
          );
        })}
      </Box>
      {error && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
