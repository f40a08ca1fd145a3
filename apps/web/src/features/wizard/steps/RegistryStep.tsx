/** Step 2: the registry upload, the personal-data flow, lotting and the portfolio characteristics. */
import type { WizardDraft, WizardDraftLot } from '@etp/contracts';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Button, Divider, LinearProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LottingPanel } from '../components/LottingPanel.tsx';
import { PersonalDataPanel } from '../components/PersonalDataPanel.tsx';
import { PortfolioCharacteristics } from '../components/PortfolioCharacteristics.tsx';
import { type RegistryTab, RegistryUpload, ReportLink } from '../components/RegistryUpload.tsx';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { loadRemapedRegistry, wizardKeys } from '../wizardApi.ts';
import type { WizardForm } from '../wizardForm.ts';
import type { UploadState } from '../wizardState.ts';

interface RegistryStepProps {
  upload: UploadState;
  /** Notes of the last upload on where the registry was read from. */
  warnings: string[];
  draft: WizardDraft | null;
  form: WizardForm;
  errors: Record<string, string>;
  isAdmin: boolean;
  busy: boolean;
  onFile: (file: File) => void;
  onDelete: () => void;
  onAgree: () => void;
  onSkip: () => void;
  onLots: (lots: WizardDraftLot[]) => void;
  onChange: (patch: Partial<WizardForm>) => void;
  onMatchingLoaded: (map: (string | null)[]) => void;
  onMatch: (index: number, value: string | null) => void;
  onReopenMatching: () => void;
  onCloseMatching: () => void;
}

/** The column-matching table: only for a seller's own template, so it loads when one needs matching. */
const ColumnMatching = lazy(async () => ({
  default: (await import('../components/ColumnMatching.tsx')).ColumnMatching,
}));

export function RegistryStep(props: RegistryStepProps) {
  const { upload, draft, form, errors } = props;
  const briefcase = draft?.briefcase ?? null;
  // A round's registry and lots came from the round before: no upload, replacement or lotting of its own.
  const carriedFrom = briefcase?.converted_from ?? null;
  const editable =
    carriedFrom === null &&
    (!briefcase || briefcase.briefcase_state === 'created' || briefcase.briefcase_state === 'pending');
  const registered = Boolean(briefcase?.has_registry && briefcase.items_count > 0);
  const findings = upload.kind === 'personalData' ? upload.findings : null;
  // A custom file (or one whose headers are not the template's) opens on the custom tab with its matching.
  const [chosenTab, setTab] = useState<RegistryTab | null>(null);
  const tab: RegistryTab =
    upload.kind === 'mismatch' ? 'custom' : (chosenTab ?? (briefcase?.excel_custom ? 'custom' : 'platform'));
  // A custom registry checked with the seller's matching can have it changed while its file is kept (not dutch).
  const rematchable =
    editable &&
    registered &&
    upload.kind === 'done' &&
    Boolean(briefcase?.excel_custom) &&
    briefcase?.auction_type !== 'dutch';
  const remaped = useQuery({
    queryKey: wizardKeys.remaped(briefcase?.id ?? 0),
    queryFn: ({ signal }) => loadRemapedRegistry(briefcase!.id, signal),
    enabled: rematchable,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const pendingPersonalData =
    briefcase?.personal_data_found && !briefcase.personal_data_agreement && !briefcase.personal_data_skipped;
  return (
    <Stack spacing={3}>
      {carriedFrom !== null && (
        <Alert severity="info" data-testid="carried-registry">
          {T.carriedRegistry(carriedFrom)}
        </Alert>
      )}
      {carriedFrom === null && (
        <RegistryUpload
          upload={upload}
          warnings={props.warnings}
          editable={editable}
          onFile={props.onFile}
          onDelete={registered || upload.kind === 'mismatch' ? props.onDelete : null}
          tab={tab}
          onTab={setTab}
        />
      )}
      {rematchable && remaped.data?.pending && (
        <Button
          variant="outlined"
          startIcon={<EditIcon />}
          onClick={props.onReopenMatching}
          sx={{ alignSelf: 'flex-start' }}
        >
          {T.editMatching}
        </Button>
      )}
      {upload.kind === 'mismatch' && upload.reopened && upload.checking === null && (
        <Button onClick={props.onCloseMatching} sx={{ alignSelf: 'flex-start' }}>
          {T.keepMatching}
        </Button>
      )}
      {upload.kind === 'mismatch' && briefcase && (
        <Suspense fallback={<LinearProgress aria-label={T.matchingLoading} />}>
          <ColumnMatching
            briefcaseId={briefcase.id}
            fileName={upload.fileName}
            map={upload.map}
            checking={upload.checking}
            failure={upload.failure}
            onLoaded={props.onMatchingLoaded}
            onMatch={props.onMatch}
          />
        </Suspense>
      )}
      {upload.kind !== 'failed' && briefcase?.registry_report_id && (
        <Alert severity="info">
          {T.manyErrors} <ReportLink reportId={briefcase.registry_report_id} />
        </Alert>
      )}
      {briefcase && (findings || pendingPersonalData) && (
        <PersonalDataPanel
          briefcaseId={briefcase.id}
          findings={findings ?? []}
          isAdmin={props.isAdmin}
          busy={props.busy}
          onAgree={props.onAgree}
          onSkip={props.onSkip}
        />
      )}
      {(errors.source || errors.personal_data) && upload.kind !== 'personalData' && (
        <Alert severity="error">{errors.source ?? errors.personal_data}</Alert>
      )}
      {registered && briefcase && draft && upload.kind !== 'mismatch' && (
        <>
          {(editable || carriedFrom !== null) && (
            <LottingPanel
              briefcaseId={briefcase.id}
              lots={draft.lots.filter((l) => !l.composite)}
              editable={editable}
              onLots={props.onLots}
            />
          )}
          <Divider />
          <PortfolioCharacteristics
            form={form}
            errors={errors}
            lots={draft.lots.filter((l) => !l.composite)}
            onChange={props.onChange}
          />
        </>
      )}
    </Stack>
  );
}
