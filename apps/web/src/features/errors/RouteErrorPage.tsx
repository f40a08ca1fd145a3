import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { ERROR_MESSAGES } from './messages.ts';

/** Shown instead of the page when rendering or loading a route throws. */
export function RouteErrorPage() {
  return (
    <Container maxWidth="sm">
      <Box sx={{ py: 10 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="alert">
          <Typography variant="h4" component="h1">
            {ERROR_MESSAGES.crashTitle}
          </Typography>
          <Typography color="text.secondary">{ERROR_MESSAGES.crashHint}</Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {ERROR_MESSAGES.reload}
            </Button>
            <Button href="/">{ERROR_MESSAGES.toHome}</Button>
          </Stack>
        </Stack>
      </Box>
    </Container>
  );
}
