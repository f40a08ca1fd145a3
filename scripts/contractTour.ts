/**
 * A tour of the running demo as an integrator would take it (issue 30 proof): signed in as a buyer, a seller and an
 * administrator, it makes reads and writes across every area over HTTP and validates each reply against the OpenAPI
 * document the server publishes (its own schemas, with Ajv: closed objects, so an undeclared field is off-contract).
 *
 *   npm start                                         # the demo at http://localhost:3000
 *   npx tsx scripts/contractTour.ts [http://localhost:3000]
 *
 * Writes bench/results/contract-tour.json; exits 1 when any reply is off-contract. The server test
 * apps/server/test/contractTour.test.ts runs the same tour against a freshly seeded demo.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

const PASSWORD = 'Demo-2026!';
const TOUR_ACCOUNTS = {
  buyer: 'buyer.legal@etp-rd.ru',
  seller: 'seller.bank@etp-rd.ru',
  admin: 'admin@etp-rd.ru',
} as const;
type Role = keyof typeof TOUR_ACCOUNTS | 'guest';

interface Call {
  role: Role;
  method: string;
  path: string;
  status: number;
  /** The operation's path in the document (`/api/v1/lots/{id}`), or null when none matched. */
  route: string | null;
  problems: string[];
}

export interface TourReport {
  baseUrl: string;
  calls: number;
  reads: number;
  writes: number;
  byRole: Record<Role, number>;
  operations: number;
  offContract: Call[];
}

type Json = Record<string, unknown>;
type Schema = Json;
interface DocOperation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, DocOperation>> };

/** Matches a concrete path to the document's templated one (`/api/v1/lots/7` → `/api/v1/lots/{id}`). */
function templateOf(doc: Doc, path: string): string | null {
  if (doc.paths[path]) return path;
  const parts = path.split('/');
  for (const template of Object.keys(doc.paths)) {
    const t = template.split('/');
    if (t.length === parts.length && t.every((p, i) => p === parts[i] || /^\{\w+\}$/.test(p)))
      return template;
  }
  return null;
}

