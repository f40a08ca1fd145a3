/** Registries in the platform template's layout, written here for the wizard journeys. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { writeSheet } from '@etp/xlsx';

export type RegistryRow = Record<string, string | number>;
const KEYS = REGISTRY_ATTRIBUTES.map((a) => a.value as string);
const HEADERS = REGISTRY_ATTRIBUTES.map((a) => a.text);
const dir = mkdtempSync(join(tmpdir(), 'registry-e2e-'));

/** Debt number `i`: five lot numbers, five regions, amounts and days that vary with i. */
export function debt(i: number, overrides: RegistryRow = {}): RegistryRow {
  return {
    contract_id: `КД-${i}`,
    lot_number: (i % 5) + 1,
    region_code: [77, 50, 78, 23, 66][i % 5]!,
    amount_total: 50_000 + (i % 97) * 1_000,
    amount_bottomline: 80_000 + (i % 97) * 1_500,
    dpd: 200 + (i % 700),
    dplp: 180 + (i % 600),
    product_type: i % 2 ? 'Потребительский кредит' : 'Кредитная карта',
    stage: 'Досудебная',
    first_creditor: 'ПАО «Банк»',
    birth_date: '1980-05-01',
    sex: i % 2 ? 'М' : 'Ж',
    dead: 'нет',
    bankruptcy: 'нет',
    ...overrides,
  };
}

export function* debts(count: number, overrides: (i: number) => Partial<RegistryRow> = () => ({})) {
  for (let i = 1; i <= count; i++) yield debt(i, overrides(i) as RegistryRow);
}

/** Writes the rows as an xlsx registry named `name` in a temporary folder; returns its path. */
export async function registry(name: string, rows: Iterable<RegistryRow>): Promise<string> {
  const path = join(dir, name);
  function* cells() {
    for (const row of rows) yield KEYS.map((k) => (row[k] === undefined ? null : row[k]!));
  }
  await writeSheet(path, HEADERS, cells(), { sheetName: 'Реестр' });
  return path;
}

/** Writes a registry in the seller's own layout: its own headers, one value per header per row. */
export async function customRegistry(
  name: string,
  headers: readonly string[],
  rows: Iterable<readonly (string | number | null)[]>,
): Promise<string> {
  const path = join(dir, name);
  await writeSheet(path, [...headers], rows, { sheetName: 'Долги' });
  return path;
}
