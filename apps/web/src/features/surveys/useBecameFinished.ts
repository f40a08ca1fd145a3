import { useRef } from 'react';

/**
 * True once `status` has turned to 'finished' while the page was open (spec 2 §2 "On finished, a satisfaction-survey
 * trigger for the trade page is requested"; spec 3 §2.6). A procedure that was already finished when the page
 * loaded does not count: the survey is asked on the transition, not on every visit (decisions/0152).
 */
export function useBecameFinished(status: string | undefined): boolean {
  const first = useRef<string | undefined>(undefined);
  const became = useRef(false);
  if (status !== undefined && first.current === undefined) first.current = status;
  const turned = status === 'finished' && first.current !== undefined && first.current !== 'finished';
  if (turned) became.current = true;
  return became.current;
}
