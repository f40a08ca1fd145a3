import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { JPEG, multipart, PDF, PNG, tempDataDir } from './support/multipart.ts';

describe.each(DRIVERS)('profile on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function newUser(overrides: Parameters<typeof buildUser>[1] = {}) {
    const company = await buildCompany(t.ctx.db);
    const user = await buildUser(t.ctx.db, { company, ...overrides });
    const { jwt } = await signIn(t.app, user.email!);
    return { user, company, token: jwt.token, refresh: jwt.refresh_token };
  }

  const row = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('shows the profile with the notification settings, every mail on by default', async () => {
    const { user, token } = await newUser();
    const response = await t.app.inject({ url: '/api/v1/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: user.id,
      email: user.email,
      notifications_settings: {
        lot_mailer: { won: true, daily_summary: true },
        invitation_mailer: { invited: true },
        deal_mailer: { steps: true },
      },
    });
    expect((await t.app.inject({ url: '/api/v1/profile' })).statusCode).toBe(401);
  });

  it("reads settings stored before deals had a setting as on, and saves the deal steps' switch", async () => {
    const { user, token } = await newUser();
    // Settings saved before decision 0261's revision have no deal_mailer group.
    await t.ctx.db
      .update(users)
      .set({
        notificationSettings: {
          lot_mailer: {
            won: true,
            lost: false,
            ousted: true,
            started: true,
            finished: true,
            daily_summary: true,
          },
          autobid_mailer: { maxed_out: true },
          invitation_mailer: { invited: true },
        },
      })
      .where(eq(users.id, user.id));
    const before = await t.app.inject({ url: '/api/v1/profile', headers: bearer(token) });
    expect(before.json().data.notifications_settings).toMatchObject({
      lot_mailer: { lost: false },
      deal_mailer: { steps: true },
    });
    const form = multipart([['notifications_settings[deal_mailer][steps]', 'false']]);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      ...form,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.notifications_settings).toMatchObject({
      lot_mailer: { lost: false, won: true },
      deal_mailer: { steps: false },
    });
    expect((await row(user.id)).notificationSettings?.deal_mailer).toEqual({ steps: false });
  });

  it('saves names, flags and an avatar from a multipart form and serves the avatar', async () => {
    const { user, token } = await newUser();
    const form = multipart([
      ['first_name', ' Анна '],
      ['last_name', 'Салтыкова-Щедрина'],
      ['auth_strategy', 'email'],
      ['notifications_settings[lot_mailer][daily_summary]', 'false'],
      ['notifications_settings[invitation_mailer][invited]', '0'],
      ['avatar', { file: PNG, name: 'me.png', type: 'image/png' }],
    ]);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      ...form,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Данные профиля обновлены');
    expect(body.data).toMatchObject({
      first_name: 'Анна',
      last_name: 'Салтыкова-Щедрина',
      auth_strategy: 'email',
      avatar_url: `/api/v1/files/avatars/${user.id}`,
      notifications_settings: {
        lot_mailer: { daily_summary: false, won: true },
        invitation_mailer: { invited: false },
      },
    });
    const stored = await row(user.id);
    expect(stored.avatarKey).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f]{24}\\.png$`));
    const avatar = await t.app.inject({ url: body.data.avatar_url, headers: bearer(token) });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.rawPayload.equals(PNG)).toBe(true);

    // A new avatar replaces the old file; removing it leaves none.
    const again = multipart([['avatar', { file: JPEG, name: 'me.jpg' }]]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      ...again,
      headers: { ...again.headers, ...bearer(token) },
    });
    const replaced = await row(user.id);
    expect(replaced.avatarKey).toMatch(/\.jpg$/);
    expect(
      await t.app.inject({ url: `/api/v1/files/avatars/${user.id}`, headers: bearer(token) }),
    ).toMatchObject({
      statusCode: 200,
      headers: { 'content-type': 'image/jpeg' },
    });
    const removed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: bearer(token),
      payload: { remove_avatar: true },
    });
    expect(removed.json().data.avatar_url).toBeNull();
    expect((await row(user.id)).avatarKey).toBeNull();
  });

  it('refuses a name in Latin letters, a non-image avatar and one over 5 MB, changing nothing', async () => {
    const { user, token } = await newUser();
    const put = (entries: Parameters<typeof multipart>[0]) => {
      const form = multipart(entries);
      return t.app.inject({
        method: 'PUT',
        url: '/api/v1/profile',
        ...form,
        headers: { ...form.headers, ...bearer(token) },
      });
    };
    const latin = await put([['first_name', 'Anna']]);
    expect(latin.statusCode).toBe(422);
    expect(latin.json().errors).toEqual({
      first_name: ['Заполните поле русскими буквами без цифр и знаков препинания'],
    });

    const fake = await put([
      ['first_name', 'Анна'],
      ['avatar', { file: PDF, name: 'photo.png', type: 'image/png' }],
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ avatar: ['Аватар должен быть изображением PNG, JPEG или WebP'] });

    const big = await put([
      ['avatar', { file: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png' }],
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ avatar: ['Размер аватара не должен превышать 5 МБ'] });

    const stored = await row(user.id);
    expect(stored.firstName).toBe('Иван');
    expect(stored.avatarKey).toBeNull();
  });

  it('does not show an avatar to a stranger, but does to a colleague', async () => {
    const owner = await newUser();
    const form = multipart([['avatar', { file: PNG, name: 'a.png' }]]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      ...form,
      headers: { ...form.headers, ...bearer(owner.token) },
    });
    const colleague = await buildUser(t.ctx.db, { company: owner.company, owner: false });
    const colleagueToken = (await signIn(t.app, colleague.email!)).jwt.token;
    const stranger = await newUser();
    const url = `/api/v1/files/avatars/${owner.user.id}`;
    expect((await t.app.inject({ url, headers: bearer(colleagueToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: bearer(stranger.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
