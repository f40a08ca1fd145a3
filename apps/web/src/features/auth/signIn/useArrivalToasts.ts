import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';

/**
 * Flags other screens (and the server's redirects) put in the sign-in address, and the toast each shows on
 * arrival (spec 3 §2.2). The flag is removed from the address once shown, so a reload does not repeat it.
 */
const ARRIVAL_FLAGS = {
  password_changed: { text: T.arrival.passwordChanged, kind: 'success' },
  confirmed: { text: T.arrival.confirmed, kind: 'success' },
  reset_sent: { text: T.arrival.resetSent, kind: 'info' },
  confirmation_sent: { text: T.arrival.confirmationSent, kind: 'info' },
  deleted: { text: T.arrival.deleted, kind: 'info' },
  confirmation_failed: { text: T.arrival.confirmationFailed, kind: 'error' },
  oauth_failed: { text: T.arrival.oauthFailed, kind: 'error' },
} as const;

export type ArrivalFlag = keyof typeof ARRIVAL_FLAGS;

export { signInWith } from './signInWith.ts';

export function useArrivalToasts(): void {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const present = (Object.keys(ARRIVAL_FLAGS) as ArrivalFlag[]).filter((flag) => params.has(flag));
    if (present.length === 0) return;
    for (const flag of present) {
      const { text, kind } = ARRIVAL_FLAGS[flag];
      if (kind === 'error') toast.authError(text);
      else if (kind === 'success') toast.success(text);
      else toast.info(text);
    }
    const rest = new URLSearchParams(params);
    for (const flag of present) rest.delete(flag);
    setParams(rest, { replace: true });
  }, [params, setParams]);
}
