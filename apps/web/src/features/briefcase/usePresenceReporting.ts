import type { User } from '@etp/contracts';
import { MONITORING_HEARTBEAT_MS } from '@etp/domain';
import { useEffect } from 'react';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';

type Presence = 'online' | 'away';

const presenceNow = (): Presence => (document.visibilityState === 'hidden' ? 'away' : 'online');

/**
 * Reports the card page as online or away whenever it is shown or hidden (spec 3 §4.4), and repeats the current
 * state every minute so the server can tell a reader from a closed tab (docs/decisions/0013). Administrators are
 * not tracked. Reports are best effort: a lost one is repeated by the next beat.
 */
export function usePresenceReporting(briefcaseId: number | null, user: Pick<User, 'role'> | null): void {
  const tracked = briefcaseId !== null && user !== null && user.role !== 'admin';
  useEffect(() => {
    if (!tracked || briefcaseId === null) return;
    const params = { id: briefcaseId };
    const report = () =>
      void (
        presenceNow() === 'away'
          ? call(OPERATIONS.reportPresenceAway, { params })
          : call(OPERATIONS.reportPresenceOnline, { params })
      ).catch(() => undefined);
    report();
    document.addEventListener('visibilitychange', report);
    const beat = window.setInterval(report, MONITORING_HEARTBEAT_MS);
    return () => {
      document.removeEventListener('visibilitychange', report);
      window.clearInterval(beat);
    };
  }, [tracked, briefcaseId]);
}
