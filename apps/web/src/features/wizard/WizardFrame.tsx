/**
 * The wizard's frame (spec 1 §2): the stepper, the step being edited, the back and primary buttons, the summary
 * menu and the delete confirmation. Its actions are `useWizardActions`'s.
 */
import type { WizardDraftLot } from '@etp/contracts';
import { stepErrorSummary, stepsWithErrors, type WizardStep } from '@etp/domain';
import {
  Alert,
  Box,
  Button,
  Paper,
  Skeleton,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { lazy, Suspense } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { WizardSummary } from './components/WizardSummary.tsx';
import { WIZARD_MESSAGES as T } from './messages.ts';
import { AuctionTypeStep } from './steps/AuctionTypeStep.tsx';
import { useWizardActions, type WizardContext } from './useWizardActions.ts';
import type { Organiser } from './wizardApi.ts';
import { primaryButton, STEP_STATUS_TEXT, type StepStatus, stepStatus } from './wizardRules.ts';

/**
 * Steps 2 to 4 load with their step (decisions/0170): the registry's upload and tables, the settings' date pickers
 * (with dayjs) and the participants' typeahead stay out of the first load of a new procedure, which opens on step 1.
 */
const RegistryStep = lazy(async () => ({ default: (await import('./steps/RegistryStep.tsx')).RegistryStep }));
const SettingsStep = lazy(async () => ({ default: (await import('./steps/SettingsStep.tsx')).SettingsStep }));
const ParticipantsStep = lazy(async () => ({
  default: (await import('./steps/ParticipantsStep.tsx')).ParticipantsStep,
}));

/** The place of a step whose chunk is on its way: a few grey blocks the height of a form. */
function StepSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label={T.loadingStep}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}

interface FrameProps extends WizardContext {
  title: string;
  organiser: Organiser | null;
  setOrganiser: (organiser: Organiser | null) => void;
  confirmDelete: boolean;
  uploadWarnings: string[];
}

