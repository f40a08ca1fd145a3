/** Chooses the transports from the configuration: SMTP_URL for e-mail, SMS_WEBHOOK_URL for SMS. */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Counters } from '../http/counters.ts';
import { type Channel, OutboxNotifier, type Transport } from './notifier.ts';
import { smtpTransport, webhookSmsTransport } from './transports.ts';

/** Tests (and an operator's own wiring) may put a transport of their own in place of the configured one. */
export type TransportOverrides = Partial<Record<Channel, Transport | null>>;

/** The development outbox exists only on a demo server that no other machine can reach. */
export const outboxOpen = (config: Config): boolean => config.env !== 'production' && !config.exposed;

export function createNotifier(
  config: Config,
  db: Db,
  now: () => Date,
  overrides: TransportOverrides = {},
  counters?: Counters,
): OutboxNotifier {
  const configured: Record<Channel, Transport | null> = {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null,
    sms: config.smsWebhookUrl ? webhookSmsTransport(config.smsWebhookUrl) : null,
  };
  return new OutboxNotifier({
    db,
    now,
    outboxDelivers: outboxOpen(config),
    ceiling: counters ? { counters, perHour: config.messagesPerHour } : undefined,
    transports: { ...configured, ...overrides },
  });
}
