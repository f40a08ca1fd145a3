import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSignedIn } from '../../api/useSignedIn.ts';
import { LANDING_MESSAGES as T } from './messages.ts';

/** The top of the landing page: what the platform is and how to get in. */
export function LandingHero() {
  const signedIn = useSignedIn();
  return (
    <Box
      sx={{
        borderRadius: 4,
        px: { xs: 3, md: 8 },
        py: { xs: 5, md: 9 },
        color: 'common.white',
        background: 'linear-gradient(135deg, #0f1b40 0%, #1a2b5f 55%, #2c4a9a 100%)',
      }}
    >
      <Typography variant="h3" component="h1" sx={{ maxWidth: 760, fontSize: { xs: '1.9rem', md: '3rem' } }}>
        {T.title}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 720, fontWeight: 400, opacity: 0.85 }}>
        {T.lead}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
        {signedIn ? (
          <Button component={RouterLink} to="/briefcases" size="large" variant="contained" color="secondary">
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
  );
}
