/** A company with its owner and one collaborator, both signed in, and the membership row look-up. */
import { and, eq } from 'drizzle-orm';
import { memberships } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { buildCompany, buildUser } from './factories.ts';
import { bearer, signIn } from './http.ts';

export const tokenOf = async (t: TestApp, user: { email: string | null }) =>
  (await signIn(t.app, user.email!)).jwt.token;

/** GET with the token, or POST when a payload is given. */
export const call = (t: TestApp, token: string, url: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

export async function team(t: TestApp, name = 'ООО «Команда»') {
  const company = await buildCompany(t.ctx.db, { name });
  const owner = await buildUser(t.ctx.db, { company, firstName: 'Ольга', lastName: 'Смирнова' });
  const collaborator = await buildUser(t.ctx.db, { company, owner: false });
  return {
    company,
    owner,
    collaborator,
    ownerToken: await tokenOf(t, owner),
    collaboratorToken: await tokenOf(t, collaborator),
  };
}

export const membership = async (t: TestApp, userId: number, companyId: number) =>
  (
    await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
  )[0];
