/**
 * The card header's documents dropdown (spec 2 §2): the seller's documentation, the trade protocol (or, for the
 * seller before the end, the note that it comes after), "Общие результаты аукциона" after trading, and the
 * download-all archive. The server decides what the viewer may have; this only lists it.
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { DOCUMENTS_MESSAGES as T } from './messages.ts';
import { useBriefcaseDocuments } from './useBriefcaseDocuments.ts';
import { useDocumentDownload } from './useDocumentDownload.ts';

const DocumentsMenuList = lazy(() => import('./DocumentsMenuList.tsx'));

export function DocumentsMenu({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  // Read ahead, and again on each opening; the list reads the same query itself (see DocumentsMenuList).
  const documents = useBriefcaseDocuments(b.id, b.status);
  const download = useDocumentDownload(b.id);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DescriptionOutlinedIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'briefcase-documents-menu' : undefined}
        disabled={download.isPending}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
          void documents.refetch();
        }}
      >
        {T.menu}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <DocumentsMenuList
            briefcase={b}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            download={download}
          />
        </Suspense>
      )}
    </>
  );
}