export async function runContractTour(baseUrl: string): Promise<TourReport> {
  const served = await fetch(`${baseUrl}/api/docs/openapi.json`);
  if (!served.ok)
    throw new Error(`${baseUrl}/api/docs/openapi.json answered ${served.status}: ${await served.text()}`);
  const doc = (await served.json()) as Doc;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();
  const calls: Call[] = [];
  const tokens: Partial<Record<Role, string>> = {};

  function validate(route: string, method: string, status: number, body: unknown): string[] {
    const op = doc.paths[route]?.[method.toLowerCase()];
    if (!op) return [`no operation ${method} ${route} in the document`];
    const reply = op.responses[String(status)] ?? op.responses.default;
    const schema = reply?.content?.['application/json']?.schema;
    if (!schema) return [`status ${status} is not declared as JSON`];
    const key = `${method} ${route} ${status in op.responses ? status : 'default'}`;
    let check = validators.get(key);
    if (!check) {
      check = ajv.compile(schema);
      validators.set(key, check);
    }
    if (check(body)) return [];
    return (check.errors ?? []).map((e) => {
      const extra =
        e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : '';
      return `${e.instancePath || '/'} ${e.message}${extra}`;
    });
  }

  async function api<T = Json>(role: Role, method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = role === 'guest' ? undefined : tokens[role];
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const route = templateOf(doc, path.split('?')[0]!);
    let problems: string[] = [];
    let parsed: unknown = null;
    if (type.startsWith('application/json')) {
      parsed = JSON.parse(text);
      problems = route ? validate(route, method, response.status, parsed) : ['no such path in the document'];
    }
    calls.push({ role, method, path, status: response.status, route, problems });
    const envelope = parsed as { data?: unknown } | null;
    return (envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : parsed) as T;
  }

  // The public side and the system.
  await api('guest', 'GET', '/health');
  await api('guest', 'GET', '/time');
  await api('guest', 'GET', '/auth_methods');
  await api('guest', 'GET', '/api/v1/public_briefcases');
  await api('guest', 'GET', '/api/v1/dictionaries');
  await api('guest', 'GET', '/users/auth/authenticity_token');
  await api('guest', 'POST', '/api/v2/auth/authorize_by_email', {
    email: TOUR_ACCOUNTS.buyer,
    password: 'wrong',
  });
  await api('guest', 'POST', '/api/v2/auth/info_by_phone', { phone: '+79990000000' });

  for (const role of ['buyer', 'seller', 'admin'] as const) {
    const signed = await api<{ jwt: { token: string; refresh_token: string } }>(
      'guest',
      'POST',
      '/api/v2/auth/authorize_by_email',
      { email: TOUR_ACCOUNTS[role], password: PASSWORD },
    );
    tokens[role] = signed.jwt.token;
    if (role === 'buyer') {
      const renewed = await api<{ jwt: { token: string } }>('guest', 'POST', '/api/v2/auth/refresh', {
        refresh_token: signed.jwt.refresh_token,
      });
      tokens.buyer = renewed.jwt.token;
    }
  }

  // Everyone: who they are, their profile, company, events, the feed and its counts.
  for (const role of ['buyer', 'seller', 'admin'] as const) {
    await api(role, 'GET', '/api/v1/user');
    await api(role, 'GET', '/api/v1/profile');
    await api(role, 'GET', '/api/v1/events');
    await api(role, 'GET', '/api/v1/briefcases/counts');
    await api(role, 'GET', '/api/v1/calendar');
  }
  await api('buyer', 'GET', '/api/v1/company');
  await api('seller', 'GET', '/api/v1/company');
  await api('seller', 'GET', '/api/v1/company/users');
  await api('seller', 'GET', '/api/v1/company/users/invited');
  await api('buyer', 'POST', '/api/v1/events/read', {});

  type Feed = { briefcases: { id: number; attributes: { status: string; auction_type: string } }[] };
  const feed = await api<Feed>('buyer', 'GET', '/api/v1/briefcases?page=1');
  await api('buyer', 'GET', '/api/v1/briefcases?page=1&status=all_active&order=start_datetime');
  await api('seller', 'GET', '/api/v1/briefcases?page=1&owned=1&favorites=0');
  const active = feed.briefcases.find((b) => b.attributes.status === 'active') ?? feed.briefcases[0];

  // A procedure as a buyer: card, documents, lots, one lot, its bids, statistics, FAQ, favourites.
  if (active) {
    const id = active.id;
    await api('buyer', 'GET', `/api/v1/briefcases/${id}`);
    await api('seller', 'GET', `/api/v1/briefcases/${id}`);
    await api('admin', 'GET', `/api/v1/briefcases/${id}`);
    await api('buyer', 'GET', `/api/v1/briefcases/${id}/documents`);
    await api('buyer', 'POST', `/api/v1/briefcases/${id}/download_link`, { file: 'lots_report' });
    await api('buyer', 'GET', `/api/v1/briefcases/${id}/lots_info`);
    await api('buyer', 'GET', `/api/v1/charts/briefcases/${id}/stats`);
    await api('seller', 'GET', `/api/v1/charts/briefcases/${id}/stats`);
    await api('buyer', 'GET', `/api/v1/briefcases/${id}/questions`);
    await api('buyer', 'POST', `/api/v1/briefcases/${id}/questions`, {
      text: 'Есть ли исполнительные листы по лоту 1?',
    });
    await api('buyer', 'PUT', `/api/v1/briefcases/${id}/toggle_favorite`);
    await api('buyer', 'PUT', `/api/v1/briefcases/${id}/toggle_favorite`);
    await api('buyer', 'POST', `/api/v1/briefcases/${id}/user/online`);
    await api('admin', 'GET', `/api/v1/briefcases/${id}/users`);
    await api('buyer', 'POST', `/api/v1/briefcases/${id}/user/away`);
    await api('buyer', 'GET', `/api/v1/templates/briefcases/${id}/autobids`);
    type Lots = { lots: { id: number; attributes: { next_price: number | null; status: string } }[] };
    const lots = await api<Lots>('buyer', 'GET', `/api/v1/lots?briefcase_id=${id}&page=1`);
    await api('buyer', 'GET', `/api/v1/lots?briefcase_id=${id}&page=1&type=favorite`);
    const lot = lots.lots.find((l) => l.attributes.status === 'active') ?? lots.lots[0];
    if (lot) {
      await api('buyer', 'GET', `/api/v1/lots/${lot.id}`);
      await api('buyer', 'GET', `/api/v1/lots/${lot.id}/bids?page=1`);
      await api('seller', 'GET', `/api/v1/lots/${lot.id}/bidders`);
      await api('buyer', 'PUT', `/api/v1/lots/${lot.id}/toggle_favorite`);
      await api('buyer', 'PUT', `/api/v1/lots/${lot.id}/toggle_favorite`);
      await api('buyer', 'POST', '/api/v1/bids', {
        lot_id: lot.id,
        amount: lot.attributes.next_price,
        idempotency_key: `tour-${Date.now()}`,
      });
      await api('buyer', 'POST', '/api/v1/autobid/enable', {
        lot_id: lot.id,
        max_price: (lot.attributes.next_price ?? 0) * 2,
      });
      await api('buyer', 'POST', '/api/v1/autobid/disable', { lot_id: lot.id });
      await api('buyer', 'GET', `/api/v1/lots/${lot.id}`);
    }
  }

  // A finished procedure: its round requests and lots, as its seller.
  const mine = await api<Feed>('seller', 'GET', '/api/v1/briefcases?page=1&owned=1');
  for (const b of mine.briefcases.slice(0, 3)) {
    await api('seller', 'GET', `/api/v1/briefcases/${b.id}`);
    await api('seller', 'GET', `/api/v1/briefcases/${b.id}/documents`);
  }

  // Price prediction.
  await api('buyer', 'GET', '/api/v1/predicted_price/forms');
  await api('admin', 'GET', '/api/v1/predicted_price/model');

  // The administrator's pages.
  type Companies = { companies: { id: number }[] };
  const companies = await api<Companies>('admin', 'GET', '/api/v1/admin/companies?status=all&page=1');
  const company = companies?.companies?.[0];
  if (company) await api('admin', 'GET', `/api/v1/admin/companies/${company.id}`);
  await api('admin', 'GET', '/api/v1/admin/audit/verify');
  const me = await api<{ id: number }>('buyer', 'GET', '/api/v1/user');
  await api('admin', 'GET', `/api/v1/admin/users/${me.id}`);
  await api('admin', 'GET', `/api/v1/companies/search?full_name=${encodeURIComponent('банк')}`);
  await api('buyer', 'GET', '/api/v1/surveys/trigger');
  await api('buyer', 'GET', '/api/v1/csi/trigger');

  // Refusals are replies too: each must be the error envelope the operation declares.
  await api('guest', 'GET', '/api/v1/user');
  await api('buyer', 'GET', '/api/v1/lots/999999999');
  await api('buyer', 'GET', '/api/v1/admin/companies?status=all&page=1');
  await api('buyer', 'POST', '/api/v1/bids', { lot_id: 'x' });

  for (const role of ['buyer', 'seller', 'admin'] as const) await api(role, 'GET', '/api/v1/user/sign_out');

  const byRole = { guest: 0, buyer: 0, seller: 0, admin: 0 } as Record<Role, number>;
  for (const c of calls) byRole[c.role] += 1;
  return {
    baseUrl,
    calls: calls.length,
    reads: calls.filter((c) => c.method === 'GET').length,
    writes: calls.filter((c) => c.method !== 'GET').length,
    byRole,
    operations: new Set(calls.map((c) => `${c.method} ${c.route}`)).size,
    offContract: calls.filter((c) => c.problems.length > 0),
  };
}

const invoked = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const baseUrl = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
  const report = await runContractTour(baseUrl);
  const out = resolve(dirname(fileURLToPath(import.meta.url)), '../bench/results/contract-tour.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...report }, null, 2)}\n`);
  console.log(
    `${report.calls} calls (${report.reads} reads, ${report.writes} writes) over ${report.operations} operations: ` +
      `${report.offContract.length} off-contract`,
  );
  for (const c of report.offContract)
    console.log(`  ${c.role} ${c.method} ${c.path} ${c.status}: ${c.problems.join('; ')}`);
  process.exit(report.offContract.length === 0 ? 0 : 1);
}
