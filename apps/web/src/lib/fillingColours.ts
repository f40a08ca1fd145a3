import type { FillingColor } from '@etp/domain';

/** Hex colours of the filling-percentage badge (spec 2 §9: over 89 purple, over 79 blue, else amber). */
export const FILLING_COLOURS: Readonly<Record<FillingColor, string>> = {
  purple: '#7b1fa2',
  blue: '#1565c0',
  amber: '#ff8f00',
};

/** The badge's text: the same hue, dark enough to read at 4.5:1 on the badge's tint. */
export const FILLING_TEXT_COLOURS: Readonly<Record<FillingColor, string>> = {
  purple: '#7b1fa2',
  blue: '#1565c0',
  amber: '#8f4d00',
};
