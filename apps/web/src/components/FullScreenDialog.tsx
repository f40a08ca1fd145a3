/** A full-screen dialog with a title row and a body; its own chunk, loaded when a table goes full screen (decisions/0145). */
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

export default function FullScreenDialog({
  titleId,
  title,
  children,
  onClose,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId} component="div">
        {title}
      </DialogTitle>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
