/** reportPresence (online / away from the card page) and the administrator's monitoring list. */

import {
  liveMessage,
  type MonitoredUser,
  type MonitoringLivePayload,
  type MonitoringPage,
  type MonitoringStatus,
} from '@etp/contracts';
import { MONITORING_PAGE_SIZE } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { isMonitored, offlineCutoff, visitStatus } from './monitoring.policy.ts';
import {
  countMonitoredUsers,
  endVisit,
  findMonitoredUsers,
  lockOpenVisit,
  touchVisit,
} from './monitoring.queries.ts';

const STATUSES: readonly MonitoringStatus[] = ['online', 'away', 'offline'];

type Row = Awaited<ReturnType<typeof findMonitoredUsers>>[number];

function present(row: Row): MonitoredUser {
  const status = STATUSES[row.rank] ?? 'offline';
  const name = [row.lastName, row.firstName].filter(Boolean).join(' ');
  return {
    user_id: row.userId,
    full_name: name || row.email || `Пользователь ${row.userId}`,
    company_name: row.companyName,
    start_datetime: (row.startedAt ?? new Date(0)).toISOString(),
    end_datetime: status === 'offline' ? (row.lastSeenAt?.toISOString() ?? null) : null,
    status,
  };
}

/**
 * The card page reports that it is visible (online) or hidden (away). Administrators are not tracked, nor is any
 * procedure outside its monitoring window: both answer ok and store nothing. A change of status goes to UsersStream.
 */
export async function reportPresence(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  status: 'online' | 'away',
): Promise<void> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const at = ctx.now();
  if (auth.user.role === 'admin' || !isMonitored(access.row.briefcase, at)) return;
  const changed = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenVisit(tx, id, auth.user.id);
    const before = open ? visitStatus(open, at) : 'offline';
    if (open && before === 'offline') await endVisit(tx, open.id);
    await touchVisit(tx, { briefcaseId: id, userId: auth.user.id, status, at });
    return before !== status;
  });
  if (!changed) return;
  const cutoff = offlineCutoff(at);
  const [[row], counts] = await Promise.all([
    findMonitoredUsers(ctx.db, id, cutoff, { limit: 1, offset: 0, userId: auth.user.id }),
    countMonitoredUsers(ctx.db, id, cutoff),
  ]);
  if (!row) return;
  const payload: MonitoringLivePayload = {
    user: present(row),
    online_count: counts.online,
    total_count: counts.total,
  };
  // Only administrators may subscribe to UsersStream (realtime/live.routes.ts).
  await ctx.bus.publish({
    message: liveMessage.users(id, payload, at.getTime()),
    audience: { kind: 'all' },
  });
}

export async function monitoringPage(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  page: number,
): Promise<MonitoringPage> {
  await requireOpenBriefcase(ctx.db, auth, id);
  const cutoff = offlineCutoff(ctx.now());
  const [rows, counts] = await Promise.all([
    findMonitoredUsers(ctx.db, id, cutoff, {
      limit: MONITORING_PAGE_SIZE,
      offset: (page - 1) * MONITORING_PAGE_SIZE,
    }),
    countMonitoredUsers(ctx.db, id, cutoff),
  ]);
  return {
    users: rows.map(present),
    online_count: counts.online,
    total_count: counts.total,
    total_pages: Math.max(1, Math.ceil(counts.total / MONITORING_PAGE_SIZE)),
  };
}
