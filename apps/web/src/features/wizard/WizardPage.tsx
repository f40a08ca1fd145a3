/**
 * /briefcases/new and /briefcases/new/{id}: the wizard (spec 1 §2). The route's id keys the wizard, so the
 * upload that creates the procedure moves to /briefcases/new/{id} and a reload there restores the server's draft.
 */
import type { WizardDraft, WizardDraftLot } from '@etp/contracts';
import {
  NOT_A_SELLER_TEXT,
  REGISTRY_MAX_BYTES,
  stepErrorSummary,
  stepsWithErrors,
  type WizardStep,
} from '@etp/domain';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { useServerTime } from '../../api/useServerTime.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useSnackbar } from '../../lib/snackbars.tsx';
import { maySell } from '../access/hasFullAccess.ts';
import { WizardSummary } from './components/WizardSummary.tsx';
import { WIZARD_MESSAGES as T } from './messages.ts';
import { AuctionTypeStep } from './steps/AuctionTypeStep.tsx';
import {
  agreePersonalData,
  applyDraft,
  checkMatching,
  deleteBriefcase,
  loadDraft,
  type Organiser,
  saveDraft,
  skipPersonalData,
  uploadRegistry,
  wizardKeys,
} from './wizardApi.ts';
import { saveBodyOf } from './wizardForm.ts';
import { wizardReducer } from './wizardMachine.ts';
import { blockingErrors, primaryButton, type StepStatus, stepStatus } from './wizardRules.ts';
import type { WizardState } from './wizardState.ts';

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

export function WizardPage() {
  const { id } = useParams();
  return <Wizard key={id ?? 'new'} id={id ? Number(id) : null} />;
}

type Editing = Extract<WizardState, { phase: 'editing' }>;

const firstMessages = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([key, list]) => [key, list[0] ?? '']));

