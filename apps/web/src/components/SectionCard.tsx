import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  hint?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  /** An id for aria-labelledby and for tests. */
  id?: string;
}

/** A titled block of a settings-like page (profile, company). */
export function SectionCard({ title, hint, actions, children, id }: SectionCardProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {hint && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {hint}
            </Typography>
          )}
        </Box>
        {actions}
      </Stack>
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}
