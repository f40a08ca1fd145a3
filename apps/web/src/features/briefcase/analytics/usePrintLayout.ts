import { useCallback, useEffect, useState } from 'react';

/** The spec's pause between laying the charts out for print and opening the print dialog (spec 2 §9). */
export const PRINT_DELAY_MS = 100;

/**
 * The PDF button's flow: `start` switches the tab to its print layout (every legend unfolded, one column of A4
 * width), opens the browser's print dialog ~100 ms later, and the layout stays until the browser says printing is
 * over ('afterprint').
 */
export function usePrintLayout(): { printing: boolean; start: () => void } {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);
  return { printing, start: useCallback(() => setPrinting(true), []) };
}
