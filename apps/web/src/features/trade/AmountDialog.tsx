/**
 * A dialog asking for one amount in rubles (autobid maximum, sealed offer): enter, then confirm (spec 2 §5). The
 * amount is grouped by thousands while typed, as the bid input is (decisions/0191). The dialog (AmountDialogView)
 * loads when first opened, not with the Торги tab (decisions/0230).
 */
import { lazy, Suspense } from 'react';

const AmountDialogView = lazy(() => import('./AmountDialogView.tsx'));

export interface AmountDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial: number | null;
  /**
   * Reads the field's text into the amount to confirm, or the spec's message for it (the sealed offer reads it
   * with the bid input's readBidInput); without it the text is parsed as rubles and `validate` checks it.
   */
  read?: (text: string) => { ok: true; amount: number } | { ok: false; message: string };
  /** The spec's message for a bad amount, or null when it may be sent. */
  validate?: (kopecks: number | null) => string | null;
  confirmText: (kopecks: number) => string;
  pending: boolean;
  onSubmit: (kopecks: number) => void;
  onClose: () => void;
}

export function AmountDialog(props: AmountDialogProps) {
  return props.open ? (
    <Suspense fallback={null}>
      <AmountDialogView {...props} />
    </Suspense>
  ) : null;
}
