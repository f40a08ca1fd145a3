import { ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { closeSnackbar, enqueueSnackbar, SnackbarHost } from './snackbars.tsx';

describe('snackbars before notistack has arrived', () => {
  it('keeps them in order with their keys and shows them once the host has mounted notistack', async () => {
    const dropped = enqueueSnackbar('Снята до загрузки', { variant: 'info' });
    enqueueSnackbar('Первая', { variant: 'success' });
    closeSnackbar(dropped);
    render(
      <ThemeProvider theme={theme}>
        <SnackbarHost maxSnack={4} />
      </ThemeProvider>,
    );
    expect(await screen.findByText('Первая', {}, { timeout: 10_000 })).toBeInTheDocument();
    enqueueSnackbar('Вторая');
    expect(await screen.findByText('Вторая')).toBeInTheDocument();
    expect(screen.queryByText('Снята до загрузки')).not.toBeInTheDocument();
  });
});
