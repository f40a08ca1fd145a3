import { fillingPercentColor } from '@etp/domain';
import { Box, Tooltip } from '@mui/material';
import { FILLING_COLOURS, FILLING_TEXT_COLOURS } from '../lib/fillingColours.ts';

/** The portfolio's filling percentage on its spec colour (over 89 purple, over 79 blue, else amber). */
export function FillingBadge({ percent, hint }: { percent: number; hint: string }) {
  const tone = fillingPercentColor(percent);
  const colour = FILLING_COLOURS[tone];
  return (
    <Tooltip title={hint} arrow>
      <Box
        component="span"
        aria-label={`${hint}: ${Math.round(percent)}%`}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          px: 1,
          height: 24,
          borderRadius: 12,
          fontSize: 13,
          fontWeight: 700,
          color: FILLING_TEXT_COLOURS[tone],
          border: 1.5,
          borderColor: colour,
          bgcolor: `${colour}14`,
          whiteSpace: 'nowrap',
        }}
      >
        {Math.round(percent)}%
      </Box>
    </Tooltip>
  );
}
