import type { Question } from '@etp/contracts';
import { formatMoscowDateTime, viewerOffsetMinutes } from '@etp/domain';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast.ts';
import { downloadFile } from '../../company/companyApi.ts';
import { FAQ_TAB_MESSAGES as T } from './messages.ts';

const kb = (bytes: number) => T.kilobytes(Math.max(1, Math.round(bytes / 1024)).toLocaleString('ru-RU'));

interface QuestionCardProps {
  question: Question;
  canManage: boolean;
  busy: boolean;
  onEdit: () => void;
  onPublish: (publish: boolean) => void;
  onDelete: () => void;
}

/** One question: its title, when it was asked, the answer (or where it stands), the document, the admin's actions. */
export function QuestionCard({
  question: q,
  canManage,
  busy,
  onEdit,
  onPublish,
  onDelete,
}: QuestionCardProps) {
  const statusLabel = q.status === 'answered' ? null : T.status[q.status];
  const doc = q.attached_document;
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} aria-label={q.title}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {statusLabel && (
            <Chip
              size="small"
              variant="outlined"
              label={statusLabel}
              icon={
                q.status === 'draft' ? (
                  <EditNoteIcon sx={{ '&&': { color: 'info.main' } }} />
                ) : (
                  <HelpOutlineIcon sx={{ '&&': { color: 'warning.main' } }} />
                )
              }
            />
          )}
          {canManage && (
            <Chip
              size="small"
              variant="outlined"
              label={q.active ? T.published : T.notPublished}
              icon={
                q.active ? (
                  <VisibilityOutlinedIcon sx={{ '&&': { color: 'success.main' } }} />
                ) : (
                  <VisibilityOffOutlinedIcon />
                )
              }
            />
          )}
          {q.is_own && <Chip size="small" label={T.own} />}
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            {T.askedAt(formatMoscowDateTime(q.created_at, { viewerOffsetMinutes: viewerOffsetMinutes() }))}
          </Typography>
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {q.title}
        </Typography>
        {q.answer ? (
          <Box sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 2 }}>
            <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.8 }}>
              {T.answer}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {q.answer}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {T.answerPending}
          </Typography>
        )}
        {doc && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AttachFileIcon fontSize="small" color="action" />
            <Link
              component="button"
              type="button"
              aria-label={T.download(doc.name)}
              onClick={() => downloadFile(doc.link, doc.name).catch(() => toast.error(T.downloadFailed))}
              sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
            >
              {doc.name}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {`${doc.extension.toUpperCase()}, ${kb(doc.bytes_size)}`}
            </Typography>
          </Stack>
        )}
        {canManage && (
          <Stack
            direction="row"
            role="group"
            aria-label={T.actions.label(q.title)}
            sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }}
          >
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} disabled={busy}>
              {T.actions.edit}
            </Button>
            {q.active ? (
              <Button
                size="small"
                startIcon={<UnpublishedOutlinedIcon />}
                onClick={() => onPublish(false)}
                disabled={busy}
              >
                {T.actions.unpublish}
              </Button>
            ) : (
              q.answer && (
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<PublishIcon />}
                  onClick={() => onPublish(true)}
                  disabled={busy}
                >
                  {T.actions.publish}
                </Button>
              )
            )}
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={onDelete}
              disabled={busy}
            >
              {T.actions.delete}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
