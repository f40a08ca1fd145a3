/** Chooses the transports from the configuration: SMTP_URL for e-mail, SMS_WEBHOOK_URL for SMS. */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Channel, OutboxNotifier, type Transport } from './notifier.ts';
import { smtpTransport, webhookSmsTransport } from './transports.ts';

/** Tests (and an operator's own wiring) may put a transport of their own in place of the configured one. */
export type TransportOverrides = Partial<Record<Channel, Transport | null>>;

export function createNotifier(
  config: Config,
  db: Db,
  now: () => Date,
  overrides: TransportOverrides = {},
): OutboxNotifier {
  const configured: Record<Channel, Transport | null> = {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null,
    sms: config.smsWebhookUrl ? webhookSmsTransport(config.smsWebhookUrl) : null,
  };
  return new OutboxNotifier({
    db,
    now,
    production: config.env === 'production',
    transports: { ...configured, ...overrides },
  });
}
