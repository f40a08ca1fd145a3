import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation to another page starts at its top (spec 3 §2.1). Query-only changes keep the position. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every change of page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
