/**
 * Step 3's documents (spec 1 §2, §3 Document, §5 Files): files are sent one by one as soon as they are chosen
 * (POST /api/v1/documents.json, with progress), each then needs a kind; the list shows size, kind and delete.
 * The name and size are checked here first with the domain's rules; the server checks the content again.
 */
import type { WizardDocument } from '@etp/contracts';
import {
  DOCUMENT_UPLOAD_MESSAGES as D,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  documentFileError,
  formatFileSize,
  PROCEDURE_DOCUMENT_EXTENSIONS,
  PROCEDURE_DOCUMENT_LIMITS,
} from '@etp/domain';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { deleteDocument, uploadDocument } from '../wizardApi.ts';

interface Pending {
  frontId: string;
  name: string;
  size: number;
  state: 'uploading' | 'error';
  percent: number;
  message: string | null;
}

interface DocumentsUploadProps {
  briefcaseId: number;
  documents: WizardDocument[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (documents: WizardDocument[]) => void;
}

const FORMATS = PROCEDURE_DOCUMENT_EXTENSIONS.map((e) => e.toUpperCase()).join(', ');

export function DocumentsUpload({
  briefcaseId,
  documents,
  errors,
  disabled,
  onChange,
}: DocumentsUploadProps) {
  const inputId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  // The latest list: uploads finish one after another, each adds to what is there then.
  const current = useRef(documents);
  current.current = documents;

  const update = (frontId: string, patch: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.frontId === frontId ? { ...p, ...patch } : p)));

  const choose = async (files: File[]) => {
    setAlert(null);
    let held = documents.reduce((sum, d) => sum + d.size, 0);
    for (const file of files) {
      const frontId = crypto.randomUUID();
      const refusal = documentFileError(file, held);
      if (refusal === D.totalTooLarge(PROCEDURE_DOCUMENT_LIMITS.totalMaxMb)) {
        setAlert(refusal);
        continue;
      }
      const item: Pending = {
        frontId,
        name: file.name,
        size: file.size,
        state: refusal ? 'error' : 'uploading',
        percent: 0,
        message: refusal,
      };
      setPending((list) => [...list, item]);
      if (refusal) continue;
      held += file.size;
      const outcome = await uploadDocument(briefcaseId, file, (percent) => update(frontId, { percent }));
      if (outcome.kind === 'ok') {
        setPending((list) => list.filter((p) => p.frontId !== frontId));
        onChange([...current.current, outcome.document]);
      } else {
        held -= file.size;
        update(frontId, { state: 'error', message: outcome.message });
      }
    }
  };

  const remove = async (document: WizardDocument) => {
    try {
      await deleteDocument(document.id);
      onChange(current.current.filter((d) => d.id !== document.id));
    } catch (error) {
      setAlert(error instanceof ApiError ? error.message : D.uploadFailed);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h3">
        {T.documents}
      </Typography>
      <Typography variant="body2" color="text.secondary" id={`${inputId}-hint`}>
        {T.documentsHint(FORMATS, PROCEDURE_DOCUMENT_LIMITS.maxMb, PROCEDURE_DOCUMENT_LIMITS.totalMaxMb)}
      </Typography>
      {alert && (
        <Alert severity="error" onClose={() => setAlert(null)}>
          {alert}
        </Alert>
      )}
      {documents.length > 0 && (
        <Stack component="ul" aria-label={T.documentsList} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {documents.map((document, i) => {
            const error = errors[`documents.${i}.kind`];
            const fullName = `${document.name}.${document.extension}`;
            return (
              <Box
                component="li"
                key={document.id}
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'center',
                  gridTemplateColumns: {
                    xs: 'auto minmax(0, 1fr) auto',
                    sm: 'auto minmax(0, 1fr) 260px auto',
                  },
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1.5,
                }}
              >
                <InsertDriveFileOutlinedIcon color="action" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {fullName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatFileSize(document.size)}
                  </Typography>
                </Box>
                <TextField
                  select
                  size="small"
                  label={T.documentKind}
                  value={document.kind ?? ''}
                  disabled={disabled}
                  error={Boolean(error)}
                  helperText={error}
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                  onChange={(e) =>
                    onChange(
                      documents.map((d) =>
                        d.id === document.id ? { ...d, kind: e.target.value as WizardDocument['kind'] } : d,
                      ),
                    )
                  }
                >
                  {DOCUMENT_KINDS.map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {DOCUMENT_KIND_LABELS[kind]}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={T.deleteDocument(fullName)}
                  disabled={disabled}
                  onClick={() => void remove(document)}
                  sx={{ gridColumn: { xs: 3, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            );
          })}
        </Stack>
      )}
      {pending.map((p) => (
        <Box key={p.frontId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {p.name} · {formatFileSize(p.size)}
            </Typography>
            {p.state === 'error' && (
              <IconButton
                size="small"
                aria-label={`${T.dismiss}: ${p.name}`}
                onClick={() => setPending((list) => list.filter((x) => x.frontId !== p.frontId))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
          {p.state === 'uploading' ? (
            <LinearProgress variant="determinate" value={p.percent} aria-label={p.name} sx={{ mt: 1 }} />
          ) : (
            <Alert severity="error" sx={{ mt: 1 }}>
              {D.uploadFailed}: {p.message}
            </Alert>
          )}
        </Box>
      ))}
      <Box>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled}
        >
          {T.chooseDocuments}
          <input
            id={inputId}
            data-testid="documents-input"
            type="file"
            multiple
            hidden
            aria-describedby={`${inputId}-hint`}
            accept={PROCEDURE_DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void choose(files);
            }}
          />
        </Button>
      </Box>
    </Stack>
  );
}
