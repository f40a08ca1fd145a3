import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { lastEmailLink, lastSmsCode, otherCode, outbox } from './support/outbox.ts';

describe.each(DRIVERS)('registration on %s', (driver) => {
  let t: TestApp;
  let seq = 0;
  const newPhone = () => `7927${String(3_000_000 + ++seq).padStart(7, '0')}`;

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: '100000', CODES_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  /** Phone and SMS stages: the code the user typed in. */
  async function phoneStage(phone: string) {
    expect((await post('/api/v2/registrations/sms', { phone })).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, phone);
    expect((await post('/api/v2/registrations/check_sms', { phone, code })).statusCode).toBe(200);
    return code;
  }

  const form = (phone: string, code: string, email: string) => ({
    phone,
    code,
    email,
    password: 'Strong-pass-1',
    pers_data_agreement: true,
    policy_agreement: true,
  });

  it('answers user_exists on the phone field when the phone has an account', async () => {
    const existing = await buildUser(t.ctx.db);
    const response = await post('/api/v2/registrations/sms', { phone: `+${existing.phone}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'user_exists',
      errors: { phone: ['Пользователь с таким номером телефона уже зарегистрирован'] },
    });
    expect(await outbox(t.app, existing.phone!)).toHaveLength(0);
  });

  it('creates the account: role user, phone confirmed, e-mail awaiting confirmation, agreements stamped', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    const response = await post(
      '/api/v2/registrations',
      form(`8 ${phone.slice(1)}`, code, 'New.Buyer@Example.ru'),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Регистрация завершена');
    expect(body.data.jwt.token).toMatch(/^ey/);
    expect(body.data.profile).toMatchObject({
      phone,
      confirmed_phone: true,
      email: 'new.buyer@example.ru',
      confirmed_email: false,
      role: 'user',
      has_password: true,
      company_id: null,
    });
    expect(body.data.filled).toMatchObject({ has_email: true, has_phone: true, has_first_name: false });

    const [row] = await t.ctx.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.policyAgreementAt).toEqual(t.clock.now());
    expect(row!.persDataAgreementAt).toEqual(t.clock.now());
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(body.data.jwt.token) });
    expect(me.json().data.phone).toBe(phone);
    const signIn = await post('/api/v2/auth/authorize_by_email', {
      email: 'new.buyer@example.ru',
      password: 'Strong-pass-1',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('mails a confirmation link that confirms the e-mail once and redirects to sign-in', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    await post('/api/v2/registrations', form(phone, code, 'confirm.me@example.ru'));
    const [mail] = await outbox(t.app, 'confirm.me@example.ru');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Подтверждение Email на ЭТП РД' });
    const link = await lastEmailLink(t.app, 'confirm.me@example.ru');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/api/v2/confirmations');

    const confirm = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/users/sign_in?confirmed=1');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.confirmedEmail).toBe(true);

    const again = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(again.headers.location).toBe('/users/sign_in?confirmation_failed=1');
    const forged = await t.app.inject({ url: '/api/v2/confirmations?confirmation_token=1.abc' });
    expect(forged.headers.location).toBe('/users/sign_in?confirmation_failed=1');
  });

  it('sends the confirmation again on request, and answers the same for an unknown address', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    await post('/api/v2/registrations', form(phone, code, 'again@example.ru'));
    const first = await lastEmailLink(t.app, 'again@example.ru');
    const resend = await post('/api/v2/confirmations/send_instructions', { email: 'AGAIN@example.ru' });
    const unknown = await post('/api/v2/confirmations/send_instructions', { email: 'nobody@example.ru' });
    expect(resend.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resend.json());
    expect(await outbox(t.app, 'nobody@example.ru')).toHaveLength(0);
    const second = await lastEmailLink(t.app, 'again@example.ru');
    expect(second.search).not.toBe(first.search);
    // The newer link replaces the older one.
    expect((await t.app.inject({ url: `${first.pathname}${first.search}` })).headers.location).toContain(
      'failed',
    );
    expect((await t.app.inject({ url: `${second.pathname}${second.search}` })).headers.location).toContain(
      'confirmed=1',
    );
    const confirmed = await post('/api/v2/confirmations/send_instructions', { email: 'again@example.ru' });
    expect(confirmed.statusCode).toBe(200);
    expect((await outbox(t.app, 'again@example.ru')).filter((m) => m.channel === 'email')).toHaveLength(2);
  });

  it('sends at most 5 confirmation mails an hour to one address', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    await post('/api/v2/registrations', form(phone, code, 'flood@example.ru'));
    for (let i = 0; i < 6; i++) {
      expect(
        (await post('/api/v2/confirmations/send_instructions', { email: 'flood@example.ru' })).statusCode,
      ).toBe(200);
    }
    expect(await outbox(t.app, 'flood@example.ru')).toHaveLength(5);
  });

  it('confirms a changed e-mail: the awaited address becomes the account e-mail', async () => {
    const user = await buildUser(t.ctx.db, { unconfirmedEmail: 'changed@example.ru', confirmedEmail: true });
    await post('/api/v2/confirmations/send_instructions', { email: 'changed@example.ru' });
    const link = await lastEmailLink(t.app, 'changed@example.ru');
    const confirm = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(confirm.headers.location).toBe('/users/sign_in?confirmed=1');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: 'changed@example.ru', unconfirmedEmail: null, confirmedEmail: true });
  });

  it('puts each bad field on its own key with the spec texts', async () => {
    const response = await post('/api/v2/registrations', {
      phone: newPhone(),
      code: '12',
      email: 'иван@example.ru',
      password: 'short',
      pers_data_agreement: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      code: ['Код состоит из 4 цифр'],
      email: ['Email не может содержать русские буквы'],
      password: ['Длина пароля должна быть не менее 8 символов'],
      pers_data_agreement: ['Необходимо ваше согласие'],
      policy_agreement: ['Необходимо ваше согласие'],
    });
  });

  it('needs both agreements', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    for (const missing of ['pers_data_agreement', 'policy_agreement']) {
      const response = await post('/api/v2/registrations', {
        ...form(phone, code, 'agree@example.ru'),
        [missing]: false,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ [missing]: ['Необходимо ваше согласие'] });
    }
    expect(await t.ctx.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('refuses a taken e-mail on the e-mail field and a wrong code on the code field', async () => {
    const existing = await buildUser(t.ctx.db);
    const phone = newPhone();
    const code = await phoneStage(phone);
    const taken = await post('/api/v2/registrations', form(phone, code, existing.email!.toUpperCase()));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['Пользователь с таким Email уже зарегистрирован'] });
    const wrong = await post('/api/v2/registrations', form(phone, otherCode(code), 'wrong.code@example.ru'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'code_invalid', errors: { code: ['Неверный код'] } });
    expect(await t.ctx.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('needs a code sent for registration to this phone, and spends it', async () => {
    const phone = newPhone();
    const none = await post('/api/v2/registrations', form(phone, '1234', 'nocode@example.ru'));
    expect(none.json().code).toBe('code_expired');
    const code = await phoneStage(phone);
    expect((await post('/api/v2/registrations', form(phone, code, 'once@example.ru'))).statusCode).toBe(200);
    const twice = await post('/api/v2/registrations', form(phone, code, 'twice@example.ru'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('user_exists');
  });

  it('lets a person who just registered sign in at once: the spent registration code holds no resend pause', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    const email = 'fresh.signin@example.ru';
    expect((await post('/api/v2/registrations', form(phone, code, email))).statusCode).toBe(200);
    // The account has no name yet: sign-in asks for it and sends a sign-in code to the phone, seconds later.
    const stage = await post('/api/v2/auth/sms', { email, password: 'Strong-pass-1' });
    expect(stage.statusCode).toBe(200);
    expect(stage.json().data).toMatchObject({ sent: false, filled: { has_first_name: false } });
    const sent = await post('/api/v2/auth/sms_data_not_filled', { email, password: 'Strong-pass-1' });
    expect(sent.statusCode).toBe(200);
    const signInCode = await lastSmsCode(t.app, phone);
    expect(signInCode).not.toBe(code);
    const signedIn = await post('/api/v2/auth/authorize_data_not_filled', {
      email,
      password: 'Strong-pass-1',
      code: signInCode,
      first_name: 'Анна',
      last_name: 'Новикова',
    });
    expect(signedIn.statusCode).toBe(200);
    // A code still unspent keeps its pause: a second sign-in code to the phone waits.
    const again = await post('/api/v2/auth/sms', { email, password: 'Strong-pass-1' });
    expect(again.json().data).toMatchObject({ sent: true });
    const tooSoon = await post('/api/v2/auth/sms', { email, password: 'Strong-pass-1' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/через \d+/);
  });

  it('keeps a checked code alive for 30 minutes so the form can be finished', async () => {
    const phone = newPhone();
    const code = await phoneStage(phone);
    t.clock.advance(20 * 60_000);
    expect((await post('/api/v2/registrations', form(phone, code, 'slow@example.ru'))).statusCode).toBe(200);

    const unchecked = newPhone();
    await post('/api/v2/registrations/sms', { phone: unchecked });
    const late = await lastSmsCode(t.app, unchecked);
    t.clock.advance(6 * 60_000);
    const expired = await post('/api/v2/registrations', form(unchecked, late, 'late@example.ru'));
    expect(expired.json().code).toBe('code_expired');
  });
});
