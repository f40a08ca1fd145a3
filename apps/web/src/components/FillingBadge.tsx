import { fillingPercentColor } from '@etp/domain';
import { Box } from '@mui/material';
import { DeferredTooltip } from './DeferredTooltip.tsx';

/** The portfolio's filling percentage on its spec colour (over 89 purple, over 79 blue, else amber), from the theme. */
export function FillingBadge({ percent, hint }: { percent: number; hint: string }) {
  const tone = fillingPercentColor(percent);
  return (
    <DeferredTooltip title={hint} arrow>
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
          color: (theme) => theme.palette.filling[tone].text,
          border: 1.5,
          borderColor: (theme) => theme.palette.filling[tone].main,
          bgcolor: (theme) => `${theme.palette.filling[tone].main}14`,
          whiteSpace: 'nowrap',
        }}
      >
        {Math.round(percent)}%
      </Box>
    </DeferredTooltip>
  );
}
