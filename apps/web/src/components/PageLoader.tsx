import { Box, CircularProgress } from '@mui/material';

/** A centred spinner for a page whose data is on its way. */
export function PageLoader({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress size={36} />
    </Box>
  );
}
