/**
 * The mail worker's first half (decisions/0124): events are written by trading in its own transactions and never
 * wait for mail; the leader takes the events not yet looked at, decides by each user's notification settings, and
 * queues a mail per event to mail (the notifier's deliverQueued sends them, with retries). Each event is looked at
 * once: its mailed_at is set in the transaction that queues its mail.
 */
import {
  countWithNoun,
  DAY_MS,
  formatMoscowDate,
  fromMoscowParts,
  moscowDayKey,
  moscowParts,
} from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import { notificationSettingsOf } from '../../profile/profile.presenter.ts';
import { renderEventMail, renderSummaryMail } from './eventMail.ts';
import { MAIL_EVENTS_WITHIN_MS, shouldMail } from './mail.policy.ts';
import {
  findSummaryReaders,
  markEventsMailed,
  markSummarised,
  type QueuedMail,
  queueMails,
  takeUnmailedEvents,
} from './mail.queries.ts';

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

/** The daily summary goes out from this Moscow hour on, for the Moscow day before. */
const SUMMARY_HOUR_MSK = 9;
const SUMMARY_USERS_PER_PASS = 200;

/**
 * The daily summary (lot_mailer.daily_summary): from 09:00 МСК, each user who had events the day before gets one
 * mail listing them, once (users.daily_summary_on holds the day last summarised). Users without events get none.
 */
export async function queueDailySummaries(ctx: AppContext): Promise<number> {
  const at = ctx.now();
  const now = moscowParts(at);
  if (now.hours < SUMMARY_HOUR_MSK) return 0;
  const todayStart = fromMoscowParts(now.year, now.month, now.day);
  const yesterdayStart = new Date(todayStart.getTime() - DAY_MS);
  const day = moscowDayKey(yesterdayStart);
  const label = formatMoscowDate(yesterdayStart);
  return ctx.db.transaction(async (tx) => {
    const readers = await findSummaryReaders(tx, yesterdayStart, todayStart, day, SUMMARY_USERS_PER_PASS);
    const mails: QueuedMail[] = readers
      .filter((r) => r.texts.length > 0 && notificationSettingsOf(r.settings).lot_mailer.daily_summary)
      .map((r) => ({
        to: r.email,
        ...renderSummaryMail(
          label,
          r.texts,
          r,
          ctx.config.publicUrl,
          countWithNoun(r.texts.length, EVENT_NOUNS),
        ),
        eventId: null,
      }));
    await queueMails(tx, mails, at);
    await markSummarised(
      tx,
      readers.map((r) => r.id),
      day,
    );
    return mails.length;
  });
}

const EVENT_NOUNS: readonly [string, string, string] = ['событие', 'события', 'событий'];
