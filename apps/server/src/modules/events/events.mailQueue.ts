/**
 * The mail worker's first half (decisions/0124): events are written by trading in its own transactions and never
 * wait for mail; the leader takes the events not yet looked at, decides by each user's notification settings, and
 * queues a mail per event to mail (the notifier's deliverQueued sends them, with retries). Each event is looked at
 * once: its mailed_at is set in the transaction that queues its mail.
 */
import type { AppContext } from '../../appContext.ts';
import { notificationSettingsOf } from '../profile/profile.presenter.ts';
import { markEventsMailed, type QueuedMail, queueMails, takeUnmailedEvents } from './events.mail.queries.ts';
import { renderEventMail } from './events.mail.ts';
import { MAIL_EVENTS_WITHIN_MS, shouldMail } from './events.mailPolicy.ts';

const PER_PASS = 200;

/** Queues the mails of the events written since the last pass; returns how many were queued. */
export async function queueEventMails(ctx: AppContext): Promise<number> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const taken = await takeUnmailedEvents(tx, PER_PASS);
    const mails: QueuedMail[] = [];
    for (const event of taken) {
      if (!event.email || event.deleted) continue;
      if (at.getTime() - event.createdAt.getTime() > MAIL_EVENTS_WITHIN_MS) continue;
      if (!shouldMail(event.kind, event.payload, notificationSettingsOf(event.settings))) continue;
      const text = typeof event.payload.text === 'string' ? event.payload.text : null;
      if (!text) continue;
      const mail = renderEventMail({ ...event, text }, event, ctx.config.publicUrl);
      mails.push({ to: event.email, ...mail, eventId: event.id });
    }
    await queueMails(tx, mails, at);
    await markEventsMailed(
      tx,
      taken.map((e) => e.id),
      at,
    );
    return mails.length;
  });
}
