/**
 * The access matrix (issue 20, "Proof"): every route the server registers × eight callers, with the answer each
 * must get. The routes come from the application itself (an onRoute hook), so a route added without an entry here
 * fails the first test. One application, one database, fixtures made once; requests that would change something
 * for good are made so that an allowed caller meets a harmless refusal of the rule behind the guard (a procedure
 * that is trading, an unknown e-mail...), and the few that end the caller's own session run last.
 *
 * Columns: anonymous, a user of a company under review, a buyer, a second buyer, the seller's collaborator, the
 * seller's owner, the owner of another seller, an administrator. Record the current answers with
 * `MATRIX_RECORD=1` (printed as table rows) when adding a route, then check each against spec 2 §6 and spec 3.
 */
import { ID_MESSAGE } from '@etp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser, PASSWORD } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';

const ROLES = ['anon', 'newbie', 'buyer', 'buyer2', 'collab', 'owner', 'seller2', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** Expected statuses in the order of ROLES. */
type Row = readonly [number, number, number, number, number, number, number, number];

interface Fixtures {
  briefcase: number;
  draft: number;
  lot: number;
  sellerCompany: number;
  buyerCompany: number;
  approveTarget: number;
  rejectTarget: number;
  users: Record<Role, number>;
}

interface Call {
  method: string;
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

interface Entry {
  route: string;
  call: (f: Fixtures, role: Role) => Call;
  expected: Row;
  /** Made with a session of its own (it ends the session it is made with). */
  ownSession?: boolean;
}

const json = (method: string, url: string, payload?: object): Call => ({ method, url, payload });
const get = (url: string): Call => ({ method: 'GET', url });
const MISSING = 2_000_000_000;
const roleIndex = (role: Role) => ROLES.indexOf(role);
/** Each caller comes from its own loopback address and phone, so per-address and per-phone budgets stay apart. */
const phoneOf = (role: Role) => `7999000000${roleIndex(role)}`;
/** An unknown account per route and caller: sign-in failures are throttled per account, whatever the address. */
const nobodyOf = (route: string, role: Role) => `nobody-${route}-${roleIndex(role)}@example.ru`;

// biome-ignore format: the table reads best one route a line
const ENTRIES: Entry[] = [
  // Public: the same answer for everyone.
  { route: 'GET /health', call: () => get('/health'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /time', call: () => get('/time'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /auth_methods', call: () => get('/auth_methods'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/dictionaries', call: () => get('/api/v1/dictionaries'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/public_briefcases', call: () => get('/api/v1/public_briefcases'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/registry_template/etp_rd.xlsx', call: () => get('/api/v1/registry_template/etp_rd.xlsx'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/feedback/phone', call: (_f, r) => json('POST', '/api/v1/feedback/phone', { phone: phoneOf(r), name: 'Иван' }), expected: [422, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /dev/outbox', call: () => get('/dev/outbox'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /dev/outbox.json', call: () => get('/dev/outbox.json'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /users/auth/authenticity_token', call: () => get('/users/auth/authenticity_token'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /users/auth/bank_id', call: () => ({ method: 'POST', url: '/users/auth/bank_id', payload: 'authenticity_token=forged' as never, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), expected: [303, 303, 303, 303, 303, 303, 303, 303] },
  { route: 'GET /users/auth/bank_id/callback', call: () => get('/users/auth/bank_id/callback?code=x&state=y'), expected: [302, 302, 302, 302, 302, 302, 302, 302] },
  { route: 'POST /api/v2/auth/bank_id/token', call: () => json('POST', '/api/v2/auth/bank_id/token', { token: 'forged' }), expected: [401, 401, 401, 401, 401, 401, 401, 401] },

  // The open API (decisions/0126): the document and its interactive page are public.
  { route: 'GET /api/docs', call: () => get('/api/docs'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/openapi.json', call: () => get('/api/docs/openapi.json'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/json', call: () => get('/api/docs/json'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/yaml', call: () => get('/api/docs/yaml'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/static/index.html', call: () => get('/api/docs/static/index.html'), expected: [302, 302, 302, 302, 302, 302, 302, 302] },
  { route: 'GET /api/docs/static/swagger-initializer.js', call: () => get('/api/docs/static/swagger-initializer.js'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs/static/*', call: () => get('/api/docs/static/swagger-ui.css'), expected: [200, 200, 200, 200, 200, 200, 200, 200] },

  // Signing in and registering: open to all, refused on their own rules (a wrong password, a wrong code).
  { route: 'POST /api/v2/auth/authorize_by_email', call: (_f, r) => json('POST', '/api/v2/auth/authorize_by_email', { email: nobodyOf('authorize_by_email', r), password: 'wrong-pass-1' }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/refresh', call: () => json('POST', '/api/v2/auth/refresh', { refresh_token: 'forged-refresh-token' }), expected: [401, 401, 401, 401, 401, 401, 401, 401] },
  { route: 'POST /api/v2/auth/sms', call: (_f, r) => json('POST', '/api/v2/auth/sms', { email: nobodyOf('sms', r), password: 'wrong-pass-1' }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/authorize', call: (_f, r) => json('POST', '/api/v2/auth/authorize', { email: nobodyOf('authorize', r), password: 'wrong-pass-1', code: '0000' }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/info_by_phone', call: (_f, r) => json('POST', '/api/v2/auth/info_by_phone', { phone: phoneOf(r) }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/sms_data_not_filled', call: (_f, r) => json('POST', '/api/v2/auth/sms_data_not_filled', { phone: phoneOf(r) }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/authorize_data_not_filled', call: (_f, r) => json('POST', '/api/v2/auth/authorize_data_not_filled', { phone: phoneOf(r), code: '0000', email: 'nobody@example.ru', password: 'wrong-pass-1', first_name: 'Иван', last_name: 'Петров' }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/sms_phone_not_filled', call: (_f, r) => json('POST', '/api/v2/auth/sms_phone_not_filled', { email: nobodyOf('sms_phone_not_filled', r), password: 'wrong-pass-1', phone: phoneOf(r) }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/authorize_phone_not_filled', call: (_f, r) => json('POST', '/api/v2/auth/authorize_phone_not_filled', { email: nobodyOf('authorize_phone_not_filled', r), password: 'wrong-pass-1', phone: phoneOf(r), code: '0000' }), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v2/auth/not_my_number', call: () => json('POST', '/api/v2/auth/not_my_number', { email: 'nobody@example.ru', password: 'wrong-pass-1' }), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v2/registrations/sms', call: () => json('POST', '/api/v2/registrations/sms', { phone: '123' }), expected: [422, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'POST /api/v2/registrations/check_sms', call: (_f, r) => json('POST', '/api/v2/registrations/check_sms', { phone: phoneOf(r), code: '0000' }), expected: [422, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'POST /api/v2/registrations', call: (_f, r) => json('POST', '/api/v2/registrations', { phone: phoneOf(r), code: '0000', email: 'new@example.ru', password: 'Secret-pass-1', pers_data_agreement: true, policy_agreement: true }), expected: [422, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'POST /api/v2/password/send_reset_instructions', call: () => json('POST', '/api/v2/password/send_reset_instructions', { email: 'nobody@example.ru' }), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'PUT /api/v2/password', call: () => json('PUT', '/api/v2/password', { reset_password_token: 'forged', password: 'Secret-pass-2' }), expected: [422, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'POST /api/v2/confirmations/send_instructions', call: () => json('POST', '/api/v2/confirmations/send_instructions', { email: 'nobody@example.ru' }), expected: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v2/confirmations', call: () => get('/api/v2/confirmations?confirmation_token=forged'), expected: [302, 302, 302, 302, 302, 302, 302, 302] },

  // The signed-in user's own account.
  { route: 'GET /api/v1/user', call: () => get('/api/v1/user'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/profile', call: () => get('/api/v1/profile'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'PUT /api/v1/profile', call: () => json('PUT', '/api/v1/profile', { first_name: 'Иван', last_name: 'Петров' }), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'PATCH /api/v1/profile', call: (f, r) => json('PATCH', '/api/v1/profile', { email: `user${f.users[r]}@example.ru` }), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/profile/sms', call: () => json('POST', '/api/v1/profile/sms', { phone: '123' }), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'POST /api/v1/profile/confirm_phone', call: (_f, r) => json('POST', '/api/v1/profile/confirm_phone', { phone: phoneOf(r), code: '0000' }), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /api/v1/events', call: () => get('/api/v1/events'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/events/read', call: () => json('POST', '/api/v1/events/read', { ids: [MISSING] }), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/csi/trigger', call: () => get('/api/v1/csi/trigger?path=/briefcases'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/csi/rating', call: () => json('POST', '/api/v1/csi/rating', { rating: 99 }), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /api/v1/surveys/trigger', call: () => get('/api/v1/surveys/trigger'), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'POST /api/v1/surveys/answer', call: () => json('POST', '/api/v1/surveys/answer', { survey: 'nothing', answers: {} }), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /api/v1/files/avatars/:userId', call: (f) => get(`/api/v1/files/avatars/${f.users.buyer}`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },

  // The company, its employees and invitations.
  { route: 'GET /api/v1/company', call: () => get('/api/v1/company'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/company', call: () => json('POST', '/api/v1/company', {}), expected: [401, 422, 422, 422, 403, 422, 422, 422] },
  { route: 'PUT /api/v1/company', call: () => json('PUT', '/api/v1/company', {}), expected: [401, 422, 422, 422, 403, 422, 422, 422] },
  { route: 'GET /api/v1/company/users', call: () => get('/api/v1/company/users'), expected: [401, 200, 200, 200, 403, 200, 200, 404] },
  { route: 'GET /api/v1/company/users/invited', call: () => get('/api/v1/company/users/invited'), expected: [401, 200, 200, 200, 403, 200, 200, 404] },
  { route: 'POST /api/v1/company/users/remove_user', call: () => json('POST', '/api/v1/company/users/remove_user', { email: 'nobody@example.ru' }), expected: [401, 404, 404, 404, 403, 404, 404, 404] },
  { route: 'POST /api/v1/company/users/switch_owner', call: () => json('POST', '/api/v1/company/users/switch_owner', { email: 'nobody@example.ru' }), expected: [401, 404, 404, 404, 403, 404, 404, 404] },
  { route: 'POST /api/v1/company/users/invite_users', call: () => json('POST', '/api/v1/company/users/invite_users', { emails: ['not-an-email'] }), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /api/v1/company/user/invite_company_info', call: () => get('/api/v1/company/user/invite_company_info'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/company/user/accept_invite', call: () => json('POST', '/api/v1/company/user/accept_invite', {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/company/user/decline_invite', call: () => json('POST', '/api/v1/company/user/decline_invite', {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/allowed_companies/change', call: (f) => json('POST', '/api/v1/allowed_companies/change', { company_id: f.sellerCompany }), expected: [401, 403, 403, 403, 200, 200, 403, 403] },
  { route: 'GET /api/v1/files/company_logos/:companyId', call: (f) => get(`/api/v1/files/company_logos/${f.sellerCompany}`), expected: [404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/files/company_documents/:documentId', call: () => get(`/api/v1/files/company_documents/${MISSING}`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /companies/typeahead.json', call: () => get('/companies/typeahead.json?full_name=ООО'), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/companies/search', call: () => get('/api/v1/companies/search?full_name=ООО'), expected: [401, 403, 200, 200, 200, 200, 200, 200] },

  // Administration.
  { route: 'GET /api/v1/admin/companies', call: () => get('/api/v1/admin/companies'), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/v1/admin/companies/:id', call: (f) => get(`/api/v1/admin/companies/${f.buyerCompany}`), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/v1/admin/companies/:id/approve', call: (f) => json('POST', `/api/v1/admin/companies/${f.approveTarget}/approve`, {}), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/v1/admin/companies/:id/reject', call: (f) => json('POST', `/api/v1/admin/companies/${f.rejectTarget}/reject`, { reason: 'Нет документов' }), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/v1/admin/audit/verify', call: () => get('/api/v1/admin/audit/verify'), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/v1/users', call: () => get('/api/v1/users?company_name=ООО'), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/v1/admin/users/:id', call: (f) => get(`/api/v1/admin/users/${f.users.buyer}`), expected: [401, 403, 403, 403, 403, 403, 403, 200] },

  // The feed, the calendar and the card.
  { route: 'GET /api/v1/briefcases', call: () => get('/api/v1/briefcases'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/briefcases/counts', call: () => get('/api/v1/briefcases/counts'), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/calendar', call: () => get('/api/v1/calendar?start_datetime=2026-11-22T12:00:00%2B03:00'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/briefcases/company_search.json', call: () => get('/api/v1/briefcases/company_search.json'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/briefcases/:id', call: (f) => get(`/api/v1/briefcases/${f.briefcase}`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'PUT /api/v1/briefcases/:id/toggle_favorite', call: (f) => json('PUT', `/api/v1/briefcases/${f.briefcase}/toggle_favorite`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/charts/briefcases/:id/stats', call: (f) => get(`/api/v1/charts/briefcases/${f.briefcase}/stats`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/briefcases/:id/users', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/users`), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  // The FAQ (decisions/0115): anyone who opens the card reads; participants ask (an empty title: 422), the seller may not; administrators edit and delete (a missing question: 404).
  { route: 'GET /api/v1/briefcases/:id/questions', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/questions`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/briefcases/:id/questions', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/questions`, { title: '' }), expected: [401, 403, 422, 422, 403, 403, 422, 422] },
  { route: 'PUT /api/v1/briefcases/:id/questions/:qid', call: (f) => json('PUT', `/api/v1/briefcases/${f.briefcase}/questions/${MISSING}`, { answer: 'Да' }), expected: [401, 403, 403, 403, 403, 403, 403, 404] },
  { route: 'DELETE /api/v1/briefcases/:id/questions/:qid', call: (f) => json('DELETE', `/api/v1/briefcases/${f.briefcase}/questions/${MISSING}`), expected: [401, 403, 403, 403, 403, 403, 403, 404] },
  { route: 'GET /api/v1/briefcases/:id/questions/:qid/attached_document', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/questions/${MISSING}/attached_document`), expected: [401, 403, 404, 404, 404, 404, 404, 404] },
  // The price forecast (decisions/0106): the selling company's members and administrators; a retrain with no sold lots is refused (409).
  { route: 'POST /api/v1/predicted_price/predict', call: (f) => json('POST', '/api/v1/predicted_price/predict', { lot_params: [{ id: f.lot, auction_type: 'classic', amount_total: 100_000_000, amount_bottomline: 150_000_000, dpd: 400, dplp: 300, items_count: 120, seller_type: 'bank', flags: {} }] }), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/predicted_price/forms', call: (f) => get(`/api/v1/predicted_price/forms?lot_id=${f.lot}`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/predicted_price/model', call: () => get('/api/v1/predicted_price/model'), expected: [401, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/v1/predicted_price/retrain', call: () => json('POST', '/api/v1/predicted_price/retrain'), expected: [401, 403, 403, 403, 403, 403, 403, 409] },
  { route: 'POST /api/v1/briefcases/:id/user/online', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/user/online`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/briefcases/:id/user/away', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/user/away`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/briefcases/:id/confirm', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/confirm`), expected: [401, 403, 403, 403, 403, 403, 403, 409] },
  { route: 'POST /api/v1/briefcases/:id/reject', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/reject`, { note: 'Не то' }), expected: [401, 403, 403, 403, 403, 403, 403, 409] },

  // The procedure's documents and reports (decisions/0121), on a procedure trading now: no protocol, results or
  // documents yet (the archive has nothing to hold); the seller's reports are the seller's and administrators'.
  { route: 'GET /api/v1/briefcases/:id/documents', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/documents`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/briefcases/:id/documents/:documentId', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/documents/${MISSING}`), expected: [401, 403, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/briefcases/:id/zip_documents', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/zip_documents`), expected: [401, 403, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/briefcases/:id/report', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/report`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/briefcases/:id/lots_report', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/lots_report`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/briefcases/:id/companies_info', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/companies_info`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/briefcases/:id/downloads_info', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/downloads_info`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/briefcases/:id/protocol', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/protocol`), expected: [401, 403, 404, 404, 409, 409, 404, 409] },
  { route: 'GET /api/v1/briefcases/:id/main_report', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/main_report`), expected: [401, 403, 409, 409, 409, 409, 409, 409] },
  // The same downloads at the spec's own paths (decisions/0250): the same answers with the token.
  { route: 'GET /briefcases/:id/zip_documents', call: (f) => get(`/briefcases/${f.briefcase}/zip_documents`), expected: [401, 403, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /briefcases/:id/report', call: (f) => get(`/briefcases/${f.briefcase}/report`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /briefcases/:id/lots_report', call: (f) => get(`/briefcases/${f.briefcase}/lots_report`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /briefcases/:id/companies_info', call: (f) => get(`/briefcases/${f.briefcase}/companies_info`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /briefcases/:id/downloads_info', call: (f) => get(`/briefcases/${f.briefcase}/downloads_info`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /briefcases/:id/main_report', call: (f) => get(`/briefcases/${f.briefcase}/main_report`), expected: [401, 403, 409, 409, 409, 409, 409, 409] },
  { route: 'POST /api/v1/briefcases/:id/download_link', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/download_link`, { file: 'report' }), expected: [401, 403, 200, 200, 200, 200, 200, 200] },

  // Lots, bids and autobids on a procedure trading now.
  { route: 'GET /api/v1/lots', call: (f) => get(`/api/v1/lots?briefcase_id=${f.briefcase}`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/lots/:id', call: (f) => get(`/api/v1/lots/${f.lot}`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'PUT /api/v1/lots/:id/toggle_favorite', call: (f) => json('PUT', `/api/v1/lots/${f.lot}/toggle_favorite`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/briefcases/:id/lots_info', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/lots_info`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/lots/:id/bidders', call: (f) => get(`/api/v1/lots/${f.lot}/bidders`), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'GET /api/v1/lots/:id/bids', call: (f) => get(`/api/v1/lots/${f.lot}/bids`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'PUT /api/v1/lots/:id/rename', call: (f) => json('PUT', `/api/v1/lots/${f.lot}/rename`, { alias_number: 'Лот А' }), expected: [401, 403, 403, 403, 200, 200, 403, 200] },
  { route: 'POST /api/v1/lots/:id/renewal', call: (f) => json('POST', `/api/v1/lots/${f.lot}/renewal`), expected: [401, 403, 409, 403, 403, 403, 403, 403] },
  { route: 'POST /api/v1/lots/:id/set_winner', call: (f) => json('POST', `/api/v1/lots/${f.lot}/set_winner`, { bid_id: MISSING }), expected: [401, 403, 403, 403, 409, 409, 403, 409] },
  // Deals of won lots (decisions/0261): only their buyer, seller and administrators see one; an unknown one is 404.
  { route: 'GET /api/v1/deals', call: () => get('/api/v1/deals'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/v1/lots/:id/deal', call: () => get(`/api/v1/lots/${MISSING}/deal`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/sign_code', call: () => json('POST', `/api/v1/deals/${MISSING}/sign_code`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/sign', call: () => json('POST', `/api/v1/deals/${MISSING}/sign`, { code: '1234' }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/mark_paid', call: () => json('POST', `/api/v1/deals/${MISSING}/mark_paid`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/confirm_payment', call: () => json('POST', `/api/v1/deals/${MISSING}/confirm_payment`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/cancel', call: () => json('POST', `/api/v1/deals/${MISSING}/cancel`, { reason: 'Причина' }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/offer_to_second', call: () => json('POST', `/api/v1/deals/${MISSING}/offer_to_second`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/accept_offer', call: () => json('POST', `/api/v1/deals/${MISSING}/accept_offer`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/decline_offer', call: () => json('POST', `/api/v1/deals/${MISSING}/decline_offer`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  // The registry (decisions/0264): only the buying company, never an administrator; closing is the administrator's.
  { route: 'GET /api/v1/deals/:id/registry', call: () => get(`/api/v1/deals/${MISSING}/registry`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/close', call: () => json('POST', `/api/v1/deals/${MISSING}/close`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  // The agreement PDF, signing by scan and the signed scans (decisions/0263): the deal's parties and administrators.
  { route: 'GET /api/v1/deals/:id/agreement', call: () => get(`/api/v1/deals/${MISSING}/agreement`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/deals/:id/sign_scan', call: () => json('POST', `/api/v1/deals/${MISSING}/sign_scan`, {}), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/deals/:id/scans/:side', call: () => get(`/api/v1/deals/${MISSING}/scans/buyer`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/bids', call: (f) => json('POST', '/api/v1/bids', { lot_id: f.lot, amount: 1 }), expected: [401, 403, 409, 422, 403, 403, 422, 403] },
  { route: 'DELETE /api/v1/bids', call: (f) => json('DELETE', '/api/v1/bids', { lot_id: f.lot }), expected: [401, 403, 409, 409, 403, 403, 409, 403] },
  { route: 'DELETE /api/v1/bids/', call: (f) => json('DELETE', `/api/v1/bids/?lot_id=${f.lot}`), expected: [401, 403, 409, 409, 403, 403, 409, 403] },
  { route: 'POST /api/v1/autobid/enable', call: (f) => json('POST', '/api/v1/autobid/enable', { lot_id: f.lot, max_price: 1 }), expected: [401, 403, 422, 422, 403, 403, 422, 403] },
  { route: 'POST /api/v1/autobid/disable', call: (f) => json('POST', '/api/v1/autobid/disable', { lot_id: f.lot }), expected: [401, 403, 409, 409, 403, 403, 409, 403] },
  { route: 'GET /api/v1/templates/briefcases/:briefcaseId/autobids', call: (f) => get(`/api/v1/templates/briefcases/${f.briefcase}/autobids`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/briefcases/:id/autobids_massive_create', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/autobids_massive_create`, {}), expected: [401, 403, 409, 409, 403, 403, 409, 403] },
  { route: 'DELETE /api/v1/briefcases/:id/destroy_autobids', call: (f) => json('DELETE', `/api/v1/briefcases/${f.briefcase}/destroy_autobids`), expected: [401, 403, 409, 409, 403, 403, 409, 403] },
  { route: 'POST /api/v1/briefcases/:id/round_requests/apply', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/round_requests/apply`, { lots: [f.lot] }), expected: [401, 403, 409, 409, 403, 403, 409, 403] },
  { route: 'GET /api/v1/briefcases/:id/round_requests', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/round_requests`), expected: [401, 403, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/v1/briefcases/:id/next_round', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/next_round`), expected: [401, 403, 403, 403, 403, 403, 403, 409] },
  { route: 'POST /api/v1/briefcases/:id/second_round', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/second_round`), expected: [401, 403, 403, 403, 409, 409, 403, 403] },

  // The wizard: registries, lotting, personal data (the seller's draft; a trading procedure for the deletion).
  // Issue 20 part 5 (sec-core's branch): a company under review and a buyer-only company get 403 here.
  { route: 'POST /api/v1/briefcases', call: () => json('POST', '/api/v1/briefcases', {}), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /api/v1/briefcases/:id/edit', call: (f) => get(`/api/v1/briefcases/${f.draft}/edit`), expected: [401, 404, 404, 404, 200, 200, 404, 200] },
  // The spec's wrapped body (decision 0253), empty: the seller's members meet 'trading' (409), an administrator saves nothing (200).
  { route: 'PUT /api/v1/briefcases/:id', call: (f) => json('PUT', `/api/v1/briefcases/${f.briefcase}`, { briefcase: {} }), expected: [401, 404, 404, 404, 409, 409, 404, 200] },
  { route: 'POST /api/v1/briefcases/:id/apply', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/apply`), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  // The wizard's documents and participant history: the seller's users and administrators; others as if missing.
  { route: 'POST /api/v1/documents.json', call: (f) => json('POST', '/api/v1/documents.json', { briefcase_id: f.draft }), expected: [401, 404, 404, 404, 422, 422, 404, 422] },
  { route: 'DELETE /api/v1/documents/:id', call: () => json('DELETE', `/api/v1/documents/${MISSING}`), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/briefcases/:id/company/:list', call: (f) => get(`/api/v1/briefcases/${f.draft}/company/whitelist`), expected: [401, 404, 404, 404, 200, 200, 404, 200] },
  { route: 'POST /api/v1/briefcases/:id/company/remove_from_whitelist', call: (f) => json('POST', `/api/v1/briefcases/${f.draft}/company/remove_from_whitelist`, { company_id: MISSING }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/briefcases/:id/company/remove_from_blacklist', call: (f) => json('POST', `/api/v1/briefcases/${f.draft}/company/remove_from_blacklist`, { company_id: MISSING }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/briefcases/:id/source', call: (f) => json('POST', `/api/v1/briefcases/${f.draft}/source`, {}), expected: [401, 404, 404, 404, 400, 400, 404, 400] },
  { route: 'GET /api/v1/registry_uploads/:upload_id', call: () => get('/api/v1/registry_uploads/00000000-0000-4000-8000-000000000000'), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'PUT /api/v1/briefcases/:id/map_registry', call: (f) => json('PUT', `/api/v1/briefcases/${f.draft}/map_registry`, { source_map: {} }), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  { route: 'GET /api/v1/briefcases/:id/remaped_registry', call: (f) => get(`/api/v1/briefcases/${f.draft}/remaped_registry`), expected: [401, 404, 404, 404, 200, 200, 404, 200] },
  { route: 'GET /api/v1/briefcases/:id/lots.json', call: (f) => get(`/api/v1/briefcases/${f.draft}/lots.json`), expected: [401, 404, 404, 404, 200, 200, 404, 200] },
  { route: 'GET /api/v1/briefcases/:id/reloting_info', call: (f) => get(`/api/v1/briefcases/${f.draft}/reloting_info`), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  { route: 'POST /api/v1/briefcases/:id/reloting', call: (f) => json('POST', `/api/v1/briefcases/${f.draft}/reloting`, { loting_params: {} }), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  { route: 'GET /api/v1/briefcases/:id/portfolio.xlsx', call: (f) => get(`/api/v1/briefcases/${f.briefcase}/portfolio.xlsx`), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  { route: 'DELETE /api/v1/briefcases/:id', call: (f) => json('DELETE', `/api/v1/briefcases/${f.briefcase}`), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  { route: 'POST /api/v1/briefcases/:id/skip_validation', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/skip_validation`), expected: [401, 403, 403, 403, 403, 403, 403, 409] },
  { route: 'POST /api/v1/briefcases/:id/custom_skip_validation', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/custom_skip_validation`), expected: [401, 403, 403, 403, 403, 403, 403, 409] },
  { route: 'PATCH /api/v1/briefcases/:id/personal_data_agree', call: (f) => json('PATCH', `/api/v1/briefcases/${f.briefcase}/personal_data_agree`), expected: [401, 404, 404, 404, 409, 409, 404, 409] },
  { route: 'POST /api/v1/briefcases/:id/validate_personal_data', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/validate_personal_data`, { email: 'not-an-email' }), expected: [401, 404, 404, 404, 422, 422, 404, 422] },
  { route: 'POST /api/v1/briefcases/:id/help_request', call: (f) => json('POST', `/api/v1/briefcases/${f.briefcase}/help_request`, { contact: '' }), expected: [401, 404, 404, 404, 422, 422, 404, 422] },
  { route: 'GET /api/v1/source_errors/:id/report.json', call: () => get('/api/v1/source_errors/00000000-0000-4000-8000-000000000000/report.json'), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/lotings/create_custom', call: () => json('POST', '/api/v1/lotings/create_custom', {}), expected: [401, 400, 400, 400, 400, 400, 400, 400] },
  { route: 'PUT /api/v1/lotings/map_registry', call: () => json('PUT', '/api/v1/lotings/map_registry', { source_map: {} }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'PUT /api/v1/lotings/remaped_registry', call: () => json('PUT', '/api/v1/lotings/remaped_registry', { source_map: {} }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/lotings', call: () => get('/api/v1/lotings'), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/v1/lotings/reloting_info', call: () => get('/api/v1/lotings/reloting_info'), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/v1/lotings/reloting', call: () => json('POST', '/api/v1/lotings/reloting', { loting_params: {} }), expected: [401, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'DELETE /api/v1/lotings/clear', call: () => json('DELETE', '/api/v1/lotings/clear'), expected: [401, 200, 200, 200, 200, 200, 200, 200] },

  // Journeys' test hooks (NODE_ENV=test only, decision 0143): administrators only, the session before the body.
  { route: 'POST /api/v1/test/live/outage', call: () => json('POST', '/api/v1/test/live/outage', {}), expected: [401, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'POST /api/v1/test/lots/:id/ends_in', call: () => json('POST', `/api/v1/test/lots/${MISSING}/ends_in`, {}), expected: [401, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'POST /api/v1/test/briefcases/:id/starts_in', call: () => json('POST', `/api/v1/test/briefcases/${MISSING}/starts_in`, {}), expected: [401, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'POST /api/v1/test/briefcases/:id/advance', call: () => json('POST', `/api/v1/test/briefcases/${MISSING}/advance`, {}), expected: [401, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'POST /api/v1/test/deals/:id/deadline_in', call: () => json('POST', `/api/v1/test/deals/${MISSING}/deadline_in`, {}), expected: [401, 403, 403, 403, 403, 403, 403, 422] },

  // Last: calls that end the caller's session or account.
  { route: 'PUT /api/v1/user/update_password', call: () => json('PUT', '/api/v1/user/update_password', { password: 'short' }), expected: [401, 422, 422, 422, 422, 422, 422, 422] },
  { route: 'GET /api/v1/user/sign_out', call: () => get('/api/v1/user/sign_out'), expected: [401, 200, 200, 200, 200, 200, 200, 200], ownSession: true },
  { route: 'DELETE /api/v1/profile', call: () => json('DELETE', '/api/v1/profile'), expected: [401, 200, 200, 200, 200, 200, 200, 200], ownSession: true },
];

/** Routes tested elsewhere, with where. */
const ELSEWHERE: Record<string, string> = {
  'GET /ws':
    'WebSocket: test/liveAccess.test.ts, test/liveRevocation.test.ts (authenticate and subscribe per role)',
};

describe.each(DRIVERS)('access matrix on %s', (driver) => {
  let t: TestApp;
  const registered = new Set<string>();
  let f: Fixtures;
  const tokens = {} as Record<Exclude<Role, 'anon'>, string>;
  const emails = {} as Record<Exclude<Role, 'anon'>, string>;

  beforeAll(async () => {
    t = await createTestApp(
      driver,
      { ACCESS_TOKEN_TTL_SECONDS: '86400' },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat())
            if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
        },
      },
    );
    const db = t.ctx.db;
    const seller = await buildCompany(db, { kind: 'bank', seller: true, name: 'АО «Банк Продавец»' });
    const otherSeller = await buildCompany(db, { seller: true, name: 'ООО «Другой продавец»' });
    const buyer = await buildCompany(db, { name: 'ООО «Покупатель»' });
    const buyer2 = await buildCompany(db, { name: 'ООО «Второй покупатель»' });
    const review = await buildCompany(db, {
      name: 'ООО «На проверке»',
      goodStanding: false,
      accreditationStatus: 'pending',
    });
    const approveTarget = await buildCompany(db, { goodStanding: false, accreditationStatus: 'pending' });
    const rejectTarget = await buildCompany(db);
    const users = {
      newbie: await buildUser(db, { company: review }),
      buyer: await buildUser(db, { company: buyer }),
      buyer2: await buildUser(db, { company: buyer2 }),
      collab: await buildUser(db, { company: seller, owner: false }),
      owner: await buildUser(db, { company: seller }),
      seller2: await buildUser(db, { company: otherSeller }),
      admin: await buildUser(db, { company: null, role: 'admin' }),
    };
    for (const [role, user] of Object.entries(users) as [Exclude<Role, 'anon'>, { email: string | null }][]) {
      emails[role] = user.email!;
      tokens[role] = (await signIn(t.app, user.email!)).jwt.token;
    }
    const now = t.clock.now().getTime();
    const briefcase = await buildBriefcase(db, seller, {
      status: 'active',
      startDatetime: new Date(now - 3_600_000),
      endDatetime: new Date(now + 7_200_000),
    });
    const lot = await buildLot(db, briefcase, {
      status: 'active',
      startDatetime: new Date(now - 3_600_000),
      endDatetime: new Date(now + 7_200_000),
    });
    const draft = await buildBriefcase(db, seller, {
      status: 'created',
      startDatetime: null,
      endDatetime: null,
    });
    const bid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bids',
      headers: bearer(tokens.buyer),
      payload: { lot_id: lot.id, amount: 1_000_000 },
    });
    expect(bid.statusCode).toBe(200);
    f = {
      briefcase: briefcase.id,
      draft: draft.id,
      lot: lot.id,
      sellerCompany: seller.id,
      buyerCompany: buyer.id,
      approveTarget: approveTarget.id,
      rejectTarget: rejectTarget.id,
      users: { anon: 0, ...Object.fromEntries(Object.entries(users).map(([k, u]) => [k, u.id])) } as Record<
        Role,
        number
      >,
    };
  }, 120_000);
  afterAll(() => t.close());

  /** Another session of the role's user, signed in from an address of its own (sign-in is limited per address). */
  const freshSession = async (role: Exclude<Role, 'anon'>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/authorize_by_email',
      payload: { email: emails[role], password: PASSWORD },
      remoteAddress: `127.0.1.${10 + roleIndex(role)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.jwt.token as string;
  };

  it('has an entry for every route the server registers, and none for a route it does not', async () => {
    const listed = new Set([...ENTRIES.map((e) => e.route), ...Object.keys(ELSEWHERE)]);
    const missing = [...registered].filter((route) => !listed.has(route)).sort();
    const stale = [...listed].filter((route) => !registered.has(route)).sort();
    const duplicated = ENTRIES.map((e) => e.route).filter((route, i, all) => all.indexOf(route) !== i);
    const help: string[] = [];
    if (missing.length) {
      help.push(
        `${missing.length} route(s) registered by the server have no entry in ENTRIES of apps/server/test/accessMatrix.test.ts.`,
        'Add one line per route to ENTRIES, beside the routes of its module. Each line below is ready to paste: its',
        `\`expected\` is what the server answers NOW with ${MISSING} for every path id and an empty body, in the order`,
        `[${ROLES.join(', ')}]. Before committing, point the call at a real fixture (f.briefcase, f.lot, f.draft,`,
        'f.sellerCompany, f.buyerCompany, f.users.<role>) with a body that meets a harmless refusal, re-run, and check',
        'every number against spec 2 §6 and spec 3 (a 200 for anon or newbie is rarely right).',
        '',
      );
      for (const route of missing) help.push(`  ${await skeleton(route)}`);
      help.push('');
    }
    if (stale.length) {
      help.push(
        'ENTRIES or ELSEWHERE name routes the server does not register (renamed or removed?); fix the path or remove the line:',
        ...stale.map((route) => `  ${route}`),
        '',
      );
    }
    if (duplicated.length) help.push('ENTRIES names these routes twice:', ...duplicated.map((r) => `  ${r}`));
    expect({ missing, stale, duplicated }, help.join('\n')).toEqual({
      missing: [],
      stale: [],
      duplicated: [],
    });
  }, 120_000);

  /** A ready-to-paste ENTRIES line for a route without one, with what each caller gets now. */
  const skeleton = async (route: string): Promise<string> => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:[A-Za-z_]+/g, String(MISSING)).replace(/\*$/, '');
    const row: number[] = [];
    for (const role of ROLES) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: role === 'anon' ? {} : bearer(tokens[role]),
        remoteAddress: `127.0.3.${10 + roleIndex(role)}`,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      row.push(response.statusCode);
    }
    const literal = url.includes(String(MISSING))
      ? `\`${path.replace(/:[A-Za-z_]+/g, '$' + '{MISSING}')}\``
      : `'${url}'`;
    const call = method === 'GET' ? `get(${literal})` : `json('${method}', ${literal}, {})`;
    return `{ route: '${route}', call: () => ${call}, expected: [${row.join(', ')}] },`;
  };

  /** Path parameters that are not ids, with a value their route accepts (the id beside them is what is checked). */
  const NOT_IDS: Record<string, string> = { ':list': 'whitelist', ':side': 'buyer' };

  it('refuses an id beyond the database integer in every path of every route with 422 in Russian', async () => {
    // Generated from the registered routes, like the matrix: a route added with an id in its path is checked too.
    const admin = await buildUser(t.ctx.db, { company: null, role: 'admin' });
    const token = (await signIn(t.app, admin.email!)).jwt.token;
    const wrong: string[] = [];
    let checked = 0;
    for (const route of [...registered].sort()) {
      const [method, path] = route.split(' ') as [string, string];
      const params = (path.match(/:[A-Za-z_]+/g) ?? []).filter((name) => !(name in NOT_IDS));
      for (const param of params) {
        // One parameter beyond the range, the others plausible: the bound must be what refuses.
        const url = path.replace(/:[A-Za-z_]+/g, (name) =>
          name === param ? '99999999999' : (NOT_IDS[name] ?? '1'),
        );
        for (const signedIn of [true, false]) {
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: signedIn ? bearer(token) : {},
            remoteAddress: `127.0.4.${(checked % 200) + 10}`,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          checked++;
          const body = response.body;
          const good = signedIn
            ? response.statusCode === 422 && body.includes(ID_MESSAGE)
            : response.statusCode === 401 || (response.statusCode === 422 && body.includes(ID_MESSAGE));
          if (!good)
            wrong.push(
              `${route} ${param} ${signedIn ? 'admin' : 'anonymous'}: ${response.statusCode} ${body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(
      wrong,
      'each must answer 422 with the id message (anonymous: 401 or that 422), never 404 or 500',
    ).toEqual([]);
  }, 120_000);

  it('refuses an id beyond the database integer in the query and the JSON body of every route', async () => {
    const admin = await buildUser(t.ctx.db, { company: null, role: 'admin' });
    const token = (await signIn(t.app, admin.email!)).jwt.token;
    const wrong: string[] = [];
    for (const route of [...registered].sort()) {
      const [method, path] = route.split(' ') as [string, string];
      if (path.endsWith('*')) continue;
      const url = path.replace(/:[A-Za-z_]+/g, String(MISSING));
      const tries = [
        { url: `${url}?briefcase_id=99999999999` },
        { url: `${url}?company_ids[]=1&company_ids[]=99999999999` },
        ...(method === 'GET' || method === 'DELETE' ? [] : [{ url, payload: { lot_id: 99999999999 } }]),
      ];
      for (const attempt of tries) {
        const response = await t.app.inject({
          method: method as 'GET',
          headers: bearer(token),
          remoteAddress: '127.0.5.1',
          ...attempt,
        });
        if (response.statusCode !== 422 || !response.body.includes(ID_MESSAGE))
          wrong.push(`${route} ${attempt.url}${attempt.payload ? ' {lot_id}' : ''}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers every caller of every route as expected', async () => {
    const actual: Record<string, number[]> = {};
    for (const entry of ENTRIES) {
      const row: number[] = [];
      for (const role of ROLES) {
        const call = entry.call(f, role);
        const headers: Record<string, string> = { ...call.headers };
        if (role !== 'anon') {
          headers.authorization = bearer(
            entry.ownSession ? await freshSession(role) : tokens[role],
          ).authorization;
        }
        const response = await t.app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers,
          remoteAddress: `127.0.0.${10 + roleIndex(role)}`,
          ...(call.payload === undefined ? {} : { payload: call.payload as never }),
        });
        row.push(response.statusCode);
      }
      actual[entry.route] = row;
    }
    if (process.env.MATRIX_RECORD) {
      console.info(
        Object.entries(actual)
          .map(([route, row]) => `${route}: [${row.join(', ')}]`)
          .join('\n'),
      );
    }
    const mismatches = ENTRIES.filter((e) =>
      actual[e.route]!.some((status, i) => status !== e.expected[i]),
    ).map((e) => `${e.route}: expected [${e.expected.join(', ')}], got [${actual[e.route]!.join(', ')}]`);
    expect(mismatches).toEqual([]);
  }, 300_000);
});
