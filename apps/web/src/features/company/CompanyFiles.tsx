import type { Company } from '@etp/contracts';
import { COMPANY_DOCUMENT_MAX_BYTES, COMPANY_DOCUMENTS_MAX_COUNT, COMPANY_LOGO_MAX_BYTES } from '@etp/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Box,
  Button,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { CompanyAvatar } from '../../components/CompanyAvatar.tsx';
import { toast } from '../../lib/toast.ts';
import { downloadFile } from './companyApi.ts';
import type { CompanyFileChanges } from './companyFormState.ts';
import { COMPANY_PAGE_MESSAGES as T } from './messages.ts';

const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.odt,.rtf,.jpg,.jpeg,.png';
const kb = (bytes: number) => T.kilobytes(Math.max(1, Math.round(bytes / 1024)).toLocaleString('ru-RU'));

interface CompanyFilesProps {
  company: Company | null;
  name: string;
  files: CompanyFileChanges;
  onChange: (files: CompanyFileChanges) => void;
  disabled: boolean;
}

/** The logo (replace or remove) and the accreditation documents (add, or mark a stored one for removal). */
export function CompanyFiles({ company, name, files, onChange, disabled }: CompanyFilesProps) {
  const logoInput = useRef<HTMLInputElement>(null);
  const docsInput = useRef<HTMLInputElement>(null);
  const logoPreview = useMemo(() => (files.logo ? URL.createObjectURL(files.logo) : null), [files.logo]);
  useEffect(() => () => void (logoPreview && URL.revokeObjectURL(logoPreview)), [logoPreview]);
  const logoUrl = logoPreview ?? (files.removeLogo ? null : (company?.logo_url ?? null));
  const stored = company?.documents ?? [];

  const pickLogo = (file: File | undefined) => {
    if (!file) return;
    if (file.size > COMPANY_LOGO_MAX_BYTES) toast.error(T.logoTooLarge);
    else onChange({ ...files, logo: file, removeLogo: false });
  };
  const addDocuments = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const tooLarge = picked.filter((file) => file.size > COMPANY_DOCUMENT_MAX_BYTES);
    for (const file of tooLarge) toast.error(T.documentTooLarge(file.name));
    const fitting = picked.filter((file) => file.size <= COMPANY_DOCUMENT_MAX_BYTES);
    const kept = stored.length - files.destroyedDocumentIds.length + files.newDocuments.length;
    if (kept + fitting.length > COMPANY_DOCUMENTS_MAX_COUNT) {
      toast.error(T.tooManyDocuments(COMPANY_DOCUMENTS_MAX_COUNT));
      return;
    }
    onChange({ ...files, newDocuments: [...files.newDocuments, ...fitting] });
  };
  const toggleStored = (id: number) =>
    onChange({
      ...files,
      destroyedDocumentIds: files.destroyedDocumentIds.includes(id)
        ? files.destroyedDocumentIds.filter((other) => other !== id)
        : [...files.destroyedDocumentIds, id],
    });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CompanyAvatar name={name || '?'} logoUrl={logoUrl} size={72} />
        <Box>
          <input
            ref={logoInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            aria-label={T.uploadLogo}
            onChange={(event) => {
              pickLogo(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => logoInput.current?.click()}
              disabled={disabled}
            >
              {T.uploadLogo}
            </Button>
            {logoUrl && (
              <Button
                size="small"
                color="inherit"
                disabled={disabled}
                onClick={() => onChange({ ...files, logo: null, removeLogo: true })}
              >
                {T.removeLogo}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {T.logoHint}
          </Typography>
        </Box>
      </Stack>
      <Box>
        <Typography variant="subtitle2">{T.documents}</Typography>
        <Typography variant="caption" color="text.secondary">
          {T.documentsHint}
        </Typography>
        <List dense aria-label={T.documents}>
          {stored.length + files.newDocuments.length === 0 && (
            <ListItem disableGutters>
              <ListItemText secondary={T.noDocuments} />
            </ListItem>
          )}
          {stored.map((doc) => {
            const removed = files.destroyedDocumentIds.includes(doc.id);
            const fileName = `${doc.name}.${doc.extension}`.replace(/\.(\w+)\.\1$/, '.$1');
            return (
              <ListItem
                key={doc.id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    disabled={disabled}
                    onClick={() => toggleStored(doc.id)}
                    aria-label={removed ? T.restoreDocument(doc.name) : T.removeDocument(doc.name)}
                  >
                    {removed ? <RestoreIcon /> : <DeleteOutlineIcon />}
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <DescriptionOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <Link
                      component="button"
                      type="button"
                      aria-label={T.download(doc.name)}
                      onClick={() =>
                        downloadFile(doc.url, fileName).catch(() => toast.error(T.downloadFailed))
                      }
                      sx={{ textDecoration: removed ? 'line-through' : undefined, textAlign: 'left' }}
                    >
                      {doc.name}
                    </Link>
                  }
                  secondary={`${doc.extension.toUpperCase()}, ${kb(doc.bytes_size)}`}
                />
              </ListItem>
            );
          })}
          {files.newDocuments.map((file, index) => (
            <ListItem
              key={`${file.name}-${file.size}-${file.lastModified}`}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  disabled={disabled}
                  aria-label={T.removeDocument(file.name)}
                  onClick={() =>
                    onChange({ ...files, newDocuments: files.newDocuments.filter((_, i) => i !== index) })
                  }
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DescriptionOutlinedIcon fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText primary={file.name} secondary={`${kb(file.size)}, ${T.newDocument}`} />
            </ListItem>
          ))}
        </List>
        <input
          ref={docsInput}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          hidden
          aria-label={T.addDocuments}
          onChange={(event) => {
            addDocuments(event.target.files);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          size="small"
          onClick={() => docsInput.current?.click()}
          disabled={disabled}
        >
          {T.addDocuments}
        </Button>
      </Box>
    </Stack>
  );
}
