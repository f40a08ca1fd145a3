/**
 * Who may call each route of the profile, company, employees, accreditation, events, surveys, files and public
 * calls: every route is called as each role, and the status each one gets is the table's.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { storageOf } from '../src/storage/storageOf.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { PDF, PNG, tempDataDir } from './support/multipart.ts';

const ROLES = ['anonymous', 'unaccredited', 'buyer', 'owner', 'collaborator', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Fixture {
  ownerCompanyId: number;
  ownerUserId: number;
  documentId: number;
}

type Statuses = [number, number, number, number, number, number];
interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string | ((f: Fixture) => string);
  payload?: (role: Role, f: Fixture) => object;
  /** anonymous, unaccredited, buyer, owner, collaborator, admin */
  expected: Statuses;
}

const SIGNED: Statuses = [401, 200, 200, 200, 200, 200];
const ADMIN: (other: number) => Statuses = (other) => [401, 403, 403, 403, 403, other];
const PHONES: Record<Role, string> = {
  anonymous: '79035550200',
  unaccredited: '79035550201',
  buyer: '79035550202',
  owner: '79035550203',
  collaborator: '79035550204',
  admin: '79035550205',
};

const ROUTES: RouteCase[] = [
  { method: 'GET', url: '/api/v1/profile', expected: SIGNED },
  { method: 'PUT', url: '/api/v1/profile', payload: () => ({ auth_strategy: 'sms' }), expected: SIGNED },
  {
    method: 'PATCH',
    url: '/api/v1/profile',
    payload: (r) => ({ email: `${r}.new@example.ru` }),
    expected: SIGNED,
  },
  { method: 'POST', url: '/api/v1/profile/sms', payload: (r) => ({ phone: PHONES[r] }), expected: SIGNED },
  {
    method: 'POST',
    url: '/api/v1/profile/confirm_phone',
    payload: (r) => ({ phone: PHONES[r], code: '0000' }),
    expected: [401, 422, 422, 422, 422, 422],
  },
  {
    method: 'PUT',
    url: '/api/v1/user/update_password',
    payload: () => ({ password: 'Новый-пароль-1', current_password: 'wrong' }),
    expected: [401, 422, 422, 422, 422, 422],
  },
  { method: 'GET', url: '/api/v1/company', expected: SIGNED },
  {
    method: 'PUT',
    url: '/api/v1/company',
    payload: () => ({ kind: 'legal' }),
    expected: [401, 422, 422, 422, 403, 422],
  },
  {
    method: 'POST',
    url: '/api/v1/company',
    payload: () => ({ kind: 'legal' }),
    expected: [401, 422, 422, 422, 403, 422],
  },
  { method: 'GET', url: '/api/v1/admin/companies', expected: ADMIN(200) },
  { method: 'GET', url: '/api/v1/admin/companies/999999', expected: ADMIN(404) },
  { method: 'GET', url: (f) => `/api/v1/admin/companies/${f.ownerCompanyId}`, expected: ADMIN(200) },
  {
    method: 'POST',
    url: '/api/v1/admin/companies/999999/approve',
    payload: () => ({}),
    expected: ADMIN(404),
  },
  {
    method: 'POST',
    url: '/api/v1/admin/companies/999999/reject',
    payload: () => ({ reason: 'Нет документов' }),
    expected: ADMIN(404),
  },
  { method: 'GET', url: '/api/v1/company/users', expected: [401, 200, 200, 200, 403, 404] },
  { method: 'GET', url: '/api/v1/company/users/invited', expected: [401, 200, 200, 200, 403, 404] },
  {
    method: 'POST',
    url: '/api/v1/company/users/remove_user',
    payload: () => ({ email: 'nobody@example.ru' }),
    expected: [401, 404, 404, 404, 403, 404],
  },
  {
    method: 'POST',
    url: '/api/v1/company/users/switch_owner',
    payload: () => ({ email: 'nobody@example.ru' }),
    expected: [401, 404, 404, 404, 403, 404],
  },
  {
    method: 'POST',
    url: '/api/v1/company/users/invite_users',
    payload: (r) => ({ emails: [`${r}.colleague@example.ru`] }),
    expected: [401, 200, 200, 200, 403, 404],
  },
  { method: 'GET', url: '/api/v1/company/user/invite_company_info', expected: SIGNED },
  {
    method: 'POST',
    url: '/api/v1/company/user/accept_invite',
    payload: () => ({}),
    expected: [401, 404, 404, 404, 404, 404],
  },
  {
    method: 'POST',
    url: '/api/v1/company/user/decline_invite',
    payload: () => ({}),
    expected: [401, 404, 404, 404, 404, 404],
  },
  {
    method: 'POST',
    url: '/api/v1/allowed_companies/change',
    payload: (_r, f) => ({ company_id: f.ownerCompanyId }),
    expected: [401, 403, 403, 200, 200, 403],
  },
  { method: 'GET', url: '/api/v1/events', expected: SIGNED },
  { method: 'POST', url: '/api/v1/events/read', payload: () => ({}), expected: SIGNED },
  { method: 'GET', url: '/api/v1/csi/trigger?path=/briefcases/new', expected: SIGNED },
  {
    method: 'POST',
    url: '/api/v1/csi/rating',
    payload: () => ({ csi_action: 'wizard', path: '/briefcases/new', satisfied: true, rating: 5 }),
    expected: SIGNED,
  },
  { method: 'GET', url: '/api/v1/surveys/trigger?name=analytics', expected: SIGNED },
  {
    method: 'POST',
    url: '/api/v1/surveys/answer',
    payload: () => ({ name: 'analytics', answer: { answers: { enough: true } } }),
    expected: SIGNED,
  },
  { method: 'GET', url: '/api/v1/public_briefcases', expected: [200, 200, 200, 200, 200, 200] },
  {
    method: 'POST',
    url: '/api/v1/feedback/phone',
    // A phone per caller: call requests are also limited per phone (5 an hour).
    payload: (r) => ({
      phone: `7916555443${ROLES.indexOf(r)}`,
      full_name: 'Иванов Иван',
      policy_agreement: true,
    }),
    expected: [200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    url: (f) => `/api/v1/files/company_logos/${f.ownerCompanyId}`,
    expected: [200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    url: (f) => `/api/v1/files/avatars/${f.ownerUserId}`,
    expected: [401, 404, 404, 200, 200, 200],
  },
  {
    method: 'GET',
    url: (f) => `/api/v1/files/company_documents/${f.documentId}`,
    expected: [401, 404, 404, 200, 200, 200],
  },
  // Last: it ends the sessions. The owner of a company with an employee must hand it over first.
  { method: 'DELETE', url: '/api/v1/profile', expected: [401, 200, 200, 409, 200, 200] },
];

const label = (r: RouteCase) =>
  `${r.method} ${typeof r.url === 'string' ? r.url : r.url({ ownerCompanyId: 0, ownerUserId: 0, documentId: 0 }).replace(/\/0$/, '/:id')}`;
/** A stored file's key in the fixture. */
const key = (folder: string, extension: string) => `${folder}/1/0123456789abcdef01234567.${extension}`;

describe.each(DRIVERS)('access to the account calls by role on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  const tokens = {} as Record<Role, string | null>;
  const fixture = {} as Fixture;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    const db = t.ctx.db;
    const storage = storageOf(t.ctx);
    const pending = await buildCompany(db, { goodStanding: false, accreditationStatus: 'pending' });
    const own = await buildCompany(db, { logoKey: key('company_logos', 'png') });
    await storage.put(key('company_logos', 'png'), PNG);
    const users = {
      unaccredited: await buildUser(db, { company: pending }),
      buyer: await buildUser(db, { company: await buildCompany(db) }),
      owner: await buildUser(db, { company: own, avatarKey: key('avatars', 'png') }),
      collaborator: await buildUser(db, { company: own, owner: false }),
      admin: await buildUser(db, { company: null, role: 'admin' }),
    };
    await storage.put(key('avatars', 'png'), PNG);
    const [doc] = await db
      .insert(documents)
      .values({
        companyId: own.id,
        name: 'Устав.pdf',
        extension: 'pdf',
        bytesSize: PDF.length,
        storageKey: key('company_documents', 'pdf'),
      })
      .returning();
    await storage.put(key('company_documents', 'pdf'), PDF);
    Object.assign(fixture, { ownerCompanyId: own.id, ownerUserId: users.owner.id, documentId: doc!.id });
    tokens.anonymous = null;
    for (const [role, user] of Object.entries(users)) {
      tokens[role as Role] = (await signIn(t.app, user.email!)).jwt.token;
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(ROUTES.map((r) => [label(r), r] as const))('%s', async (_name, route) => {
    const got: number[] = [];
    for (const [index, role] of ROLES.entries()) {
      const token = tokens[role];
      const response = await t.app.inject({
        method: route.method,
        url: typeof route.url === 'string' ? route.url : route.url(fixture),
        headers: token ? bearer(token) : {},
        // Each role calls from its own address, so per-address limits do not mix the roles up.
        remoteAddress: `10.1.0.${index + 1}`,
        ...(route.payload ? { payload: route.payload(role, fixture) } : {}),
      });
      got.push(response.statusCode);
      if (response.headers['content-type']?.toString().startsWith('application/json')) {
        expect(response.json().status).toBe(response.statusCode < 400 ? 'ok' : 'error');
      }
    }
    expect(got).toEqual(route.expected);
  });
});
