/** Registry files for the registry tests: the template's layout from the attributes dictionary, any rows. */
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { type Cell, writeSheet } from '@etp/xlsx';
import { buildXlsx, rowXml } from '@etp/xlsx/testing';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './support/app.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
import { type FormEntry, multipart } from './support/multipart.ts';

export type RegistryRow = Partial<Record<string, string | number | boolean | null>>;

export const HEADERS = REGISTRY_ATTRIBUTES.map((a) => a.text);
const VALUES = REGISTRY_ATTRIBUTES.map((a) => a.value as string);

let contract = 0;

/** A valid debt; override what the test is about. */
export function debt(overrides: RegistryRow = {}): RegistryRow {
  contract += 1;
  return {
    contract_id: `КД-${contract}`,
    region_code: 77,
    amount_total: 100_000,
    amount_bottomline: 150_000,
    dpd: 400,
    dplp: 380,
    product_type: 'Потребительский кредит',
    stage: 'Досудебная',
    first_creditor: 'ПАО «Банк»',
    birth_date: '1980-05-01',
    sex: 'М',
    dead: 'нет',
    bankruptcy: 'да',
    ...overrides,
  };
}

/** An xlsx in the platform template's layout (or with `headers` of its own). */
export function registryXlsx(
  rows: RegistryRow[],
  headers: string[] = HEADERS,
  keys: string[] = VALUES,
): Buffer {
  const sheet = [
    rowXml(1, headers),
    ...rows.map((row, i) =>
      rowXml(
        i + 2,
        keys.map((k) => (row[k] === undefined ? null : row[k]!)),
      ),
    ),
  ].join('');
  return buildXlsx({ sheet });
}

/** A large registry written to `path` by our streaming writer, row by row from `rows`. */
export async function writeRegistryFile(path: string, rows: Iterable<RegistryRow>): Promise<void> {
  function* cells(): Generator<Cell[]> {
    for (const row of rows) yield VALUES.map((k) => (row[k] === undefined ? null : row[k]!));
  }
  await writeSheet(path, HEADERS, cells(), { sheetName: 'Реестр' });
}

function uploadForm(file: Buffer, fields: Record<string, string>, name = 'реестр.xlsx') {
  const entries: FormEntry[] = [...Object.entries(fields), ['source', { file, name }]];
  return multipart(entries);
}

export async function upload(
  app: FastifyInstance,
  token: string,
  file: Buffer,
  fields: Record<string, string>,
  url = '/api/v1/briefcases',
) {
  const form = uploadForm(file, fields);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

/** A signed-in member of a new company (the seller of a registry test, or an outsider). */
export async function signedInMember(t: TestApp) {
  const company = await buildCompany(t.ctx.db, { seller: true });
  const user = await buildUser(t.ctx.db, { company });
  return { companyId: company.id, userId: user.id, token: (await signIn(t.app, user.email!)).jwt.token };
}
