import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/usePageTitle.ts';

interface AuthFrameProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in, registration and password screen sits in. */
export function AuthFrame({ title, lead, children, footer }: AuthFrameProps) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, md: 4 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {lead && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {lead}
              </Typography>
            )}
          </Box>
          {children}
          {footer}
        </Stack>
      </Paper>
    </Box>
  );
}
