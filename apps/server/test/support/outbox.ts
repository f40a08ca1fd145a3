/** Reading what the platform "sent", the way a developer does: through /dev/outbox.json. */
import type { FastifyInstance } from 'fastify';

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

export async function outbox(app: FastifyInstance, recipient?: string): Promise<OutboxMessage[]> {
  const query = recipient ? `?recipient=${encodeURIComponent(recipient)}` : '';
  const response = await app.inject({ url: `/dev/outbox.json${query}` });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.body}`);
  return response.json().data;
}

/** The code of the newest SMS to the phone. */
export async function lastSmsCode(app: FastifyInstance, phone: string): Promise<string> {
  const [sms] = (await outbox(app, phone)).filter((m) => m.channel === 'sms');
  const code = sms && /^(\d{4}) —/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no SMS code to ${phone}`);
  return code;
}

/** The first link in the newest e-mail to the address. */
export async function lastEmailLink(app: FastifyInstance, to: string): Promise<URL> {
  const [mail] = (await outbox(app, to)).filter((m) => m.channel === 'email');
  const link = mail && /https?:\/\/\S+/.exec(mail.body)?.[0];
  if (!link) throw new Error(`no e-mailed link to ${to}`);
  return new URL(link);
}

/** A code that is surely not the one sent. */
export const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