function useNow(offsetMs: number) {
  const [now, setNow] = useState(() => new Date(Date.now() + offsetMs));
  useEffect(() => {
    setNow(new Date(Date.now() + offsetMs));
    const timer = setInterval(() => setNow(new Date(Date.now() + offsetMs)), 30_000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

function Wizard({ id }: { id: number | null }) {
  const { user } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const navigate = useNavigate();
  const location = useLocation();
  const entry = location.state as WizardLocationState | null;
  const fromAdmin = entry?.from === 'admin';
  // Notes on where the registry was read from (hidden sheets, another sheet or row); they survive the move to
  // the procedure's own address after the upload that created it.
  const [uploadWarnings, setUploadWarnings] = useState<string[]>(entry?.uploadWarnings ?? []);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const now = useNow(useServerTime().offsetMs);
  const [state, dispatch] = useReducer(
    wizardReducer,
    id,
    (initial): WizardState =>
      initial === null ? wizardReducer({ phase: 'loading' }, { type: 'start' }) : { phase: 'loading' },
  );
  const [organiser, setOrganiser] = useState<Organiser | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const draftQuery = useQuery({
    queryKey: wizardKeys.draft(id ?? 0),
    queryFn: ({ signal }) => loadDraft(id!, signal),
    enabled: id !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (draftQuery.data && state.phase === 'loading') dispatch({ type: 'loaded', draft: draftQuery.data });
  }, [draftQuery.data, state.phase]);

  const title = id ? T.editTitle(id) : T.createTitle;
  if (id === null && user && !maySell(user)) {
    // The server refuses the upload anyway; the page says why at once instead of after a file (decision 0068).
    return (
      <>
        <PageHeader title={title} />
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/profile/client">
              {T.toCompany}
            </Button>
          }
        >
          {NOT_A_SELLER_TEXT}
        </Alert>
      </>
    );
  }
  if (state.phase === 'loading') {
    return (
      <>
        <PageHeader title={title} />
        {draftQuery.isError ? (
          <Alert severity="error">
            {draftQuery.error instanceof ApiError ? draftQuery.error.message : T.loadFailed}
          </Alert>
        ) : (
          <PageLoader />
        )}
      </>
    );
  }
  if (state.phase === 'submitted') {
    return (
      <>
        <PageHeader title={title} />
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to={`/briefcases/${state.id}`}>
              {T.toCard}
            </Button>
          }
        >
          {state.message}
        </Alert>
      </>
    );
  }
  return (
    <WizardFrame
      state={state}
      dispatch={dispatch}
      id={id}
      title={title}
      isAdmin={isAdmin}
      fromAdmin={fromAdmin}
      companyId={
        isAdmin ? (organiser?.id ?? state.draft?.briefcase.company_id ?? null) : (user?.company_id ?? null)
      }
      organiser={organiser}
      setOrganiser={setOrganiser}
      now={now}
      onDraft={(draft) => queryClient.setQueryData(wizardKeys.draft(draft.briefcase.id), draft)}
      navigate={navigate}
      notify={(text, variant) => enqueueSnackbar(text, { variant })}
      confirmDelete={confirmDelete}
      setConfirmDelete={setConfirmDelete}
      uploadWarnings={uploadWarnings}
      setUploadWarnings={setUploadWarnings}
    />
  );
}

interface WizardLocationState {
  from?: 'admin';
  uploadWarnings?: string[];
}

interface FrameProps {
  state: Editing;
  dispatch: React.Dispatch<Parameters<typeof wizardReducer>[1]>;
  id: number | null;
  title: string;
  isAdmin: boolean;
  fromAdmin: boolean;
  companyId: number | null;
  organiser: Organiser | null;
  setOrganiser: (organiser: Organiser | null) => void;
  now: Date;
  onDraft: (draft: WizardDraft) => void;
  navigate: ReturnType<typeof useNavigate>;
  notify: (text: string, variant: 'success' | 'error' | 'info') => void;
  confirmDelete: boolean;
  setConfirmDelete: (open: boolean) => void;
  uploadWarnings: string[];
  setUploadWarnings: (warnings: string[]) => void;
}

function WizardFrame(props: FrameProps) {
  const { state, dispatch, id, isAdmin, now } = props;
  const queryClient = useQueryClient();
  const step = state.at.step;
  const options = { now, isAdmin };
  const statuses = Object.fromEntries(
    ([1, 2, 3, 4] as const).map((s) => [s, stepStatus(state, s, options)]),
  ) as Record<WizardStep, StepStatus>;
  const button = primaryButton(state, isAdmin);
  const errorSteps = stepsWithErrors(state.errors);
  const summary = stepErrorSummary(errorSteps);
  const briefcaseId = state.draft?.briefcase.id ?? null;
  // Errors just shown (the step's checks or the server's reply): the first is scrolled into view.
  const frameRef = useRef<HTMLDivElement>(null);
  const [shownErrors, setShownErrors] = useState(0);
  useEffect(() => {
    if (shownErrors === 0) return;
    const timer = setTimeout(() => revealFirstError(frameRef.current), 0);
    return () => clearTimeout(timer);
  }, [shownErrors]);
  const invalid = (errors: Record<string, string>) => {
    dispatch({ type: 'invalid', errors });
    setShownErrors((n) => n + 1);
  };

  const canGo = (target: WizardStep) => {
    if (target <= step) return true;
    if (target > 2 && !state.draft) return false;
    for (let s = 1 as WizardStep; s < target; s = (s + 1) as WizardStep)
      if (Object.keys(blockingErrors(state, s, options)).length > 0) return false;
    return true;
  };

  /**
   * A refused call: the reply's field errors go beside their fields (spec 1 §5), its message beside the button
   * that was pressed; the first of them is scrolled into view.
   */
  const failWith = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.errors).length > 0)
      dispatch({ type: 'invalid', errors: firstMessages(error.errors) });
    dispatch({ type: 'failed', message: error instanceof ApiError ? error.message : String(error) });
    setShownErrors((n) => n + 1);
  };

  const save = async (body: Record<string, unknown>) => {
    const draft = await saveDraft(briefcaseId!, body);
    props.onDraft(draft);
    return draft;
  };

  const next = async () => {
    const errors = blockingErrors(state, step, options);
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (step === 1 && !state.draft) return dispatch({ type: 'goTo', step: 2 });
    if (!briefcaseId) return invalid({ source: T.fileHint });
    dispatch({ type: 'saving' });
    try {
      const draft = await save(saveBodyOf(state.form, step, isAdmin));
      dispatch({ type: 'saved', draft, step: Math.min(4, step + 1) as WizardStep, saved: step });
      window.scrollTo({ top: 0 });
    } catch (error) {
      failWith(error);
    }
  };

  const apply = async () => {
    const errors = blockingErrors(state, 4, options);
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (!briefcaseId) return;
    dispatch({ type: 'saving' });
    try {
      await save(saveBodyOf(state.form, 4, isAdmin));
      const reply = await applyDraft(briefcaseId);
      props.notify(reply.message ?? T.submittedTitle, 'success');
      dispatch({ type: 'applied', id: briefcaseId, message: reply.message ?? T.submittedTitle });
      props.navigate(`/briefcases/${briefcaseId}`);
    } catch (error) {
      failWith(error);
    }
  };

  const saveChanges = async () => {
    if (!briefcaseId) return;
    dispatch({ type: 'saving' });
    try {
      const draft = await save(saveBodyOf(state.form, step, isAdmin));
      dispatch({ type: 'saved', draft, step, saved: step });
      props.notify('Изменения сохранены', 'success');
      props.navigate('/admin/briefcases');
    } catch (error) {
      failWith(error);
    }
  };

  const onFile = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      dispatch({ type: 'uploadStarted', fileName: file.name });
      return dispatch({ type: 'uploadFailed', message: T.wrongFormat, errors: [], reportId: null });
    }
    if (file.size > REGISTRY_MAX_BYTES) {
      dispatch({ type: 'uploadStarted', fileName: file.name });
      return dispatch({ type: 'uploadFailed', message: T.tooLarge, errors: [], reportId: null });
    }
    if (props.companyId === null) {
      dispatch({ type: 'goTo', step: 1 });
      return dispatch({ type: 'invalid', errors: { company_id: 'Должно быть заполнено' } });
    }
    dispatch({ type: 'uploadStarted', fileName: file.name });
    props.setUploadWarnings([]);
    try {
      const outcome = await uploadRegistry({
        file,
        auctionType: state.form.auction_type,
        companyId: props.companyId,
        briefcaseId,
        onProgress: (percent) => dispatch({ type: 'uploadProgress', percent }),
      });
      const warnings = outcome.kind === 'refused' ? outcome.warnings : outcome.data.warnings;
      props.setUploadWarnings(warnings);
      if (outcome.kind === 'refused')
        return dispatch({
          type: 'uploadFailed',
          message: outcome.message,
          errors: outcome.errors,
          reportId: outcome.reportId,
        });
      const createdId = outcome.data.briefcase_id!;
      const draft = await loadDraft(createdId);
      props.onDraft(draft);
      if (createdId !== id) {
        // The wizard re-opens on the procedure's own address; the draft is already cached.
        props.navigate(`/briefcases/new/${createdId}`, {
          replace: true,
          state: {
            ...(props.fromAdmin ? { from: 'admin' } : {}),
            uploadWarnings: warnings,
          } satisfies WizardLocationState,
        });
        return;
      }
      if (outcome.kind === 'personalData')
        dispatch({ type: 'uploadPersonalData', draft, findings: outcome.findings });
      else dispatch({ type: 'uploadDone', draft, mismatch: outcome.data.excel_custom });
    } catch (error) {
      dispatch({
        type: 'uploadFailed',
        message: error instanceof ApiError ? error.message : T.processingFailed,
        errors: [],
        reportId: null,
      });
    }
  };

  /** 'Проверить': the kept custom file is checked and stored with the seller's matching, then lotted. */
  const check = async () => {
    const upload = state.at.step === 2 ? state.at.upload : null;
    if (!briefcaseId || upload?.kind !== 'mismatch' || !upload.map) return;
    dispatch({ type: 'checkStarted' });
    try {
      const outcome = await checkMatching(briefcaseId, upload.map, (percent) =>
        dispatch({ type: 'checkProgress', percent }),
      );
      // The notes are those of this read of the file with the seller's matching: a note that the platform
      // template's headers were not found no longer applies once the columns are matched.
      props.setUploadWarnings(outcome.kind === 'refused' ? outcome.warnings : outcome.data.warnings);
      // The saved matching changed: a reopened table must start from it.
      void queryClient.invalidateQueries({ queryKey: wizardKeys.remaped(briefcaseId) });
      if (outcome.kind === 'refused') {
        // spec 1 §8: a matching failure shows a notice carrying the server's message.
        props.notify(outcome.message, 'error');
        return dispatch({
          type: 'checkFailed',
          failure: { message: outcome.message, errors: outcome.errors, reportId: outcome.reportId },
        });
      }
      const draft = await loadDraft(briefcaseId);
      props.onDraft(draft);
      if (outcome.kind === 'personalData')
        return dispatch({ type: 'uploadPersonalData', draft, findings: outcome.findings });
      props.notify(outcome.message, 'success');
      dispatch({ type: 'uploadDone', draft, mismatch: false });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : T.processingFailed;
      props.notify(message, 'error');
      dispatch({ type: 'checkFailed', failure: { message, errors: [], reportId: null } });
    }
  };

  const resolvePersonalData = async (call: (id: number) => Promise<unknown>) => {
    if (!briefcaseId) return;
    dispatch({ type: 'saving' });
    try {
      await call(briefcaseId);
      const draft = await loadDraft(briefcaseId);
      props.onDraft(draft);
      dispatch({ type: 'uploadDone', draft, mismatch: false });
      dispatch({ type: 'saved', draft, step: 2 });
    } catch (error) {
      failWith(error);
    }
  };

  const remove = async () => {
    if (!briefcaseId) return;
    try {
      await deleteBriefcase(briefcaseId);
      props.setConfirmDelete(false);
      props.notify(T.deleted, 'success');
      props.navigate(props.fromAdmin ? '/admin/briefcases' : '/briefcases');
    } catch (error) {
      failWith(error);
    }
  };

  const onMatchingLoaded = useCallback(
    (map: (string | null)[]) => dispatch({ type: 'matchingLoaded', map }),
    [dispatch],
  );

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
            onFile={(file) => void onFile(file)}
            onDelete={() => props.setConfirmDelete(true)}
            onAgree={() => void resolvePersonalData(agreePersonalData)}
            onSkip={() => void resolvePersonalData(skipPersonalData)}
            onLots={(lots: WizardDraftLot[]) => dispatch({ type: 'lotsChanged', lots })}
            onChange={(patch) => dispatch({ type: 'edit', patch })}
            onMatchingLoaded={onMatchingLoaded}
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

  const primary = () => {
    switch (button.action) {
      case 'next':
        return void next();
      case 'check':
        return void check();
      case 'apply':
        return void apply();
      case 'saveChanges':
        return void saveChanges();
      case 'none':
        return;
    }
  };

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
        <Paper ref={frameRef} variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
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
                          {STEP_TEXT[statuses[s]]}
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
                {T.stepShort(step)} из 4 · {STEP_TEXT[statuses[step]]}
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
              <Button variant="contained" size="large" disabled={button.disabled} onClick={primary}>
                {button.text}
              </Button>
            </Stack>
          </Stack>
        </Paper>
        <WizardSummary
          current={step}
          statuses={statuses}
          canGo={canGo}
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
        onConfirm={() => void remove()}
        onClose={() => props.setConfirmDelete(false)}
      />
    </>
  );
}

/** Scrolls the first field in error (else the message beside the button) to the middle of the screen. */
function revealFirstError(frame: HTMLElement | null) {
  // The stepper's labels of steps in error are not fields.
  const field = [...(frame?.querySelectorAll<HTMLElement>('.Mui-error') ?? [])].find(
    (element) => !element.closest('.MuiStepper-root'),
  );
  const first =
    field?.closest<HTMLElement>('.MuiFormControl-root') ??
    field ??
    frame?.querySelector<HTMLElement>('[data-testid="wizard-failure"]');
  first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

const STEP_TEXT: Record<StepStatus, string> = {
  filled: 'Заполнено',
  inProgress: 'В процессе заполнения',
  required: 'Требуется заполнить',
  editing: 'Редактируется',
  error: 'Ошибка',
};
