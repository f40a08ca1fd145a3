/** SQL of events: writing them, a user's page, counts, marking them read. */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events, memberships, users } from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export async function insertEvents(db: DbOrTx, rows: NewEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(events).values(rows);
}

/** The live (not deleted) users of a company. */
export async function companyUserIds(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(memberships.userId);
  return rows.map((r) => r.id);
}

export async function findEventsPage(db: DbOrTx, userId: number, limit: number, offset: number) {
  return db
    .select()
    .from(events)
    .where(eq(events.userId, userId))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit)
    .offset(offset);
}

export async function countEvents(db: DbOrTx, userId: number): Promise<{ total: number; unread: number }> {
  const [total] = await db.select({ n: count() }).from(events).where(eq(events.userId, userId));
  const [unread] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.userId, userId), isNull(events.readAt)));
  return { total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks the user's events read: the given ones, or all. Other users' ids are ignored. */
export async function markEventsRead(db: DbOrTx, userId: number, ids: number[] | undefined, at: Date) {
  const mine = and(eq(events.userId, userId), isNull(events.readAt));
  const rows = await db
    .update(events)
    .set({ readAt: at })
    .where(ids ? and(mine, inArray(events.id, ids)) : mine)
    .returning({ id: events.id });
  return rows.length;
}
