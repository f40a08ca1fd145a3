import { BACK_TO_TOP_SCROLL_SHARE } from '@etp/domain';
import { lazy, Suspense, useEffect, useState } from 'react';

const BackToTopFab = lazy(() => import('./BackToTopFab.tsx'));

/** Appears once the page is scrolled by more than a quarter of the window height (spec 2 §9). */
export function BackToTopButton() {
  const [visible, setVisible] = useState(false);
  // Once shown, the button stays mounted so that it can zoom out.
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > window.innerHeight * BACK_TO_TOP_SCROLL_SHARE);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    shown && (
      <Suspense fallback={null}>
        <BackToTopFab visible={visible} />
      </Suspense>
    )
  );
}
