import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface KeyValueRow {
  label: string;
  value: ReactNode;
}

interface KeyValueTableProps {
  rows: readonly KeyValueRow[];
  caption?: string;
  /** Flow the lines into two columns on wide screens. */
  twoColumns?: boolean;
}

/** Facts as label / value lines; label and value side by side on wide screens, stacked on phones. */
export function KeyValueTable({ rows, caption, twoColumns = false }: KeyValueTableProps) {
  return (
    <Box
      component="dl"
      aria-label={caption}
      sx={{ m: 0, columnCount: twoColumns ? { xs: 1, lg: 2 } : 1, columnGap: 6 }}
    >
      {rows.map((row) => (
        <Box
          key={row.label}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(200px, 2fr) 3fr' },
            gap: { xs: 0.25, sm: 2 },
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            breakInside: 'avoid',
            '&:last-of-type': { borderBottom: 0 },
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
