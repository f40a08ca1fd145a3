import { PDF_PRINT_DELAY_MS } from '@etp/domain';
import { useCallback, useEffect, useState } from 'react';

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
    const timer = window.setTimeout(() => window.print(), PDF_PRINT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);
  return { printing, start: useCallback(() => setPrinting(true), []) };
}
