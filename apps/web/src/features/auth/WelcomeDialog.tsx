import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The dialog itself (MUI Dialog and the auth texts) loads only for a feed opened with `?new_user=1`. */
const WelcomeDialogView = lazy(() => import('./WelcomeDialogView.tsx'));

/**
 * The welcome after registration (spec 3 §2.3, the dialog in WelcomeDialogView). Once shown it stays mounted, so
 * that it closes with MUI's transition when the flag leaves the address.
 */
export function WelcomeDialog() {
  const [params] = useSearchParams();
  const open = params.has('new_user');
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <WelcomeDialogView />
    </Suspense>
  ) : null;
}