export function WizardFrame(props: FrameProps) {
  const { state, dispatch, isAdmin, now } = props;
  const actions = useWizardActions(props);
  const step = state.at.step;
  const options = { now, isAdmin };
  const statuses = Object.fromEntries(
    ([1, 2, 3, 4] as const).map((s) => [s, stepStatus(state, s, options)]),
  ) as Record<WizardStep, StepStatus>;
  const button = primaryButton(state, isAdmin);
  const summary = stepErrorSummary(stepsWithErrors(state.errors));
  const briefcaseId = state.draft?.briefcase.id ?? null;
  const b = state.draft?.briefcase;
  const content = (() => {
    switch (state.at.step) {
      case 1:
        return (
          <AuctionTypeStep
            value={state.form.auction_type}
            onChoose={(auctionType) => dispatch({ type: 'chooseType', auctionType })}
            error={state.errors.auction_type ?? state.errors.company_id}
            organiser={{
              shown: isAdmin && !state.draft,
              value: props.organiser,
              locked: Boolean(state.draft),
              onChange: (next) => {
                props.setOrganiser(next);
                dispatch({ type: 'edit', patch: {} });
              },
            }}
          />
        );
      case 2:
        return (
          <RegistryStep
            upload={state.at.upload}
            warnings={props.uploadWarnings}
            draft={state.draft}
            form={state.form}
            errors={state.errors}
            isAdmin={isAdmin}
            busy={state.saving}
            onFile={actions.onFile}
            onDelete={() => props.setConfirmDelete(true)}
            onAgree={actions.agree}
            onSkip={actions.skip}
            onLots={(lots: WizardDraftLot[]) => dispatch({ type: 'lotsChanged', lots })}
            onChange={(patch) => dispatch({ type: 'edit', patch })}
            onMatchingLoaded={actions.onMatchingLoaded}
            onMatch={(index, value) => dispatch({ type: 'matchColumn', index, value })}
            onReopenMatching={() => dispatch({ type: 'matchingReopened' })}
            onCloseMatching={() => dispatch({ type: 'matchingClosed' })}
          />
        );
      case 3:
        return (
          <SettingsStep
            briefcaseId={b?.id ?? 0}
            form={state.form}
            lots={state.draft?.lots ?? []}
            errors={state.errors}
            isAdmin={isAdmin}
            active={b?.briefcase_state === 'active'}
            documentsLocked={!isAdmin && b?.briefcase_state !== 'created' && b?.briefcase_state !== 'pending'}
            now={now}
            onChange={(patch) => dispatch({ type: 'edit', patch })}
          />
        );
      case 4:
        return (
          <ParticipantsStep
            briefcaseId={b?.id ?? 0}
            form={state.form}
            errors={state.errors}
            isAdmin={isAdmin}
            onChange={(patch) => dispatch({ type: 'edit', patch })}
          />
        );
    }
  })();

  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          briefcaseId &&
          (b?.briefcase_state === 'created' || b?.briefcase_state === 'pending') && (
            <Button color="error" variant="outlined" onClick={() => props.setConfirmDelete(true)}>
              {T.deleteBriefcase}
            </Button>
          )
        }
      />
      {b?.rejection_note && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {T.rejectedNote(b.rejection_note)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Paper ref={actions.frameRef} variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
          <Stack spacing={3}>
            <Stepper activeStep={step - 1} alternativeLabel sx={{ display: { xs: 'none', md: 'flex' } }}>
              {T.steps.map((label, i) => {
                const s = (i + 1) as WizardStep;
                return (
                  <Step key={label} completed={statuses[s] === 'filled'}>
                    <StepLabel
                      error={statuses[s] === 'error'}
                      optional={
                        <Typography
                          variant="caption"
                          color={statuses[s] === 'error' ? 'error' : 'text.secondary'}
                        >
                          {STEP_STATUS_TEXT[statuses[s]]}
                        </Typography>
                      }
                    >
                      {label}
                    </StepLabel>
                  </Step>
                );
              })}
            </Stepper>
            <Box sx={{ display: { xs: 'block', md: 'none' } }}>
              <Typography variant="overline" color="text.secondary">
                {T.stepShort(step)} из 4 · {STEP_STATUS_TEXT[statuses[step]]}
              </Typography>
              <Typography variant="h6" component="p">
                {T.steps[step - 1]}
              </Typography>
            </Box>
            <Typography variant="h5" component="h2" sx={{ display: { xs: 'none', md: 'block' } }}>
              {T.steps[step - 1]}
            </Typography>
            {summary && (
              <Alert severity="error" role="alert">
                {summary}
              </Alert>
            )}
            <Suspense fallback={<StepSkeleton />}>{content}</Suspense>
            {state.failure && (
              <Alert severity="error" role="alert" data-testid="wizard-failure">
                {state.failure}
              </Alert>
            )}
            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', pt: 1 }}
            >
              <Button
                variant="outlined"
                disabled={step === 1 || state.saving}
                onClick={() => dispatch({ type: 'goTo', step: (step - 1) as WizardStep })}
              >
                {T.back}
              </Button>
              <Button
                variant="contained"
                size="large"
                disabled={button.disabled}
                onClick={() => actions.primary(button.action)}
              >
                {button.text}
              </Button>
            </Stack>
          </Stack>
        </Paper>
        <WizardSummary
          current={step}
          statuses={statuses}
          canGo={actions.canGo}
          onGo={(target) => dispatch({ type: 'goTo', step: target })}
          form={state.form}
          draft={state.draft}
          organiserName={isAdmin ? (props.organiser?.company_name ?? b?.creator_company_name ?? null) : null}
        />
      </Box>
      <ConfirmDialog
        open={props.confirmDelete}
        title={T.deleteTitle}
        text={T.deleteText}
        confirmLabel={T.deleteBriefcase}
        danger
        onConfirm={actions.remove}
        onClose={() => props.setConfirmDelete(false)}
      />
    </>
  );
}
