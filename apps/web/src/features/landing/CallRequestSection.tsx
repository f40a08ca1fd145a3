import type { CallRequestMode } from '@etp/contracts';
import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import ViewModuleOutlinedIcon from '@mui/icons-material/ViewModuleOutlined';
import { Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { useState } from 'react';
import { CallRequestDialog } from './CallRequestDialog.tsx';
import { LANDING_MESSAGES as T } from './messages.ts';

const ICONS: Record<CallRequestMode, typeof CalculateOutlinedIcon> = {
  estimate_portfolios: CalculateOutlinedIcon,
  tune_lotting: ViewModuleOutlinedIcon,
  find_debtor_inn: PersonSearchOutlinedIcon,
};
/** The three modes in their order (keys of a Record over the contract's type, so none can be missed). */
const MODES = Object.keys(ICONS) as CallRequestMode[];

/** The three services a visitor may ask a call about (spec 3 §2.7); each opens the call request in its mode. */
export function CallRequestSection() {
  const [mode, setMode] = useState<CallRequestMode | null>(null);
  return (
    <Box component="section" aria-labelledby="landing-services">
      <Typography id="landing-services" variant="h5" component="h2" sx={{ mb: 2 }}>
        {T.servicesTitle}
      </Typography>
      <Grid container spacing={2}>
        {MODES.map((option) => {
          const Icon = ICONS[option];
          return (
            <Grid key={option} size={{ xs: 12, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
                  <Icon color="primary" sx={{ fontSize: 32 }} />
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {T.services[option].title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {T.services[option].text}
                  </Typography>
                  <Button
                    variant="outlined"
                    onClick={() => setMode(option)}
                    sx={{ alignSelf: 'flex-start' }}
                    aria-label={`${T.requestCall}: ${T.services[option].title}`}
                  >
                    {T.requestCall}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <CallRequestDialog key={mode ?? 'closed'} mode={mode} onClose={() => setMode(null)} />
    </Box>
  );
}
