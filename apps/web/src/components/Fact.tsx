import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DeferredTooltip } from './DeferredTooltip.tsx';

interface FactProps {
  label: string;
  /** A longer explanation of the label, in a tooltip. */
  hint?: string;
  children: ReactNode;
}

/** A small label over a value, for compact fact grids on cards. */
export function Fact({ label, hint, children }: FactProps) {
  const caption = (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
      {label}
    </Typography>
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      {hint ? (
        <DeferredTooltip title={hint} arrow placement="top-start">
          {caption}
        </DeferredTooltip>
      ) : (
        caption
      )}
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} noWrap>
        {children}
      </Typography>
    </Box>
  );
}
