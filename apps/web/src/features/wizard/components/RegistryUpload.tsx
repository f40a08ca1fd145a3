/** Step 2's upload block: the template tabs, the XLSX input, real progress and the per-file states (spec 1 §2, §4). */

import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Link,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useRef } from 'react';
import { pathOf } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { downloadFile, TEMPLATE_URL } from '../wizardApi.ts';
import type { UploadState } from '../wizardState.ts';

interface RegistryUploadProps {
  upload: UploadState;
  /** Notes of the last upload on where the registry was read from (hidden sheets, another sheet or row). */
  warnings: string[];
  /** Uploading and replacing are allowed (created or pending). */
  editable: boolean;
  onFile: (file: File) => void;
  onDelete: (() => void) | null;
  /** The template tab: the seller's own file ('custom') or the platform template ('platform'). */
  tab: RegistryTab;
  onTab: (tab: RegistryTab) => void;
}

export type RegistryTab = 'custom' | 'platform';

export function ReportLink({ reportId }: { reportId: string }) {
  return (
    <Link
      component="button"
      type="button"
      sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
      onClick={() =>
        void downloadFile(
          pathOf(OPERATIONS.downloadSourceErrors, { id: reportId }),
          `Проверка реестра ${reportId}.xlsx`,
        )
      }
    >
      {T.reportLink}
    </Link>
  );
}

export function RegistryUpload({
  upload,
  warnings,
  editable,
  onFile,
  onDelete,
  tab,
  onTab,
}: RegistryUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.kind === 'uploading';
  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_, value: RegistryTab) => onTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={T.steps[1]}
      >
        <Tab value="custom" label={T.tabCustom} disabled={busy} />
        <Tab value="platform" label={T.tabPlatform} disabled={busy} />
      </Tabs>
      <Alert severity="warning" variant="outlined">
        {tab === 'custom' ? T.customNote : T.platformNote}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="a" href={TEMPLATE_URL} download startIcon={<DownloadIcon />} variant="text">
          {tab === 'custom' ? T.downloadAttributes : T.downloadTemplate}
        </Button>
        {editable && (
          <Button
            variant={upload.kind === 'done' ? 'outlined' : 'contained'}
            startIcon={<UploadFileIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {upload.kind === 'done' ? T.replaceFile : T.chooseFile}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="registry-input"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {T.fileHint}
        </Typography>
      </Stack>
      <UploadStateView upload={upload} onDelete={editable ? onDelete : null} />
      {upload.kind !== 'uploading' && warnings.length > 0 && (
        <Alert severity="warning" data-testid="upload-warnings">
          {warnings.length === 1 ? (
            warnings[0]
          ) : (
            <Box component="ul" sx={{ pl: 2, my: 0 }}>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
    </Stack>
  );
}

function UploadStateView({ upload, onDelete }: { upload: UploadState; onDelete: (() => void) | null }) {
  switch (upload.kind) {
    case 'idle':
      return null;
    case 'uploading':
      return (
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {upload.fileName} — {upload.percent < 80 ? T.uploading : T.processing}
            </Typography>
            <Typography variant="body2" data-testid="upload-percent">
              {Math.floor(upload.percent)}%
            </Typography>
          </Stack>
          <LinearProgress variant="determinate" value={upload.percent} aria-label={T.uploading} />
        </Box>
      );
    case 'failed':
      return (
        <Alert severity="error" role="alert">
          <AlertTitle>{upload.message}</AlertTitle>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {upload.fileName}
          </Typography>
          {upload.errors.length > 0 && (
            <Box component="ul" sx={{ pl: 2, my: 1, maxHeight: 200, overflow: 'auto' }}>
              {upload.errors.slice(0, 50).map((error) => (
                <li key={error}>{error}</li>
              ))}
            </Box>
          )}
          {upload.reportId && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{T.manyErrors}</Typography>
              <ReportLink reportId={upload.reportId} />
            </Stack>
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {T.supportHint}
          </Typography>
        </Alert>
      );
    case 'personalData':
      return null;
    case 'mismatch':
      // Reopened over a stored registry: the file is loaded; only its matching is being changed.
      if (upload.reopened)
        return <UploadStateView upload={{ kind: 'done', fileName: upload.fileName }} onDelete={onDelete} />;
      return (
        <Alert
          severity="info"
          action={
            onDelete && (
              <Button color="inherit" size="small" onClick={onDelete}>
                {T.deleteFile}
              </Button>
            )
          }
        >
          <AlertTitle>{T.headersMismatch}</AlertTitle>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {upload.fileName}
          </Box>
        </Alert>
      );
    case 'done':
      return (
        <Alert
          severity="success"
          action={
            onDelete && (
              <Button color="inherit" size="small" onClick={onDelete}>
                {T.deleteFile}
              </Button>
            )
          }
        >
          <AlertTitle>{T.uploaded}</AlertTitle>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {upload.fileName}
          </Box>
        </Alert>
      );
  }
}
