import { AUCTION_TYPE_DESCRIPTIONS, AUCTION_TYPE_LABELS, AUCTION_TYPES } from '@etp/domain';
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { AuctionTypeIcon } from '../../components/AuctionTypeIcon.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { BannersBlock } from './BannersBlock.tsx';
import { CallRequestSection } from './CallRequestSection.tsx';
import { LandingHero } from './LandingHero.tsx';
import { LANDING_MESSAGES as T } from './messages.ts';
import { ProcedureSlider } from './ProcedureSlider.tsx';

/**
 * The public landing page (spec 3 §2.7): the hero, the schedule slider, the call-request services, the banners,
 * the formats and what the platform stands for.
 */
export function LandingPage() {
  usePageTitle(null);
  return (
    <Stack spacing={{ xs: 4, md: 6 }}>
      <LandingHero />
      <ProcedureSlider />
      <CallRequestSection />
      <BannersBlock banners={T.banners} />
      <Box component="section" aria-labelledby="landing-values">
        <Typography id="landing-values" variant="h5" component="h2" sx={{ mb: 2 }}>
          {T.valuesTitle}
        </Typography>
        <Grid container spacing={2}>
          {T.values.map((value) => (
            <Grid key={value.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {value.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {value.text}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="landing-formats">
        <Typography id="landing-formats" variant="h5" component="h2" sx={{ mb: 2 }}>
          {T.formatsTitle}
        </Typography>
        <Grid container spacing={2}>
          {AUCTION_TYPES.map((type) => (
            <Grid key={type} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <AuctionTypeIcon type={type} size={24} />
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {AUCTION_TYPE_LABELS[type]}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {AUCTION_TYPE_DESCRIPTIONS[type]}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>
    </Stack>
  );
}
