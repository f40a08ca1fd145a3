import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { lastSmsCode, otherCode, outbox } from './support/outbox.ts';

/** SMS codes, exercised through registration's calls (every other code call shares codes.service.ts). */
describe.each(DRIVERS)('one-time SMS codes on %s', (driver) => {
  let t: TestApp;
  let phoneSeq = 0;
  const newPhone = () => `7926${String(5_000_000 + ++phoneSeq).padStart(7, '0')}`;

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: '100000', CODES_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  const sendCode = (phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/registrations/sms', payload: { phone } });
  const check = (phone: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/registrations/check_sms', payload: { phone, code } });

  it('sends a 4-digit code and stores only its keyed hash', async () => {
    const phone = newPhone();
    const response = await sendCode(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      message: 'Код отправлен',
      data: { phone: `+7 ${phone.slice(1, 4)} ***-**-${phone.slice(9)}`, resend_in: 120 },
    });
    const code = await lastSmsCode(t.app, phone);
    expect(code).toMatch(/^\d{4}$/);
    const [row] = await t.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60_000);
    expect((await check(phone, code)).statusCode).toBe(200);
  });

  it('normalises the phone however it is typed', async () => {
    const response = await sendCode('8 (926) 777-66-55');
    expect(response.statusCode).toBe(200);
    expect((await outbox(t.app, '79267776655'))[0]).toMatchObject({
      channel: 'sms',
      recipient: '79267776655',
    });
  });

  it('answers the spec texts for a bad phone', async () => {
    const empty = await sendCode('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ phone: ['Введите ваш номер телефона'] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v2/registrations/sms', payload: {} });
    expect(missing.json().errors).toEqual({ phone: ['Введите ваш номер телефона'] });
    const area = await sendCode('+7 516 123-45-67');
    expect(area.json().errors).toEqual({ phone: ['Код города может начинаться только с 3, 4, 8 и 9'] });
  });

  it('refuses a resend before 120 s with the seconds left, and allows it after', async () => {
    const phone = newPhone();
    expect((await sendCode(phone)).statusCode).toBe(200);
    t.clock.advance(30_000);
    const early = await sendCode(phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Повторная отправка возможна через 90 с',
    });
    t.clock.advance(90_000);
    expect((await sendCode(phone)).statusCode).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const first = await lastSmsCode(t.app, phone);
    t.clock.advance(121_000);
    await sendCode(phone);
    const second = await lastSmsCode(t.app, phone);
    if (first !== second) expect((await check(phone, first)).statusCode).toBe(422);
    expect((await check(phone, second)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to one phone', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(phone)).statusCode).toBe(200);
      t.clock.advance(121_000);
    }
    const sixth = await sendCode(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      'На этот номер отправлено слишком много кодов. Попробуйте через 50 мин.',
    );
    t.clock.advance(50 * 60_000);
    expect((await sendCode(phone)).statusCode).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await lastSmsCode(t.app, phone);
    t.clock.advance(5 * 60_000 + 1);
    const late = await check(phone, code);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      code: 'code_expired',
      errors: { code: ['Код недействителен или устарел. Запросите новый код'] },
    });
  });

  it('kills a code after 5 wrong attempts, even for the right code', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await lastSmsCode(t.app, phone);
    for (let i = 1; i <= 4; i++) {
      const wrong = await check(phone, otherCode(code));
      expect(wrong.json()).toMatchObject({ code: 'code_invalid', errors: { code: ['Неверный код'] } });
    }
    const fifth = await check(phone, otherCode(code));
    expect(fifth.json().errors.code).toEqual(['Неверный код. Попытки закончились, запросите новый код']);
    const right = await check(phone, code);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toMatchObject({
      code: 'code_expired',
      errors: { code: ['Превышено число попыток ввода кода. Запросите новый код'] },
    });
  });

  it('counts attempts across concurrent checks: no more than 5 guesses get through', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await lastSmsCode(t.app, phone);
    const guesses = await Promise.all(Array.from({ length: 8 }, () => check(phone, otherCode(code))));
    expect(guesses.filter((g) => g.json().code === 'code_invalid')).toHaveLength(5);
    const [row] = await t.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, phone));
    expect(row!.attempts).toBe(5);
  });

  it('a code for one phone does not work for another', async () => {
    const a = newPhone();
    const b = newPhone();
    await sendCode(a);
    await sendCode(b);
    const codeA = await lastSmsCode(t.app, a);
    const codeB = await lastSmsCode(t.app, b);
    if (codeA !== codeB) expect((await check(b, codeA)).statusCode).toBe(422);
    expect((await check(a, codeA)).statusCode).toBe(200);
  });
});

describe.each(DRIVERS)('code delivery and address limits on %s', (driver) => {
  it('kills a code whose SMS was not delivered and says so', async () => {
    const texts: string[] = [];
    const t = await createTestApp(
      driver,
      {},
      {
        transports: {
          sms: {
            send: async (message) => {
              texts.push(message.text);
              throw new Error('шлюз недоступен');
            },
          },
        },
      },
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/registrations/sms',
        payload: { phone: '79265550001' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'delivery_failed',
        message: 'Не удалось отправить SMS. Попробуйте позже.',
      });
      const [sms] = await outbox(t.app, '79265550001');
      // A message for a transport is not kept in the outbox: the code is what the gateway was handed.
      expect(sms).toMatchObject({ sent_at: null, error: 'шлюз недоступен' });
      expect(sms!.body).not.toMatch(/\d{4}/);
      const code = /^(\d{4})/.exec(texts[0]!)![1]!;
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/v2/registrations/check_sms',
        payload: { phone: '79265550001', code },
      });
      expect(check.statusCode).toBe(422);
      expect(check.json().code).toBe('code_expired');
    } finally {
      await t.close();
    }
  });

  it('limits the codes one client address may ask for in an hour, over every call that sends one', async () => {
    const t = await createTestApp(driver, { CODES_PER_ADDRESS_PER_HOUR: '3' });
    try {
      const send = (url: string, payload: object, remoteAddress = '203.0.113.7') =>
        t.app.inject({ method: 'POST', url, payload, remoteAddress });
      expect((await send('/api/v2/registrations/sms', { phone: '79265550011' })).statusCode).toBe(200);
      expect((await send('/api/v2/registrations/sms', { phone: '79265550012' })).statusCode).toBe(200);
      expect(
        (await send('/api/v2/password/send_reset_instructions', { email: 'a@example.ru' })).statusCode,
      ).toBe(200);
      const fourth = await send('/api/v2/registrations/sms', { phone: '79265550013' });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({
        code: 'rate_limited',
        message: 'Слишком много запросов кода. Попробуйте позже.',
      });
      expect(await outbox(t.app, '79265550013')).toHaveLength(0);
      const elsewhere = await send('/api/v2/registrations/sms', { phone: '79265550013' }, '198.51.100.1');
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
