import { useState } from 'react';

/**
 * True from the first render where `open` is true on: a lazily loaded dialog or drawer mounts when first opened
 * and then stays mounted, so that it closes (and opens again) with MUI's own transitions (decisions/0170).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
