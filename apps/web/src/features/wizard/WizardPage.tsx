/**
 * /briefcases/new and /briefcases/new/{id}: the wizard (spec 1 §2). The route's id keys the wizard, so the
 * upload that creates the procedure moves to /briefcases/new/{id} and a reload there restores the server's draft.
 * The page loads the draft and shows the outcome; the frame (`WizardFrame.tsx`) shows the steps.
 */
import { NOT_A_SELLER_TEXT } from '@etp/domain';
import { Alert, Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useSnackbar } from '../../lib/snackbars.tsx';
import { useServerClock } from '../../lib/useServerNow.ts';
import { maySell } from '../access/hasFullAccess.ts';
import { WIZARD_MESSAGES as T } from './messages.ts';
import type { WizardLocationState } from './useWizardActions.ts';
import { WizardFrame } from './WizardFrame.tsx';
import { loadDraft, type Organiser, wizardKeys } from './wizardApi.ts';
import { wizardReducer } from './wizardMachine.ts';
import type { WizardState } from './wizardState.ts';

/**
 * How often the wizard's date rules (a start in the future, the default start) read the time again: the shared
 * server clock taken to the 30 s, so the form re-renders twice a minute rather than on the clock's every second.
 */
const CLOCK_STEP_MS = 30_000;

export function WizardPage() {
  const { id } = useParams();
  return <Wizard key={id ?? 'new'} id={id ? Number(id) : null} />;
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
  const nowMs = useServerClock((serverNowMs) => Math.floor(serverNowMs / CLOCK_STEP_MS) * CLOCK_STEP_MS);
  const now = useMemo(() => new Date(nowMs), [nowMs]);
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
