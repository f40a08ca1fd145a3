import { Alert, AlertTitle, Container } from '@mui/material';
import { useState } from 'react';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { useDemoSimulation } from '../../api/useServerTime.ts';
import { safeStorage } from '../../lib/safeStorage.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

const { demoSimulation } = LAYOUT_MESSAGES;

/**
 * Tells an administrator that the demo simulator bids as the demo buyers on this server (GET /time says so), so
 * bids nobody here placed are not taken for a fault (issue 29). Hidden for the tab's session once closed.
 */
export function DemoSimulationBanner() {
  const { user } = useCurrentUser();
  const running = useDemoSimulation();
  const [dismissed, setDismissed] = useState(
    () => safeStorage.get('session', STORAGE_KEYS.demoSimulationBannerDismissed) === '1',
  );
  if (!running || user?.role !== 'admin' || dismissed) return null;
  const dismiss = () => {
    safeStorage.set('session', STORAGE_KEYS.demoSimulationBannerDismissed, '1');
    setDismissed(true);
  };
  return (
    <Container maxWidth="xl" sx={{ pt: 2 }}>
      <Alert
        severity="info"
        variant="outlined"
        onClose={dismiss}
        slotProps={{ closeButton: { title: demoSimulation.close, 'aria-label': demoSimulation.close } }}
        sx={{ bgcolor: 'background.paper' }}
        data-testid="demo-simulation-banner"
      >
        <AlertTitle>{demoSimulation.title}</AlertTitle>
        {demoSimulation.text}
      </Alert>
    </Container>
  );
}
