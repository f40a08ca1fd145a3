/** Questions, monitoring visits, events, surveys and call requests. */
import type { EventKind } from '@etp/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { briefcases } from './briefcases.ts';
import { at, bigId, createdAt, id, updatedAt } from './common.ts';
import { documents } from './documents.ts';
import { lots } from './lots.ts';

export const questions = pgTable(
  'questions',
  {
    id: id(),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id),
    title: text('title').notNull(),
    answer: text('answer'),
    status: text('status').$type<'unanswered' | 'draft' | 'answered'>().notNull().default('unanswered'),
    attachedDocumentId: integer('attached_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    active: boolean('active').notNull().default(false),
    /** When the answer was first published: the asker is told once (decisions/0115). */
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('questions_briefcase_idx').on(t.briefcaseId, t.createdAt)],
);

/** Visits of the procedure page, for the administrator's monitoring tab (online / away / offline). */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigId(),
    briefcaseId: integer('briefcase_id')
      .notNull()
      .references(() => briefcases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'online' | 'away' | 'offline'>().notNull().default('online'),
    startedAt: at('started_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
  },
  (t) => [
    index('page_visits_briefcase_idx').on(t.briefcaseId, t.userId),
    // A user's latest visits, for the administrator's user page.
    index('page_visits_user_idx').on(t.userId, t.lastSeenAt),
    // One open visit per user and procedure.
    uniqueIndex('page_visits_open_key').on(t.briefcaseId, t.userId).where(sql`${t.endedAt} is null`),
  ],
);

/** The contract's list of event kinds (decisions/0259), under the name the server's modules import. */
export type { EventKind };

/** What happened to a user: shown on /profile/events and mailed according to the notification settings. */
export const events = pgTable(
  'events',
  {
    id: bigId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EventKind>().notNull(),
    briefcaseId: integer('briefcase_id').references(() => briefcases.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    readAt: at('read_at'),
    /** When the mail worker looked at it (mailed or not, per the settings); null: not yet (decisions/0124). */
    mailedAt: at('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_user_idx').on(t.userId, t.createdAt),
    index('events_unmailed_idx').on(t.id).where(sql`${t.mailedAt} is null`),
  ],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'csi' for satisfaction ratings, otherwise the named survey. */
    name: text('name').notNull(),
    path: text('path'),
    briefcaseId: integer('briefcase_id').references(() => briefcases.id, { onDelete: 'set null' }),
    satisfied: boolean('satisfied'),
    rating: smallint('rating'),
    comment: text('comment'),
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('survey_answers_user_idx').on(t.userId, t.name)],
);

export const callRequests = pgTable('call_requests', {
  id: id(),
  fullName: text('full_name').notNull(),
  phone: text('phone').notNull(),
  mode: text('mode'),
  policyAgreement: boolean('policy_agreement').notNull(),
  createdAt: createdAt(),
});
