import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/usePageTitle.ts';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (below the title on phones). */
  actions?: ReactNode;
  /** Sets the browser tab title too (default true). */
  setsDocumentTitle?: boolean;
}

/** The page's h1 with an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions, setsDocumentTitle = true }: PageHeaderProps) {
  usePageTitle(setsDocumentTitle ? title : null);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
