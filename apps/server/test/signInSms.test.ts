import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser, PASSWORD } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { lastSmsCode, otherCode, outbox } from './support/outbox.ts';

describe.each(DRIVERS)('sign-in with an SMS code on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { RATE_LIMIT_PER_MINUTE: '100000', CODES_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload });

  it('lists the sign-in methods: SMS and e-mail, no flash call, no bank id when not configured', async () => {
    const response = await t.app.inject({ url: '/auth_methods' });
    expect(response.json().data).toEqual({ flash_call: false, sms: true, email: true, bank_id: false });
  });

  it('e-mail and password send the code to the phone; the code and password sign in', async () => {
    const company = await buildCompany(t.ctx.db);
    const user = await buildUser(t.ctx.db, { company });
    const sent = await post('/api/v2/auth/sms', { email: user.email, password: PASSWORD });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      message: 'Код отправлен',
      data: {
        sent: true,
        phone: `+7 ${user.phone!.slice(1, 4)} ***-**-${user.phone!.slice(9)}`,
        resend_in: 120,
      },
    });
    const code = await lastSmsCode(t.app, user.phone!);

    const wrong = await post('/api/v2/auth/authorize', {
      email: user.email,
      password: PASSWORD,
      code: otherCode(code),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: ['Неверный код'] });

    const badPassword = await post('/api/v2/auth/authorize', {
      email: user.email,
      password: 'nope-nope',
      code,
    });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().errors).toEqual({ password: ['Неверный пароль'] });

    const ok = await post('/api/v2/auth/authorize', { email: user.email, password: PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile).toMatchObject({ id: user.id, company_id: company.id });
    const me = await t.app.inject({ url: '/api/v1/user', headers: bearer(ok.json().data.jwt.token) });
    expect(me.json().data.id).toBe(user.id);

    const replay = await post('/api/v2/auth/authorize', { email: user.email, password: PASSWORD, code });
    expect(replay.json().code).toBe('code_expired');
  });

  it('answers the e-mail stage errors on the e-mail field and others on the password field', async () => {
    const user = await buildUser(t.ctx.db);
    const unknown = await post('/api/v2/auth/sms', { email: 'nobody@example.ru', password: PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'user_not_found',
      errors: { email: ['Пользователь с таким Email не найден'] },
    });
    const blank = await post('/api/v2/auth/sms', { email: ' ', password: PASSWORD });
    expect(blank.statusCode).toBe(422);
    const wrong = await post('/api/v2/auth/sms', { email: user.email, password: 'wrong-password' });
    expect(wrong.json()).toMatchObject({
      code: 'invalid_credentials',
      errors: { password: ['Неверный пароль'] },
    });
    expect(await outbox(t.app, user.phone!)).toHaveLength(0);
  });

  it('signs in by phone, code and password', async () => {
    const user = await buildUser(t.ctx.db);
    await post('/api/v2/auth/sms', { email: user.email, password: PASSWORD });
    const code = await lastSmsCode(t.app, user.phone!);
    const ok = await post('/api/v2/auth/authorize', {
      phone: `8${user.phone!.slice(1)}`,
      password: PASSWORD,
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile.id).toBe(user.id);
  });

  it("does not accept one user's code for another account", async () => {
    const victim = await buildUser(t.ctx.db);
    const attacker = await buildUser(t.ctx.db);
    await post('/api/v2/auth/sms', { email: attacker.email, password: PASSWORD });
    const code = await lastSmsCode(t.app, attacker.phone!);
    const response = await post('/api/v2/auth/authorize', { email: victim.email, password: PASSWORD, code });
    expect(response.statusCode).toBe(422);
  });

  it('sends no code when the phone or a name is missing, and says which', async () => {
    const noPhone = await buildUser(t.ctx.db, { phone: null });
    const r1 = await post('/api/v2/auth/sms', { email: noPhone.email, password: PASSWORD });
    expect(r1.json().data).toMatchObject({ sent: false, phone: null, filled: { has_phone: false } });
    const noName = await buildUser(t.ctx.db, { lastName: null });
    const r2 = await post('/api/v2/auth/sms', { email: noName.email, password: PASSWORD });
    expect(r2.json().data).toMatchObject({ sent: false, filled: { has_phone: true, has_last_name: false } });
    expect(await outbox(t.app, noName.phone!)).toHaveLength(0);
  });

  it('tells the has_* flags of an existing phone and only user_not_found for an unknown one', async () => {
    const user = await buildUser(t.ctx.db, { email: null, firstName: null });
    const info = await post('/api/v2/auth/info_by_phone', { phone: `+${user.phone}` });
    expect(info.json().data).toEqual({
      has_email: false,
      has_first_name: false,
      has_last_name: true,
      has_password: true,
      has_phone: true,
      has_unconfirmed_email: false,
    });
    const unknown = await post('/api/v2/auth/info_by_phone', { phone: '79990001122' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      status: 'error',
      data: null,
      message: 'Пользователь с таким номером телефона не найден',
      errors: { phone: ['Пользователь с таким номером телефона не найден'] },
      code: 'user_not_found',
    });
  });

  it('not my number: cancels the pending code, tells support, changes nothing, answers alike', async () => {
    const user = await buildUser(t.ctx.db);
    await post('/api/v2/auth/sms', { email: user.email, password: PASSWORD });
    const code = await lastSmsCode(t.app, user.phone!);
    const report = await post('/api/v2/auth/not_my_number', { email: user.email, password: PASSWORD });
    const anonymous = await post('/api/v2/auth/not_my_number');
    expect(report.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(report.json());
    expect(report.json().message).toBe('Спасибо, мы передали сообщение в службу поддержки. С вами свяжутся.');
    const [mail] = await outbox(t.app, 'support@etp-rd.ru');
    expect(mail!.body).toContain(user.phone!);
    const signIn = await post('/api/v2/auth/authorize', { email: user.email, password: PASSWORD, code });
    expect(signIn.json().code).toBe('code_expired');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe(user.phone);
  });

  it('keeps authorize_by_email as the direct path by default', async () => {
    const user = await buildUser(t.ctx.db);
    expect(user.authStrategy).toBe('email');
    const response = await post('/api/v2/auth/authorize_by_email', { email: user.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('honours the profile\'s "Кодом из SMS": e-mail and password alone no longer sign in, the code does', async () => {
    const company = await buildCompany(t.ctx.db);
    const user = await buildUser(t.ctx.db, { company });
    const direct = () => post('/api/v2/auth/authorize_by_email', { email: user.email, password: PASSWORD });
    const token = (await direct()).json().data.jwt.token as string;
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: bearer(token),
      payload: { auth_strategy: 'sms' },
    });
    expect(chosen.statusCode).toBe(200);

    const refused = await direct();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'sms_required',
      message: 'Для входа подтвердите вход кодом из SMS',
    });
    // A wrong password is still told as such, not hidden behind the SMS step.
    expect(
      (await post('/api/v2/auth/authorize_by_email', { email: user.email, password: 'nope-nope' }))
        .statusCode,
    ).toBe(401);

    expect((await post('/api/v2/auth/sms', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, user.phone!);
    const signedIn = await post('/api/v2/auth/authorize', { email: user.email, password: PASSWORD, code });
    expect(signedIn.statusCode).toBe(200);

    // Back to "Только Email и паролем": the direct path opens again.
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: bearer(signedIn.json().data.jwt.token),
      payload: { auth_strategy: 'email' },
    });
    expect((await direct()).statusCode).toBe(200);
  });
});

describe.each(DRIVERS)('SIGN_IN_SMS=required on %s', (driver) => {
  it('closes the direct path for accounts with a phone', async () => {
    const t = await createTestApp(driver, { SIGN_IN_SMS: 'required' });
    try {
      const user = await buildUser(t.ctx.db);
      const noPhone = await buildUser(t.ctx.db, { phone: null });
      const direct = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/authorize_by_email',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(direct.statusCode).toBe(403);
      expect(direct.json()).toMatchObject({
        code: 'sms_required',
        message: 'Для входа подтвердите вход кодом из SMS',
      });
      const withoutPhone = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/authorize_by_email',
        payload: { email: noPhone.email, password: PASSWORD },
      });
      expect(withoutPhone.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
