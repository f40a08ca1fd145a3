import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../lib/useOpenedOnce.ts';
import type { ConfirmDialogProps } from './ConfirmDialogView.tsx';

/** MUI's Dialog and its focus trap load with the first confirmation asked, not with the page (decisions/0170). */
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView.tsx'));

/** "Are you sure?" before an action that cannot be taken back (the dialog: ConfirmDialogView). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  ) : null;
}
