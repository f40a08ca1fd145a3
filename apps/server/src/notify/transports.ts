/** Real transports: e-mail over SMTP (nodemailer) and SMS through an HTTP gateway. */
import nodemailer from 'nodemailer';
import type { OutgoingMessage, Transport } from './notifier.ts';

const TIMEOUT_MS = 10_000;

/** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
export function smtpTransport(smtpUrl: string, from: string): Transport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 2 * TIMEOUT_MS,
  });
  return {
    send: async (message: OutgoingMessage) => {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

/**
 * SMS_WEBHOOK_URL: each SMS is POSTed as JSON `{"to": "79161234567", "text": "…"}`; any 2xx answer means the
 * gateway took it. A thin adapter in front of a provider (SMSC, SMS.ru, МТС Exolve…) speaks its own API.
 */
export function webhookSmsTransport(webhookUrl: string): Transport {
  return {
    send: async (message: OutgoingMessage) => {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS-шлюз ответил ${response.status}`);
    },
  };
}
