import { createServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../src/db/schema/index.ts';
import { type NotifyLog, OutboxNotifier } from '../src/notify/notifier.ts';
import { smtpTransport, webhookSmsTransport } from '../src/notify/transports.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { outbox } from './support/outbox.ts';
import { type FakeSmtp, startFakeSmtp } from './support/smtp.ts';

function capturingLog() {
  const lines: string[] = [];
  const log: NotifyLog = {
    info: (data, message) => lines.push(JSON.stringify({ ...data, message })),
    warn: (data, message) => lines.push(JSON.stringify({ ...data, message })),
  };
  return { log, lines };
}

describe.each(DRIVERS)('notifier on %s', (driver) => {
  let t: TestApp;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(driver, { SMTP_URL: smtp.url, MAIL_FROM: 'ЭТП РД <noreply@etp-rd.ru>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const rowOf = async (id: number) =>
    (await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)))[0]!;

  it('writes an e-mail to the outbox, delivers it over SMTP and stamps sent_at', async () => {
    const delivery = await t.ctx.notifier.email('ivan@example.ru', 'Проверка', 'Здравствуйте, Иван!');
    expect(delivery.delivered).toBe(true);
    const row = await rowOf(delivery.id);
    expect(row).toMatchObject({
      channel: 'email',
      recipient: 'ivan@example.ru',
      subject: 'Проверка',
      error: null,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['<ivan@example.ru>']);
    expect(smtp.received[0]!.data).toContain('noreply@etp-rd.ru');
  });

  it('keeps an e-mail the SMTP server did not take, with the error and no sent_at', async () => {
    const closed = await startFakeSmtp();
    await closed.close();
    const notifier = new OutboxNotifier({
      db: t.ctx.db,
      now: t.ctx.now,
      outboxDelivers: false,
      transports: { email: smtpTransport(closed.url, 'noreply@etp-rd.ru'), sms: null },
    });
    const delivery = await notifier.email('ivan@example.ru', 'Тема', 'Текст');
    expect(delivery.delivered).toBe(false);
    const row = await rowOf(delivery.id);
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('hands an SMS to the gateway as JSON {to, text}', async () => {
    const calls: unknown[] = [];
    const gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (c) => {
        body += c;
      });
      request.on('end', () => {
        calls.push(JSON.parse(body));
        response.statusCode = calls.length === 1 ? 200 : 500;
        response.end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const port = (gateway.address() as { port: number }).port;
    const notifier = new OutboxNotifier({
      db: t.ctx.db,
      now: t.ctx.now,
      outboxDelivers: false,
      transports: { email: null, sms: webhookSmsTransport(`http://127.0.0.1:${port}/sms`) },
    });
    try {
      const first = await notifier.sms('79161234567', '1234 — код');
      expect(first.delivered).toBe(true);
      expect(calls[0]).toEqual({ to: '79161234567', text: '1234 — код' });
      expect((await rowOf(first.id)).sentAt).toBeInstanceOf(Date);

      const second = await notifier.sms('79161234567', '5678 — код');
      expect(second.delivered).toBe(false);
      expect((await rowOf(second.id)).error).toBe('SMS-шлюз ответил 500');
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('in development the outbox is the delivery of SMS, and the console does not show the text', async () => {
    const { log, lines } = capturingLog();
    const notifier = new OutboxNotifier({
      db: t.ctx.db,
      now: t.ctx.now,
      outboxDelivers: true,
      transports: { email: null, sms: null },
      log,
    });
    const delivery = await notifier.sms('79160000099', '4321 — код для входа');
    expect(delivery.delivered).toBe(true);
    expect((await rowOf(delivery.id)).sentAt).toBeInstanceOf(Date);
    expect((await rowOf(delivery.id)).body).toBe('4321 — код для входа');
    expect(lines.join('\n')).toContain('/dev/outbox');
    expect(lines.join('\n')).not.toContain('4321');
  });

  it('in production never logs a message text, and without a transport leaves it undelivered', async () => {
    const { log, lines } = capturingLog();
    const sent: string[] = [];
    const notifier = new OutboxNotifier({
      db: t.ctx.db,
      now: t.ctx.now,
      outboxDelivers: false,
      transports: { email: { send: async (m) => void sent.push(m.text) }, sms: null },
      log,
    });
    const mail = await notifier.email('ivan@example.ru', 'Сброс', 'ссылка https://etp/reset?token=SECRET-1');
    const sms = await notifier.sms('79160000098', '8765 — код для входа');
    expect(mail.delivered).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sms.delivered).toBe(false);
    expect((await rowOf(sms.id)).error).toBe('транспорт не настроен');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).not.toMatch(/SECRET-1|8765|79160000098|ivan@example.ru/);
  });

  it('shows the development outbox as a Russian page, newest first, with every value escaped', async () => {
    await t.ctx.notifier.sms('79161112233', 'первое');
    // E-mail goes over SMTP here, so its text is not kept: the script is sent as an SMS, which the outbox delivers.
    await t.ctx.notifier.sms('79161112244', '<script>alert(1)</script>');
    await t.ctx.notifier.email('x@example.ru', '<b>тема</b>', 'текст');
    const page = await t.app.inject({ url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Исходящие сообщения');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body.indexOf('&lt;b&gt;тема')).toBeLessThan(page.body.indexOf('первое'));
  });

  it('filters the outbox by recipient, a phone in any typed form', async () => {
    const messages = await outbox(t.app, '+7 916 111-22-33');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'sms', recipient: '79161112233', body: 'первое' });
    const page = await t.app.inject({ url: '/dev/outbox?recipient=79161112233' });
    expect(page.body).toContain('первое');
    expect(page.body).not.toContain('alert(1)');
  });
});

describe('the development outbox in production', () => {
  it('is not there', async () => {
    const t = await createTestApp(DRIVERS[0]!, {
      NODE_ENV: 'production',
      JWT_SECRET: 'production-secret-0123456789-0123456789',
    });
    try {
      expect((await t.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/dev/outbox.json' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
