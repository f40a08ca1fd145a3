/**
 * Batch autobids (spec 2 §2, §4, §5, §7, §8; decisions/0014): the card's button for a participant of a classic
 * procedure before its start (disabled for the seller), and its dialog: the xlsx template, one upload of the
 * filled file (.xlsx, at most 100 MB; the server's row errors listed, the file marked "Ошибка"), and the removal
 * of every autobid of the viewer's company.
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import { BATCH_AUTOBID_MAX_BYTES, TOAST_DURATION_MS } from '@etp/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/ApiError.ts';
import { callEnvelope, pathOf } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { enqueueSnackbar } from '../../lib/snackbars.tsx';
import { toast } from '../../lib/toast.ts';
import { downloadFile } from '../company/companyApi.ts';
import { batchAutobidsButton } from './batchAutobidsButton.ts';

const BATCH_MESSAGES = {
  button: 'Пакетные автоставки',
  title: 'Пакетные автоставки',
  text: 'Скачайте шаблон со всеми лотами процедуры, укажите в нём максимальную цену по нужным лотам и загрузите файл. Файл загружается один раз и только до начала торгов.',
  template: 'Скачать шаблон',
  choose: 'Выбрать файл',
  upload: 'Загрузить',
  removeFile: 'Убрать файл',
  failedRow: 'Ошибка',
  sendFailed: 'Ошибка отправки файла',
  notXlsx: 'Файл должен быть в формате MS Excel - XLSX',
  tooLarge: 'Размер файла не должен превышать 100 МБ',
  destroy: 'Удалить все автоставки',
  close: 'Закрыть',
} as const;
const T = BATCH_MESSAGES;

/** The card's button and its dialog; a chunk of its own, loaded only where the button shows (decisions/0145). */
export default function BatchAutobidsButton({
  briefcase: b,
  admin,
}: {
  briefcase: BriefcaseCardAttributes;
  admin: boolean;
}) {
  const [open, setOpen] = useState(false);
  const state = batchAutobidsButton(b, admin);
  if (state === 'hidden') return null;
  return (
    <>
      <Button variant="outlined" disabled={state === 'disabled'} onClick={() => setOpen(true)}>
        {T.button}
      </Button>
      {open && <BatchAutobidsDialog briefcase={b} onClose={() => setOpen(false)} />}
    </>
  );
}

function BatchAutobidsDialog({
  briefcase: b,
  onClose,
}: {
  briefcase: BriefcaseCardAttributes;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(b.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(b.id) }),
    ]);
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status > 0) {
      setProblems(error.errors.file ?? []);
      toast.error(error.message || T.sendFailed);
    } else {
      setProblems([]);
      toast.error(T.sendFailed);
    }
  };
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen);
      return callEnvelope(OPERATIONS.uploadBatchAutobids, { params: { id: b.id }, body: form });
    },
    onSuccess: async (reply) => {
      enqueueSnackbar(reply.message, {
        variant: 'success',
        autoHideDuration: TOAST_DURATION_MS.batchAutobidSuccess,
      });
      await refresh();
      onClose();
    },
    onError: failed,
  });
  const destroy = useMutation({
    mutationFn: () => callEnvelope(OPERATIONS.destroyBatchAutobids, { params: { id: b.id } }),
    onSuccess: async (reply) => {
      toast.success(reply.message ?? '');
      await refresh();
    },
    onError: (error) =>
      toast.error(error instanceof ApiError && error.message ? error.message : T.sendFailed),
  });

  const choose = (chosen: File | undefined) => {
    setProblems(null);
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name)) {
      setFile(null);
      setProblems([T.notXlsx]);
      return;
    }
    if (chosen.size > BATCH_AUTOBID_MAX_BYTES) {
      setFile(null);
      setProblems([T.tooLarge]);
      return;
    }
    setFile(chosen);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="batch-autobids-title">
      <DialogTitle id="batch-autobids-title">{T.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{T.text}</DialogContentText>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              startIcon={<DownloadIcon />}
              variant="outlined"
              onClick={() =>
                void downloadFile(
                  pathOf(OPERATIONS.downloadBatchAutobidTemplate, { briefcaseId: b.id }),
                  `autobids_${b.id}.xlsx`,
                ).catch(() => toast.error(T.sendFailed))
              }
            >
              {T.template}
            </Button>
            <Button startIcon={<UploadFileIcon />} variant="outlined" onClick={() => input.current?.click()}>
              {T.choose}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={T.choose}
              data-testid="batch-autobids-file"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Stack>
          {file && (
            <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <ListItem
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={T.removeFile}
                    onClick={() => {
                      setFile(null);
                      setProblems(null);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={file.name}
                  secondary={
                    problems !== null ? (
                      <Typography component="span" variant="body2" color="error">
                        {T.failedRow}
                      </Typography>
                    ) : (
                      `${Math.max(1, Math.round(file.size / 1024))} КБ`
                    )
                  }
                />
              </ListItem>
            </List>
          )}
          {problems !== null && problems.length > 0 && (
            <Alert severity="error" data-testid="batch-autobids-errors">
              <Stack component="ul" sx={{ m: 0, pl: 2 }}>
                {problems.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Stack>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {b.has_enabled_autobids && (
          <Button
            color="error"
            disabled={destroy.isPending}
            onClick={() => destroy.mutate()}
            sx={{ mr: 'auto' }}
          >
            {T.destroy}
          </Button>
        )}
        <Button onClick={onClose}>{T.close}</Button>
        <Button
          variant="contained"
          disabled={file === null || problems !== null || upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          {T.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
