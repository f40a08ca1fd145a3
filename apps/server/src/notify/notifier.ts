/**
 * Every SMS and e-mail is written to `notification_outbox` first and then handed to its transport; the row
 * gets `sent_at` when the transport took it, or `error` when it did not (DESIGN §4). Without a transport the
 * outbox itself is the delivery on a demo server that only this machine reaches (a person reads it at
 * /dev/outbox); anywhere else such a message stays undelivered and the caller is told so, so no code is ever
 * accepted that was not sent. The text (a code, a link) is kept only when the outbox is its delivery, and never
 * reaches the logs.
 */
import { HOUR_MS, MINUTE_MS } from '@etp/domain';
import type { Db } from '../db/client.ts';
import type { Counters } from '../http/counters.ts';
import { AppError } from '../http/errors.ts';
import { NOTIFY_MESSAGES } from './notify.messages.ts';
import {
  dueQueuedMessages,
  insertOutboxMessage,
  markOutboxFailed,
  markOutboxSent,
  markQueuedFailed,
} from './outbox.queries.ts';

export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  to: string;
  subject: string | null;
  text: string;
  /** An e-mail's HTML part, beside the text. */
  html?: string | null;
}

/** Hands a message over to the world (an SMTP server, an SMS gateway); throws when it could not. */
export interface Transport {
  send(message: OutgoingMessage): Promise<void>;
}

/** The outbox row and whether its transport took it. */
export interface Delivery {
  id: number;
  delivered: boolean;
}

export interface Notifier {
  sms(phone: string, text: string): Promise<Delivery>;
  email(to: string, subject: string, text: string): Promise<Delivery>;
  /** Sends the queued messages that are due (decisions/0124), each retried with back-off until it goes. */
  deliverQueued?(limit?: number): Promise<{ sent: number; failed: number }>;
  /** Logs through the application's logger once it exists (the notifier is built before the app). */
  attachLogger?(log: NotifyLog): void;
}

export interface NotifyLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

export interface OutboxNotifierDeps {
  db: Db;
  now: () => Date;
  transports: Record<Channel, Transport | null>;
  /**
   * True on a demo server reachable only from this machine (not production, loopback address): a message
   * without a transport is delivered by being readable at /dev/outbox. Elsewhere it stays undelivered.
   */
  outboxDelivers: boolean;
  /** The platform-wide hourly ceiling of messages (SMS pumping costs money), kept in `counters`. */
  ceiling?: { counters: Counters; perHour: number };
  log?: NotifyLog;
}

const NO_TRANSPORT = 'транспорт не настроен';
/**
 * Waits before the next try of a queued message, by the number of tries made: a mail server down for a few hours
 * loses nothing; after the last one the message stays in the outbox with its error, for the operator.
 */
export const RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  2 * HOUR_MS,
  6 * HOUR_MS,
] as const;
/** The stored body of a message the outbox does not deliver: its code or link is not kept. */
export const BODY_NOT_KEPT = 'текст не хранится: сообщение передано транспорту';

export class OutboxNotifier implements Notifier {
  private log: NotifyLog | null;

  constructor(private readonly deps: OutboxNotifierDeps) {
    this.log = deps.log ?? null;
  }

  attachLogger(log: NotifyLog): void {
    this.log = log;
  }

  sms(phone: string, text: string): Promise<Delivery> {
    return this.send('sms', { to: phone, subject: null, text });
  }

  email(to: string, subject: string, text: string): Promise<Delivery> {
    return this.send('email', { to, subject, text });
  }

  async deliverQueued(limit = 20): Promise<{ sent: number; failed: number }> {
    const { db, now, outboxDelivers } = this.deps;
    const due = await dueQueuedMessages(db, now(), limit);
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      const about = { id: row.id, channel: row.channel, attempt: row.attempts + 1 };
      const transport = this.deps.transports[row.channel];
      try {
        if (transport) {
          await transport.send({ to: row.recipient, subject: row.subject, text: row.body, html: row.html });
        } else if (!outboxDelivers) {
          throw new Error(NO_TRANSPORT);
        }
        await markOutboxSent(db, row.id, now());
        sent++;
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const delay = RETRY_DELAYS_MS[row.attempts];
        await markQueuedFailed(
          db,
          row.id,
          reason,
          delay === undefined ? null : new Date(now().getTime() + delay),
        );
        this.log?.warn({ ...about, error: reason }, 'сообщение не доставлено, повтор по расписанию');
        failed++;
      }
    }
    return { sent, failed };
  }

  private async send(channel: Channel, message: OutgoingMessage): Promise<Delivery> {
    const { db, now, outboxDelivers, ceiling } = this.deps;
    if (ceiling) {
      const sent = await ceiling.counters.hit('messages:hour', HOUR_MS);
      if (sent.count > ceiling.perHour) {
        this.log?.warn({ channel, perHour: ceiling.perHour }, 'достигнут часовой предел сообщений площадки');
        const minutes = Math.max(1, Math.ceil(sent.resetInMs / MINUTE_MS));
        throw new AppError(429, 'rate_limited', NOTIFY_MESSAGES.ceilingReached(minutes));
      }
    }
    const transport = this.deps.transports[channel];
    const outboxIsDelivery = !transport && outboxDelivers;
    const id = await insertOutboxMessage(db, {
      channel,
      recipient: message.to,
      subject: message.subject,
      body: outboxIsDelivery ? message.text : BODY_NOT_KEPT,
      createdAt: now(),
    });
    // What may be logged: which message, never its recipient or text (a code, a link).
    const about = { id, channel };
    if (outboxIsDelivery) {
      await markOutboxSent(db, id, now());
      this.log?.info(about, 'сообщение записано в development outbox: откройте /dev/outbox');
      return { id, delivered: true };
    }
    try {
      if (!transport) throw new Error(NO_TRANSPORT);
      await transport.send(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markOutboxFailed(db, id, reason.slice(0, 500));
      this.log?.warn({ ...about, error: reason }, 'сообщение не доставлено');
      return { id, delivered: false };
    }
    await markOutboxSent(db, id, now());
    this.log?.info(about, 'сообщение доставлено');
    return { id, delivered: true };
  }
}
