import { AUCTION_TYPE_DESCRIPTIONS, AUCTION_TYPE_LABELS, AUCTION_TYPES } from '@etp/domain';
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSignedIn } from '../../api/useSignedIn.ts';
import { AuctionTypeIcon } from '../../components/AuctionTypeIcon.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { LANDING_MESSAGES as T } from './messages.ts';

/** The public landing page: what the platform is and how to get in. The procedure slider comes later. */
export function LandingPage() {
  usePageTitle(null);
  const signedIn = useSignedIn();
  return (
    <Stack spacing={{ xs: 4, md: 6 }}>
      <Box
        sx={{
          borderRadius: 4,
          px: { xs: 3, md: 8 },
          py: { xs: 5, md: 9 },
          color: 'common.white',
          background: 'linear-gradient(135deg, #0f1b40 0%, #1a2b5f 55%, #2c4a9a 100%)',
        }}
      >
        <Typography
          variant="h3"
          component="h1"
          sx={{ maxWidth: 760, fontSize: { xs: '1.9rem', md: '3rem' } }}
        >
          {T.title}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 720, fontWeight: 400, opacity: 0.85 }}>
          {T.lead}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
          {signedIn ? (
            <Button
              component={RouterLink}
              to="/briefcases"
              size="large"
              variant="contained"
              color="secondary"
            >
              {T.toFeed}
            </Button>
          ) : (
            <>
              <Button
                component={RouterLink}
                to="/users/sign_in"
                size="large"
                variant="contained"
                color="secondary"
              >
                {T.signIn}
              </Button>
              <Button
                component={RouterLink}
                to="/users/sign_up"
                size="large"
                variant="outlined"
                sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,.6)' }}
              >
                {T.signUp}
              </Button>
            </>
          )}
        </Stack>
      </Box>

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
