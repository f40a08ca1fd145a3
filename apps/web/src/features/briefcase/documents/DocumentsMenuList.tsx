/** The documents dropdown's list (see DocumentsMenu); its own chunk, fetched on the first click (decisions/0145). */
import type { BriefcaseCardAttributes, ProcedureDocument } from '@etp/contracts';
import { formatFileSize } from '@etp/domain';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { DOCUMENTS_MESSAGES as T } from './messages.ts';
import { useBriefcaseDocuments } from './useBriefcaseDocuments.ts';
import type { useDocumentDownload } from './useDocumentDownload.ts';

export default function DocumentsMenuList({
  briefcase: b,
  anchor,
  onClose: close,
  download,
}: {
  briefcase: BriefcaseCardAttributes;
  anchor: HTMLElement | null;
  onClose: () => void;
  download: ReturnType<typeof useDocumentDownload>;
}) {
  // Its own observer, not the opener's result: a result handed down is a snapshot, and TanStack re-renders only
  // for the fields read during render, so documents arriving between the click and this chunk's first render
  // would never show.
  const documents = useBriefcaseDocuments(b.id, b.status);
  const save = (link: string, name: string) => {
    close();
    download.mutate({ link, name });
  };
  const item = (doc: ProcedureDocument, icon: ReactNode, label?: string) => (
    <MenuItem key={doc.id} onClick={() => save(doc.link, doc.name)}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label ?? doc.name} secondary={formatFileSize(doc.bytes_size)} />
    </MenuItem>
  );

  const d = documents.data;
  const items: ReactNode[] = [];
  if (!d) {
    items.push(
      <MenuItem key="state" disabled>
        {documents.isError ? T.loadFailed : T.loading}
      </MenuItem>,
    );
  } else {
    // Sections are told apart by separators and icons: a menu may hold only items and separators (ARIA).
    for (const doc of d.documents) items.push(item(doc, <DescriptionOutlinedIcon fontSize="small" />));
    if ((d.protocol || d.protocol_pending || d.main_report) && items.length) {
      items.push(<Divider key="results-divider" />);
    }
    if (d.protocol) items.push(item(d.protocol, <GavelIcon fontSize="small" />, T.protocol));
    else if (d.protocol_pending) {
      items.push(
        <MenuItem key="protocol-pending" disabled sx={{ whiteSpace: 'normal' }}>
          <ListItemIcon>
            <GavelIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={T.protocol} secondary={T.protocolPending} />
        </MenuItem>,
      );
    }
    if (d.main_report)
      items.push(item(d.main_report, <AssessmentOutlinedIcon fontSize="small" />, T.mainReport));
    if (d.archive_link) {
      const link = d.archive_link;
      items.push(<Divider key="archive-divider" />);
      items.push(
        <MenuItem key="archive" onClick={() => save(link, T.fileNames.archive(b.id))}>
          <ListItemIcon>
            <ArchiveOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={T.archive} />
        </MenuItem>,
      );
    }
    if (items.length === 0) {
      items.push(
        <MenuItem key="none" disabled>
          {T.noDocuments}
        </MenuItem>,
      );
    }
  }

  return (
    <Menu
      id="briefcase-documents-menu"
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      slotProps={{ paper: { sx: { maxWidth: 380 } }, list: { 'aria-label': T.menuLabel, dense: true } }}
    >
      {items}
    </Menu>
  );
}
