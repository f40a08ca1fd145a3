/** SQL of the notification outbox. */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { notificationOutbox } from '../db/schema/index.ts';

export type OutboxRow = typeof notificationOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: DbOrTx,
  row: Pick<
    typeof notificationOutbox.$inferInsert,
    'channel' | 'recipient' | 'subject' | 'body' | 'createdAt'
  >,
): Promise<number> {
  const [inserted] = await db.insert(notificationOutbox).values(row).returning({ id: notificationOutbox.id });
  return inserted!.id;
}

export async function markOutboxSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ sentAt: at, error: null, nextAttemptAt: null })
    .where(eq(notificationOutbox.id, id));
}

/** Queued messages whose next try is due, oldest due first. */
export async function dueQueuedMessages(db: DbOrTx, at: Date, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(notificationOutbox)
    .where(and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, at)))
    .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
    .limit(limit);
}

/** One more failed try: the error, and the next try's time (null: no more tries). */
export async function markQueuedFailed(
  db: DbOrTx,
  id: number,
  error: string,
  next: Date | null,
): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ error, nextAttemptAt: next, attempts: sql`${notificationOutbox.attempts} + 1` })
    .where(eq(notificationOutbox.id, id));
}

export async function markOutboxFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db.update(notificationOutbox).set({ error }).where(eq(notificationOutbox.id, id));
}

/** Newest first; `recipients` narrows to messages sent to any of these addresses or numbers. */
export async function listOutbox(
  db: DbOrTx,
  options: { recipients?: string[]; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(notificationOutbox)
    .where(options.recipients?.length ? inArray(notificationOutbox.recipient, options.recipients) : undefined)
    .orderBy(desc(notificationOutbox.id))
    .limit(options.limit);
}
