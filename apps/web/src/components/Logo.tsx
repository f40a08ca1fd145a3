import { Box } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The "ЭТП РД" wordmark, a link to the landing page. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="ЭТП РД — на главную"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'inherit' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: 1.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 13,
          letterSpacing: 0.5,
        }}
      >
        РД
      </Box>
      <Box component="span" sx={{ fontWeight: 700, fontSize: 20, letterSpacing: 0.3, color: 'primary.dark' }}>
        ЭТП&nbsp;РД
      </Box>
    </Box>
  );
}
