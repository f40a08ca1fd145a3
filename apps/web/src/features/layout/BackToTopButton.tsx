import { BACK_TO_TOP_SCROLL_SHARE } from '@etp/domain';
import { lazy, Suspense, useEffect, useState } from 'react';

const BackToTopFab = lazy(() => import('./BackToTopFab.tsx'));

/** How far the page's footer reaches up into the window, in pixels (0 while it is below the fold). */
function footerReach(): number {
  const footer = document.querySelector('footer');
  if (!footer) return 0;
  return Math.max(0, Math.round(window.innerHeight - footer.getBoundingClientRect().top));
}

/**
 * Appears once the page is scrolled by more than a quarter of the window height (spec 2 §9). When the footer comes
 * into view the button rises above it, so it never covers the footer's phone, e-mail or links.
 */
export function BackToTopButton() {
  const [visible, setVisible] = useState(false);
  const [lift, setLift] = useState(0);
  // Once shown, the button stays mounted so that it can zoom out.
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  useEffect(() => {
    const update = () => {
      setVisible(window.scrollY > window.innerHeight * BACK_TO_TOP_SCROLL_SHARE);
      setLift(footerReach());
    };
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
        <BackToTopFab visible={visible} lift={lift} />
      </Suspense>
    )
  );
}
