import { Alert, Button, Paper, Stack, Step, StepLabel, Stepper } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { WIZARD_MESSAGES as T } from './messages.ts';

/** /briefcases/new and /briefcases/new/{id}: the wizard's frame with its four steps; the steps come later. */
export function WizardPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeader title={id ? T.editTitle(id) : T.createTitle} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={3}>
          <Stepper activeStep={-1} alternativeLabel sx={{ display: { xs: 'none', md: 'flex' } }}>
            {T.steps.map((step) => (
              <Step key={step}>
                <StepLabel>{step}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Stepper activeStep={-1} orientation="vertical" sx={{ display: { xs: 'flex', md: 'none' } }}>
            {T.steps.map((step) => (
              <Step key={step}>
                <StepLabel>{step}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Alert severity="info" variant="outlined">
            {T.connecting}
          </Alert>
          <div>
            <Button component={RouterLink} to="/briefcases" variant="outlined">
              {T.backToList}
            </Button>
          </div>
        </Stack>
      </Paper>
    </>
  );
}
