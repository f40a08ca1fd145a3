/**
 * Companies and their people, accreditation, administrators' pages, moderation, audit, the public area, FAQ and
 * questions, surveys, feedback, the calendar, dictionaries, events and monitoring.
 */
import { eventsPageSchema } from '../engagement.ts';
import { operation } from '../operation.ts';

export const accountOperations = {
  listEvents: operation({
    method: 'GET',
    path: '/api/v1/events',
    summary: 'The user’s events (notifications), newest first',
    tag: 'events',
    reply: eventsPageSchema,
  }),
} as const;
