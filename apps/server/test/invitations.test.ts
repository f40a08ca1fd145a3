import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser } from './support/factories.ts';
import { outbox } from './support/outbox.ts';
import {
  call as callAs,
  membership as membershipOf,
  team as teamOf,
  tokenOf as tokenOfUser,
} from './support/team.ts';

describe.each(DRIVERS)('invitations on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_URL: 'https://etp.example.ru' });
  });
  afterAll(() => t.close());

  const tokenOf = (user: { email: string | null }) => tokenOfUser(t, user);
  const call = (token: string, url: string, payload?: object) => callAs(t, token, url, payload);
  const team = (name?: string) => teamOf(t, name);
  const membership = (userId: number, companyId: number) => membershipOf(t, userId, companyId);

  it('invites by e-mail: a row, a mail with a link to the site, an event for an existing account', async () => {
    const { company, ownerToken, collaborator, collaboratorToken } = await team('ООО «Приглашающая»');
    const existing = await buildUser(t.ctx.db, { company: null });
    const response = await call(ownerToken, '/api/v1/company/users/invite_users', {
      emails: ['New.Person@Example.ru', existing.email, collaborator.email],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Приглашения отправлены',
      data: { invited: ['new.person@example.ru', existing.email] },
      errors: { 'emails.2': ['Уже сотрудник компании'] },
    });
    const rows = await t.ctx.db.select().from(invitations).where(eq(invitations.companyId, company.id));
    expect(rows.map((r) => r.email).sort()).toEqual([existing.email, 'new.person@example.ru'].sort());
    const [mail] = await outbox(t.app, 'new.person@example.ru');
    expect(mail).toMatchObject({
      channel: 'email',
      subject: 'Приглашение в компанию ООО «Приглашающая» на ЭТП РД',
    });
    expect(mail!.body).toContain('Ольга Смирнова приглашает вас');
    expect(mail!.body).toContain('https://etp.example.ru/users/sign_up');
    const events = (await call(await tokenOf(existing), '/api/v1/events')).json().data.collection;
    expect(events[0]).toMatchObject({
      kind: 'invitation',
      text: expect.stringContaining('ООО «Приглашающая»'),
    });

    const invited = await call(ownerToken, '/api/v1/company/users/invited');
    expect(invited.json().data.count).toBe(2);
    expect(invited.json().data.collection[0]).toMatchObject({ invited_by: 'Смирнова Ольга' });

    // Inviting the same address again mails it again but keeps one pending invitation.
    await call(ownerToken, '/api/v1/company/users/invite_users', { emails: ['new.person@example.ru'] });
    expect((await outbox(t.app, 'new.person@example.ru')).length).toBe(2);
    expect(
      (await t.ctx.db.select().from(invitations).where(eq(invitations.companyId, company.id))).length,
    ).toBe(2);

    const denied = await call(collaboratorToken, '/api/v1/company/users/invite_users', {
      emails: ['x@example.ru'],
    });
    expect(denied.statusCode).toBe(403);
    const onlyMembers = await call(ownerToken, '/api/v1/company/users/invite_users', {
      emails: [collaborator.email],
    });
    expect(onlyMembers.statusCode).toBe(422);
    expect(onlyMembers.json().message).toBe(
      'Никого не пригласили: все адреса уже принадлежат сотрудникам компании',
    );
    const bad = await call(ownerToken, '/api/v1/company/users/invite_users', { emails: ['не-почта'] });
    expect(bad.statusCode).toBe(422);
  });

  it('does not mail an invitation to an account that turned invitation mails off', async () => {
    const { ownerToken } = await team();
    const quiet = await buildUser(t.ctx.db, {
      company: null,
      notificationSettings: {
        lot_mailer: {
          won: true,
          lost: true,
          ousted: true,
          started: true,
          finished: true,
          daily_summary: true,
        },
        autobid_mailer: { maxed_out: true },
        invitation_mailer: { invited: false },
      },
    });
    await call(ownerToken, '/api/v1/company/users/invite_users', { emails: [quiet.email] });
    expect(await outbox(t.app, quiet.email!)).toEqual([]);
    expect((await call(await tokenOf(quiet), '/api/v1/events')).json().data.count).toBe(1);
  });

  it('lets the invited user with a confirmed e-mail see and accept the invitation', async () => {
    const { company, owner, ownerToken } = await team('ООО «Принимающая»');
    const invitee = await buildUser(t.ctx.db, { company: null, confirmedEmail: true });
    await call(ownerToken, '/api/v1/company/users/invite_users', { emails: [invitee.email] });
    const token = await tokenOf(invitee);
    const info = await call(token, '/api/v1/company/user/invite_company_info');
    expect(info.json().data).toMatchObject({
      company_id: company.id,
      company_name: 'ООО «Принимающая»',
      invited_by: 'Смирнова Ольга',
    });

    const accepted = await call(token, '/api/v1/company/user/accept_invite', {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Вы присоединились к компании ООО «Принимающая»',
      data: {
        company_id: company.id,
        owner: false,
        allowed_companies: [{ company_id: company.id, current: true }],
      },
    });
    expect(await membership(invitee.id, company.id)).toMatchObject({ owner: false });
    expect((await call(token, '/api/v1/company/user/invite_company_info')).json().data).toBeNull();
    expect((await call(token, '/api/v1/company/user/accept_invite', {})).statusCode).toBe(404);
    const ownerEvents = (await call(ownerToken, '/api/v1/events')).json().data.collection;
    expect(ownerEvents[0]).toMatchObject({
      kind: 'invitation',
      text: expect.stringContaining('принял(а) приглашение'),
    });
    expect(owner.id).toBeGreaterThan(0);
  });

  it('lets the invited user decline, and refuses both while the e-mail is not confirmed', async () => {
    const { company, ownerToken } = await team();
    const unconfirmed = await buildUser(t.ctx.db, { company: null, confirmedEmail: false });
    await call(ownerToken, '/api/v1/company/users/invite_users', { emails: [unconfirmed.email] });
    const token = await tokenOf(unconfirmed);
    for (const url of ['/api/v1/company/user/invite_company_info', '/api/v1/company/user/accept_invite']) {
      const response = url.endsWith('info') ? await call(token, url) : await call(token, url, {});
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Подтвердите Email, чтобы ответить на приглашение в компанию');
    }
    expect(await membership(unconfirmed.id, company.id)).toBeUndefined();

    await t.ctx.db.update(users).set({ confirmedEmail: true }).where(eq(users.id, unconfirmed.id));
    const declined = await call(token, '/api/v1/company/user/decline_invite', {});
    expect(declined.json().message).toBe('Приглашение отклонено');
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.companyId, company.id));
    expect(row).toMatchObject({ status: 'declined' });
    expect(await membership(unconfirmed.id, company.id)).toBeUndefined();
  });
});
