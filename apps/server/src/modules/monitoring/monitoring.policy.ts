/**
 * Monitoring of the card page (spec 2 §2, §4, decisions/0013): visits are collected from 30 minutes before the start
 * and while trading runs; administrators are never tracked. The web app repeats the page's state every minute,
 * so a visit not seen for two minutes counts as offline (the tab was closed or the connection lost).
 */

import type { MonitoringStatus } from '@etp/contracts';
import { MONITORING_BEFORE_START_MS, MONITORING_OFFLINE_AFTER_MS } from '@etp/domain';
import type { BriefcaseStatusColumn } from '../../db/schema/index.ts';

export function isMonitored(
  procedure: { status: BriefcaseStatusColumn; startDatetime: Date | null },
  now: Date,
): boolean {
  if (procedure.status === 'active') return true;
  if (procedure.status !== 'ready' || !procedure.startDatetime) return false;
  return now.getTime() >= procedure.startDatetime.getTime() - MONITORING_BEFORE_START_MS;
}

/** The moment before which a visit's last sign of life makes it offline. */
export const offlineCutoff = (now: Date): Date => new Date(now.getTime() - MONITORING_OFFLINE_AFTER_MS);

export function visitStatus(
  visit: { status: MonitoringStatus; endedAt: Date | null; lastSeenAt: Date },
  now: Date,
): MonitoringStatus {
  if (visit.endedAt !== null || visit.lastSeenAt <= offlineCutoff(now)) return 'offline';
  return visit.status;
}
