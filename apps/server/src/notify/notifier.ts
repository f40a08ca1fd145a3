/**
 * Every SMS and e-mail is written to `notification_outbox` first and then handed to its transport; the row
 * gets `sent_at` when the transport took it, or `error` when it did not (DESIGN §4). Without a transport the
 * outbox itself is the delivery outside production (a person reads it at /dev/outbox); in production such a
 * message stays undelivered and the caller is told so, so no code is ever accepted that was not sent.
 */
import type { Db } from '../db/client.ts';
import { insertOutboxMessage, markOutboxFailed, markOutboxSent } from './outbox.queries.ts';

export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  to: string;
  subject: string | null;
  text: string;
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
  /** In production a message's text (it may hold a code or a link) never reaches the logs. */
  production: boolean;
  log?: NotifyLog;
}

const NO_TRANSPORT = 'транспорт не настроен';

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

  private async send(channel: Channel, message: OutgoingMessage): Promise<Delivery> {
    const { db, now, production } = this.deps;
    const id = await insertOutboxMessage(db, {
      channel,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: now(),
    });
    // What may be logged: in production only which message went where, never its text.
    const about = production
      ? { id, channel }
      : { id, channel, recipient: message.to, subject: message.subject, text: message.text };
    const transport = this.deps.transports[channel];
    if (!transport && !production) {
      await markOutboxSent(db, id, now());
      this.log?.info(about, 'сообщение записано в development outbox (/dev/outbox)');
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
