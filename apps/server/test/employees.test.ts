import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import {
  call as callAs,
  membership as membershipOf,
  team as teamOf,
  tokenOf as tokenOfUser,
} from './support/team.ts';

describe.each(DRIVERS)('employees and invitations on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_URL: 'https://etp.example.ru' });
  });
  afterAll(() => t.close());

  const tokenOf = (user: { email: string | null }) => tokenOfUser(t, user);
  const call = (token: string, url: string, payload?: object) => callAs(t, token, url, payload);
  const team = (name?: string) => teamOf(t, name);
  const membership = (userId: number, companyId: number) => membershipOf(t, userId, companyId);

  it('lists the employees, owner first, to the owner only', async () => {
    const { owner, collaborator, ownerToken, collaboratorToken } = await team();
    const list = await call(ownerToken, '/api/v1/company/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({
      count: 2,
      collection: [
        { id: owner.id, owner: true, email: owner.email },
        { id: collaborator.id, owner: false },
      ],
    });
    const denied = await call(collaboratorToken, '/api/v1/company/users');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Это действие доступно только администратору компании');
    expect((await call(collaboratorToken, '/api/v1/company/users/invited')).statusCode).toBe(403);
  });

  it('removes an employee (not oneself) and revokes a pending invitation', async () => {
    const { company, owner, collaborator, ownerToken, collaboratorToken } = await team();
    expect(
      (await call(collaboratorToken, '/api/v1/company/users/remove_user', { email: owner.email })).statusCode,
    ).toBe(403);
    const self = await call(ownerToken, '/api/v1/company/users/remove_user', { email: owner.email });
    expect(self.json().errors).toEqual({ email: ['Нельзя удалить из компании самого себя'] });

    const removed = await call(ownerToken, '/api/v1/company/users/remove_user', {
      email: collaborator.email!.toUpperCase(),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(`Сотрудник ${collaborator.email} удалён из компании`);
    expect(await membership(collaborator.id, company.id)).toBeUndefined();
    const me = (await call(collaboratorToken, '/api/v1/user')).json().data;
    expect(me).toMatchObject({ company_id: null, allowed_companies: [] });

    await call(ownerToken, '/api/v1/company/users/invite_users', { emails: ['pending@example.ru'] });
    const revoked = await call(ownerToken, '/api/v1/company/users/remove_user', {
      email: 'pending@example.ru',
    });
    expect(revoked.json().message).toBe('Приглашение для pending@example.ru отменено');
    const nobody = await call(ownerToken, '/api/v1/company/users/remove_user', {
      email: 'nobody@example.ru',
    });
    expect(nobody.statusCode).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company_employee_removed'));
    expect(audit.some((a) => a.payload.user_id === collaborator.id)).toBe(true);
  });

  it('hands the ownership over: one owner per company, and the old owner can no longer manage', async () => {
    const { company, owner, collaborator, ownerToken, collaboratorToken } = await team();
    const stranger = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) });
    expect(
      (await call(ownerToken, '/api/v1/company/users/switch_owner', { email: stranger.email })).statusCode,
    ).toBe(404);
    expect(
      (await call(collaboratorToken, '/api/v1/company/users/switch_owner', { email: collaborator.email }))
        .statusCode,
    ).toBe(403);

    const response = await call(ownerToken, '/api/v1/company/users/switch_owner', {
      email: collaborator.email,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: `Права администратора переданы сотруднику ${collaborator.email}`,
      data: { owner: false },
    });
    const owners = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, company.id), eq(memberships.owner, true)));
    expect(owners.map((m) => m.userId)).toEqual([collaborator.id]);
    // The old owner's token still works, but the rights have moved.
    expect((await call(ownerToken, '/api/v1/company/users')).statusCode).toBe(403);
    expect(
      (await call(ownerToken, '/api/v1/company/users/switch_owner', { email: owner.email })).statusCode,
    ).toBe(403);
    const toSelf = await call(collaboratorToken, '/api/v1/company/users/switch_owner', {
      email: collaborator.email,
    });
    expect(toSelf.json().errors).toEqual({ email: ['Вы уже администратор компании'] });
    expect((await call(collaboratorToken, '/api/v1/company/users')).statusCode).toBe(200);
  });

  it('keeps one owner when two hand-overs race', async () => {
    const company = await buildCompany(t.ctx.db);
    const owner = await buildUser(t.ctx.db, { company });
    const a = await buildUser(t.ctx.db, { company, owner: false });
    const b = await buildUser(t.ctx.db, { company, owner: false });
    const token = await tokenOf(owner);
    const results = await Promise.all([
      call(token, '/api/v1/company/users/switch_owner', { email: a.email }),
      call(token, '/api/v1/company/users/switch_owner', { email: b.email }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const owners = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, company.id), eq(memberships.owner, true)));
    expect(owners).toHaveLength(1);
  });

  it('switches between the companies a user belongs to, and only those', async () => {
    const first = await buildCompany(t.ctx.db, { name: 'ООО «Первая»' });
    const second = await buildCompany(t.ctx.db, { name: 'ООО «Вторая»' });
    const foreign = await buildCompany(t.ctx.db);
    const user = await buildUser(t.ctx.db, { company: first });
    await t.ctx.db.insert(memberships).values({ userId: user.id, companyId: second.id, owner: false });
    const token = await tokenOf(user);
    const changed = await call(token, '/api/v1/allowed_companies/change', { company_id: second.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Вы работаете от имени компании ООО «Вторая»',
      data: { company_id: second.id, company_name: 'ООО «Вторая»', owner: false },
    });
    const refused = await call(token, '/api/v1/allowed_companies/change', { company_id: foreign.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Эта компания вам недоступна');
    expect((await call(token, '/api/v1/user')).json().data.company_id).toBe(second.id);
  });
});
