import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Share } from './analyticsView.ts';
import { legendWindow } from './analyticsView.ts';
import { paletteColour } from './chartPalette.ts';
import { ANALYTICS_MESSAGES as M } from './messages.ts';
import { usePrintMode } from './PrintModeContext.ts';

interface ShareLegendProps {
  title: string;
  items: readonly Share[];
  /** Extra text after the percentage (money, a count). */
  detail?: (item: Share) => string;
  /** Colour of item i; the palette by default. */
  colour?: (i: number) => string;
  /** Items shown before the button (the spec's 8, or the map's own cap). */
  window?: (count: number, expanded: boolean) => { shown: number; hidden: number };
}

/** A chart's legend: colour, title, percentage; long ones fold behind "Показать ещё N" (spec 2 §2). */
export function ShareLegend({
  title,
  items,
  detail,
  colour = paletteColour,
  window = legendWindow,
}: ShareLegendProps) {
  const [expanded, setExpanded] = useState(false);
  const printing = usePrintMode();
  const open = expanded || printing;
  const { shown, hidden } = window(items.length, open);
  const foldable = !printing && (hidden > 0 || (expanded && window(items.length, false).hidden > 0));
  return (
    <Box>
      <Stack
        component="ul"
        aria-label={M.legendOf(title)}
        spacing={0.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {items.slice(0, shown).map((item, i) => (
          <Stack
            component="li"
            key={`${item.title}:${item.value}`}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'baseline' }}
          >
            <Box
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colour(i), flex: 'none', mt: '3px' }}
            />
            {/* The whole title wraps in view: no tooltip repeating it (it put a prohibited aria-label on a <p>). */}
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.title}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {item.percent}
              {detail && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' · '}
                  {detail(item)}
                </Typography>
              )}
            </Typography>
          </Stack>
        ))}
      </Stack>
      {foldable && (
        <Button size="small" onClick={() => setExpanded((v) => !v)} sx={{ mt: 0.5, displayPrint: 'none' }}>
          {hidden > 0 ? M.showMore(hidden) : M.collapse}
        </Button>
      )}
    </Box>
  );
}
