/** The charts' ten fixed colours (spec 2 §9), legible on white and in print; a series past ten wraps around. */
const CHART_PALETTE = [
  '#1f6fd1',
  '#f08c2e',
  '#2e9e6a',
  '#d9485f',
  '#7b5cc4',
  '#1aa3b8',
  '#b5892a',
  '#e06fae',
  '#5c6f84',
  '#8fb339',
] as const;

export const paletteColour = (i: number): string => CHART_PALETTE[i % CHART_PALETTE.length]!;
