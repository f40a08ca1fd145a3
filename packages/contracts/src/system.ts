/** The system's own calls: health, the demo server's outbox of sent messages, and the browser journeys' test hooks. */
import { z } from 'zod';

/** The database behind the server. */
const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/** GET /health: the database answered (one that does not gives 503 in the error envelope). */
export const healthSchema = z.object({ database: z.enum(DATABASE_KINDS), status: z.literal('up') });

/** How a message went out. */
const OUTBOX_CHANNELS = ['sms', 'email'] as const;

/** GET /dev/outbox and /dev/outbox.json: whose messages (a phone in any form, or an address), and how many. */
export const outboxQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** One message the platform "sent" (GET /dev/outbox.json), newest first. Times are ISO 8601 UTC. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  /** Null while queued or after failed tries. */
  sent_at: z.string().nullable(),
  /** The last delivery failure, if any. */
  error: z.string().nullable(),
});

/** POST /api/v1/test/live/outage: cut the live channel for this many milliseconds. */
export const liveOutageBody = z.object({ ms: z.number().int().min(0).max(60_000) });
/** Until when the live channel refuses connections (ISO 8601 UTC). */
export const liveOutageSchema = z.object({ until: z.string() });

/** POST /api/v1/test/lots/:id/ends_in and /api/v1/test/briefcases/:id/starts_in: that many seconds from now. */
export const secondsFromNowBody = z.object({ seconds: z.number().int().min(1).max(86_400) });
/** The active lot's new end (ISO 8601 UTC). */
export const lotEndMovedSchema = z.object({ end_datetime: z.string() });
/** The approved procedure's new start (ISO 8601 UTC). */
export const briefcaseStartMovedSchema = z.object({ start_datetime: z.string() });
/** POST /api/v1/test/briefcases/:id/advance: as if this many seconds had passed (at most an hour). */
export const secondsPassedBody = z.object({ seconds: z.number().int().min(1).max(3_600) });
/** The active procedure's start after the move (ISO 8601 UTC). */
export const briefcaseAdvancedSchema = z.object({ start_datetime: z.string() });
/** The deal's running deadline, moved (ISO 8601 UTC). */
export const dealDeadlineMovedSchema = z.object({ deadline_at: z.string() });
