/**
 * E-mails of events (issue 18 part 4, decisions/0124), through a real SMTP server started here (smtp-server):
 * after a procedure ends the winner and the losers get their mails, except a user who switched "lost" off; a mail
 * server that refuses loses nothing (the mail is tried again later), and one that hangs never slows a bid.
 */

import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../src/db/schema/index.ts';
import { MAIL_EVENTS_WITHIN_MS } from '../src/modules/events/mail/mail.policy.ts';
import { queueDailySummaries, queueEventMails } from '../src/modules/events/mail/mailQueue.ts';
import { RETRY_DELAYS_MS } from '../src/notify/notifier.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;
/** A port of this suite's own range (the machine is shared). */
const PORT = 4592;

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How the fake mail server behaves for the next message. */
type Mode = { kind: 'accept' } | { kind: 'refuse' } | { kind: 'hang'; ms: number };

describe.each(DRIVERS)('e-mails of events through SMTP on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let server: SMTPServer;
  const received: Mail[] = [];
  let mode: Mode = { kind: 'accept' };

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (mode.kind === 'refuse') {
            const error = Object.assign(new Error('Сервер перегружен, повторите позже'), {
              responseCode: 451,
            });
            callback(error);
            return;
          }
          if (mode.kind === 'hang')
            await new Promise((resolve) => setTimeout(resolve, (mode as { ms: number }).ms));
          const parsed = await simpleParser(Buffer.concat(chunks));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
    t = await createTestApp(driver, {
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      SMTP_URL: `smtp://127.0.0.1:${PORT}`,
      PUBLIC_URL: 'https://etp.example.ru',
    });
    floor = await buildFloor(t, 3);
    call = api(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const emailOf = async (who: Trader) => (await call.get(who, '/api/v1/profile')).json().data.email as string;
  const mailsTo = (address: string, about: string) =>
    received.filter((m) => m.to === address && m.subject.includes(about));
  const pump = async () => {
    await queueEventMails(t.ctx);
    return t.ctx.notifier.deliverQueued!();
  };

  it('mails the winner and the losers after the end, honouring a user who switched "lost" off', async () => {
    const [a, b, c] = floor.buyers as [Trader, Trader, Trader];
    const quiet = await call.send(c, 'PUT', '/api/v1/profile', {
      notifications_settings: { lot_mailer: { lost: false } },
    });
    expect(quiet.statusCode).toBe(200);
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 10 * MINUTE });
    await call.bid(c, { lot_id: lot.id, amount: 1_000_000 });
    await call.bid(a, { lot_id: lot.id, amount: 1_100_000 });
    const bid = (await call.bid(b, { lot_id: lot.id, amount: 1_200_000 })).json().data.bid_id;
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    t.clock.advance(10 * MINUTE);
    await scheduler.tick();
    await scheduler.stop();
    expect(
      (await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, { bid_id: bid }))
        .statusCode,
    ).toBe(200);
    await pump();

    const [emailA, emailB, emailC] = await Promise.all([emailOf(a), emailOf(b), emailOf(c)]);
    const title = `Лот №${lot.number} ТП №${briefcase.id}`;
    const won = mailsTo(emailB, `${title}: вы победили`);
    expect(won).toHaveLength(1);
    expect(won[0]!.subject).toBe(`ЭТП РД: ${title}: вы победили`);
    expect(won[0]!.text).toContain(`https://etp.example.ru/briefcases/${briefcase.id}/trade?id=${lot.id}`);
    expect(won[0]!.html).toContain(`${title}: вы победили`);
    expect(won[0]!.html).toContain('Открыть торговую процедуру');
    expect(mailsTo(emailA, `${title}: победил другой участник`)).toHaveLength(1);
    expect(mailsTo(emailC, 'победил другой участник')).toHaveLength(0);
    // c still hears of what it did not switch off: it was outbid, and the procedure finished.
    expect(mailsTo(emailC, `${title}: ваша ставка перебита`)).toHaveLength(1);
    expect(mailsTo(emailC, `ТП №${briefcase.id}: статус «Подведение итогов»`)).toHaveLength(1);
    // Each event is mailed once: another pass sends nothing more.
    const before = received.length;
    expect(await pump()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(before);
  }, 120_000);

  it('keeps a mail the server refused and sends it on a later try', async () => {
    const [a, b] = floor.buyers as [Trader, Trader];
    const { briefcase, lot } = await tradingLot(t, floor);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    mode = { kind: 'refuse' };
    await call.bid(b, { lot_id: lot.id, amount: 1_100_000 });
    const subject = `Лот №${lot.number} ТП №${briefcase.id}: ваша ставка перебита`;
    expect(await pump()).toEqual({ sent: 0, failed: 1 });
    const emailA = await emailOf(a);
    expect(mailsTo(emailA, subject)).toHaveLength(0);

    mode = { kind: 'accept' };
    // Not before its time: the next try waits RETRY_DELAYS_MS[0].
    expect(await pump()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(RETRY_DELAYS_MS[0]);
    expect(await pump()).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(emailA, subject)).toHaveLength(1);
  }, 60_000);

  it('never makes a bid wait for a mail server that hangs', async () => {
    const [a, b] = floor.buyers as [Trader, Trader];
    const { lot } = await tradingLot(t, floor);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    await call.bid(b, { lot_id: lot.id, amount: 1_100_000 });
    await queueEventMails(t.ctx);
    mode = { kind: 'hang', ms: 3_000 };
    const sending = t.ctx.notifier.deliverQueued!();
    // The mail is on its way to the hanging server; a bid meanwhile is answered at once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const bid = await call.bid(a, { lot_id: lot.id, amount: 1_200_000 });
    const ms = performance.now() - started;
    expect(bid.statusCode).toBe(200);
    expect(ms).toBeLessThan(1_000);
    expect((await sending).sent).toBeGreaterThan(0);
    mode = { kind: 'accept' };
  }, 60_000);

  it("mails each user the day's events once, from 09:00 МСК the next day, unless switched off", async () => {
    const [a, , c] = floor.buyers as [Trader, Trader, Trader];
    await call.send(c, 'PUT', '/api/v1/profile', {
      notifications_settings: { lot_mailer: { daily_summary: false } },
    });
    // The events above happened on 22.11.2026 (МСК). At 08:59 МСК on the 23rd nothing goes yet.
    t.clock.set(new Date('2026-11-23T05:59:00Z'));
    expect(await queueDailySummaries(t.ctx)).toBe(0);
    t.clock.set(new Date('2026-11-23T06:00:00Z'));
    expect(await queueDailySummaries(t.ctx)).toBeGreaterThan(0);
    expect(await queueDailySummaries(t.ctx)).toBe(0);
    await t.ctx.notifier.deliverQueued!();
    const [emailA, emailC] = await Promise.all([emailOf(a), emailOf(c)]);
    const subject = 'ЭТП РД: сводка событий за 22.11.2026';
    const summary = mailsTo(emailA, subject);
    expect(summary).toHaveLength(1);
    expect(summary[0]!.text).toMatch(/За 22\.11\.2026 у вас \d+ событи/);
    expect(summary[0]!.text).toContain('победил другой участник');
    expect(summary[0]!.html).toContain('<li');
    expect(mailsTo(emailC, subject)).toHaveLength(0);
  }, 60_000);

  it('tries a refused mail on the schedule and, after the last try, keeps it with its error for the operator', async () => {
    const [a, b] = floor.buyers as [Trader, Trader];
    // Whatever earlier tests left queued goes first.
    await pump();
    const emailA = await emailOf(a);
    const started = t.clock.now().getTime();
    const { briefcase, lot } = await tradingLot(t, floor);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    await call.bid(b, { lot_id: lot.id, amount: 1_100_000 });
    const subject = `Лот №${lot.number} ТП №${briefcase.id}: ваша ставка перебита`;
    mode = { kind: 'refuse' };
    try {
      expect(await pump()).toEqual({ sent: 0, failed: 1 });
      for (const delay of RETRY_DELAYS_MS) {
        // A moment before its time nothing is tried; at its time it is, and refused again.
        t.clock.advance(delay - 1_000);
        expect(await t.ctx.notifier.deliverQueued!()).toEqual({ sent: 0, failed: 0 });
        t.clock.advance(1_000);
        expect(await t.ctx.notifier.deliverQueued!()).toEqual({ sent: 0, failed: 1 });
      }
    } finally {
      mode = { kind: 'accept' };
    }
    // Seven tries made: no more, however long the wait; the row stays with the server's answer.
    t.clock.advance(7 * 24 * 3_600_000);
    expect(await t.ctx.notifier.deliverQueued!()).toEqual({ sent: 0, failed: 0 });
    const [row] = await t.ctx.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, `ЭТП РД: ${subject}`));
    expect(row).toMatchObject({
      attempts: RETRY_DELAYS_MS.length + 1,
      nextAttemptAt: null,
      sentAt: null,
      error: expect.stringContaining('451'),
    });
    expect(mailsTo(emailA, subject)).toHaveLength(0);
    // Back to the day the sessions were opened on.
    t.clock.set(new Date(started));
  }, 60_000);

  it('does not mail late an event the worker first sees more than a day after it happened', async () => {
    const [a, b] = floor.buyers as [Trader, Trader];
    await pump();
    const emailA = await emailOf(a);
    const { briefcase, lot } = await tradingLot(t, floor);
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    await call.bid(b, { lot_id: lot.id, amount: 1_100_000 });
    t.clock.advance(MAIL_EVENTS_WITHIN_MS + MINUTE);
    expect(await queueEventMails(t.ctx)).toBe(0);
    // Looked at once: it is not queued on a later pass either.
    expect(await pump()).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(emailA, `Лот №${lot.number} ТП №${briefcase.id}`)).toHaveLength(0);
    t.clock.advance(-(MAIL_EVENTS_WITHIN_MS + MINUTE));
  }, 60_000);
});
