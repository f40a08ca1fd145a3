/**
 * The platform's look: a deep navy/indigo primary on clean white surfaces, Roboto, compact but airy spacing,
 * quiet outlines instead of heavy shadows (a trading venue, not a landing page). ruRU localises MUI's own texts.
 */
import type { FillingColor } from '@etp/domain';
import { createTheme } from '@mui/material';
import { ruRU } from '@mui/material/locale';
import type {} from '@mui/x-charts/themeAugmentation';

/** A colour of the filling-percentage badge: its outline and tint (`main`) and its text, readable on the tint. */
interface FillingTone {
  main: string;
  text: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    /** The filling-percentage badge (spec 2 §9: over 89 purple, over 79 blue, else amber). */
    filling: Record<FillingColor, FillingTone>;
  }
  interface PaletteOptions {
    filling?: Record<FillingColor, FillingTone>;
  }
}

const NAVY = '#1a2b5f';

export const theme = createTheme(
  {
    palette: {
      primary: { main: NAVY, light: '#3f51a3', dark: '#0f1b40', contrastText: '#ffffff' },
      secondary: { main: '#0f7b8a', contrastText: '#ffffff' },
      success: { main: '#2e7d32' },
      // dark carries white text at 5:1 (the ending-soon chip).
      warning: { main: '#ed6c02', dark: '#b54d00' },
      error: { main: '#c62828' },
      info: { main: '#1565c0' },
      background: { default: '#f4f6fb', paper: '#ffffff' },
      text: { primary: '#17203a', secondary: '#5b6478' },
      divider: '#e3e7f0',
      // Amber text is a darker amber: #ff8f00 itself reads at 2.1:1 on its own tint (WCAG AA asks 4.5:1).
      filling: {
        purple: { main: '#7b1fa2', text: '#7b1fa2' },
        blue: { main: '#1565c0', text: '#1565c0' },
        amber: { main: '#ff8f00', text: '#9a5200' },
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700, letterSpacing: -0.5 },
      h4: { fontWeight: 700, fontSize: '1.75rem', letterSpacing: -0.25 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600, fontSize: '1.1rem' },
      subtitle1: { fontWeight: 500 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // A person who asked their system for less motion (WCAG 2.3.3) gets none: dialogs, ripples and spinners stand
      // still, and what moves by a transition is at once where it goes.
      MuiCssBaseline: {
        styleOverrides: {
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiPaper: { styleOverrides: { outlined: { borderColor: '#e3e7f0' } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { color: 'inherit' } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 500, minHeight: 48 } } },
      MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
      // A spinner always has a name for screen readers (axe: aria-progressbar-name); a caller may give its own.
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Загрузка…' } },
      MuiTooltip: { styleOverrides: { tooltip: { fontSize: '0.8rem', lineHeight: 1.45 } } },
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiSelect: { defaultProps: { size: 'small' } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      // MUI X Charts ships no Russian texts: an empty chart says "Нет данных" (spec 2 §8), never "No data to display".
      MuiChartsLocalizationProvider: {
        defaultProps: { localeText: { noData: 'Нет данных', loading: 'Загрузка…' } },
      },
    },
  },
  ruRU,
);
