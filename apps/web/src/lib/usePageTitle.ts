import { useEffect } from 'react';

const SITE = 'ЭТП РД';

/** Sets the browser tab's title to '{title} — ЭТП РД' while the page is shown. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SITE}` : `${SITE} — торги долговыми портфелями`;
  }, [title]);
}
