/** Column helpers shared by every table: identities, kopeck money and Moscow-agnostic timestamps. */
import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Money is integer kopecks; JSON carries it as a number (safe up to 9e15 kopecks). */
export const money = (name: string) => bigint(name, { mode: 'number' });

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
