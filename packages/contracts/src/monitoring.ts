/** The administrator's Monitoring tab (spec 2 §2, §3 "Monitored user"). */
import { z } from 'zod';

const MONITORING_STATUSES = ['online', 'away', 'offline'] as const;
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number];

export const monitoringQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

const monitoredUserSchema = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  /** When the user first opened the page since monitoring began. */
  start_datetime: z.string(),
  /** When the user was last seen, once offline; null while online or away. */
  end_datetime: z.string().nullable(),
  status: z.enum(MONITORING_STATUSES),
});
export type MonitoredUser = z.infer<typeof monitoredUserSchema>;

/** GET /api/v1/briefcases/{id}/users (20 a page). */
export const monitoringPageSchema = z.object({
  users: z.array(monitoredUserSchema),
  online_count: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
export type MonitoringPage = z.infer<typeof monitoringPageSchema>;

/** Payload of the 'users' message on UsersStream when a user's status changes. */
export interface MonitoringLivePayload {
  user: MonitoredUser;
  online_count: number;
  total_count: number;
}
