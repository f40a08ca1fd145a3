import type { BriefcaseCardAttributes } from '@etp/contracts';
import { Box, Paper, Typography } from '@mui/material';
import { summaryTiles } from './summaryTiles.ts';

/** Six (four for bank_to_bank) figures of the portfolio in a responsive grid. */
export function SummaryTiles({ briefcase }: { briefcase: BriefcaseCardAttributes }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
        '@media print': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {summaryTiles(briefcase).map((tile) => (
        <Paper
          component="li"
          key={tile.key}
          variant="outlined"
          data-tile={tile.key}
          sx={{ p: 1.5, breakInside: 'avoid' }}
        >
          <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}>
            {tile.value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {tile.label}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
