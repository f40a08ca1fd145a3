/** SQL of the mail queue of events: taking the events not yet looked at, queueing their mails. */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  type EventKind,
  events,
  type NotificationSettings,
  notificationOutbox,
  users,
} from '../../../db/schema/index.ts';

export interface UnmailedEvent {
  id: number;
  kind: EventKind;
  briefcaseId: number | null;
  lotId: number | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  email: string | null;
  firstName: string | null;
  settings: NotificationSettings | null;
  deleted: boolean;
}

/** The oldest events the worker has not looked at, locked (another worker skips them). */
export async function takeUnmailedEvents(tx: DbOrTx, limit: number): Promise<UnmailedEvent[]> {
  const result = await tx.execute(sql`select e.id, e.kind, e.briefcase_id, e.lot_id, e.payload, e.created_at,
      u.email, u.first_name, u.notification_settings, u.deleted_at is not null as deleted
    from ${events} e join users u on u.id = e.user_id
    where e.mailed_at is null
    order by e.id
    limit ${limit}
    for update of e skip locked`);
  return (
    result as unknown as {
      rows: {
        id: number | string;
        kind: EventKind;
        briefcase_id: number | null;
        lot_id: number | null;
        payload: Record<string, unknown>;
        created_at: Date | string;
        email: string | null;
        first_name: string | null;
        notification_settings: NotificationSettings | null;
        deleted: boolean;
      }[];
    }
  ).rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    briefcaseId: r.briefcase_id,
    lotId: r.lot_id,
    payload: r.payload,
    createdAt: new Date(r.created_at),
    email: r.email,
    firstName: r.first_name,
    settings: r.notification_settings,
    deleted: r.deleted,
  }));
}

export async function markEventsMailed(tx: DbOrTx, ids: number[], at: Date): Promise<void> {
  if (ids.length) await tx.update(events).set({ mailedAt: at }).where(inArray(events.id, ids));
}

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  eventId: number | null;
}

/** Mails for the worker to send (next_attempt_at now): the text is kept, it holds no code or link to guard. */
export async function queueMails(tx: DbOrTx, mails: QueuedMail[], at: Date): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(notificationOutbox).values(
    mails.map((m) => ({
      channel: 'email' as const,
      recipient: m.to,
      subject: m.subject,
      body: m.text,
      html: m.html,
      eventId: m.eventId,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
}

export interface SummaryReader {
  id: number;
  email: string;
  firstName: string | null;
  settings: NotificationSettings | null;
  texts: string[];
}

/**
 * Users with events in [from, to) who have not had the summary of `day` yet (live, with an e-mail), each with the
 * texts of those events in order, oldest first; at most `limit` users a pass.
 */
export async function findSummaryReaders(
  db: DbOrTx,
  from: Date,
  to: Date,
  day: string,
  limit: number,
): Promise<SummaryReader[]> {
  const result = await db.execute(sql`select u.id, u.email, u.first_name, u.notification_settings,
      json_agg(e.payload->>'text' order by e.id) as texts
    from ${events} e join users u on u.id = e.user_id
    where e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
      and u.deleted_at is null and u.email is not null
      and u.daily_summary_on is distinct from ${day}
    group by u.id
    order by u.id
    limit ${limit}`);
  return (
    result as unknown as {
      rows: {
        id: number;
        email: string;
        first_name: string | null;
        notification_settings: NotificationSettings | null;
        texts: (string | null)[] | string;
      }[];
    }
  ).rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    firstName: r.first_name,
    settings: r.notification_settings,
    texts: (typeof r.texts === 'string' ? (JSON.parse(r.texts) as (string | null)[]) : r.texts).filter(
      (t): t is string => typeof t === 'string',
    ),
  }));
}

export async function markSummarised(db: DbOrTx, userIds: number[], day: string): Promise<void> {
  if (userIds.length) await db.update(users).set({ dailySummaryOn: day }).where(inArray(users.id, userIds));
}
