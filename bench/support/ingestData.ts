/**
 * The ingestion benchmark's registries, generated once into bench/.cache (gitignored) by writers that are not
 * ours: openpyxl (write_only) for the ~1,000,000-row file, LibreOffice converting a CSV for the small one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';

const here = dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = join(here, '..', '.cache');
export const PYTHON = '/usr/bin/python3';
export const SOFFICE = '/usr/bin/soffice';

const TEMPLATE_COLUMNS = REGISTRY_ATTRIBUTES.map((a) => ({
  header: a.text,
  value: a.value,
  kind: a.kind,
}));

/**
 * The big registry's 30 columns (issue 5: "about 1,000,000 rows x 30 columns"): the template without
 * `lot_number` (empty in this registry) and its last four flags (every flag takes the same path). A flag costs
 * ~2.9 compressed bytes a row, a text or amount 5–10 (decisions/0041).
 */
const DROPPED = new Set([
  'lot_number',
  'impossibility_act',
  'secured_liability',
  'presence_participants',
  'phones',
]);
const BENCH_COLUMNS = TEMPLATE_COLUMNS.filter((c) => !DROPPED.has(c.value));

export interface GeneratedRegistry {
  path: string;
  rows: number;
  columns: number;
  bytes: number;
  writer: string;
  generated_seconds: number | null;
}

function columnsFile(): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, 'columns.json');
  writeFileSync(file, JSON.stringify(BENCH_COLUMNS));
  return file;
}

/** The big registry written by openpyxl; regenerated only when missing (the header list is part of the name). */
export function ensureOpenpyxlRegistry(rows: number): GeneratedRegistry {
  const signature = Buffer.from(BENCH_COLUMNS.map((c) => c.header).join('|')).toString('base64url').length;
  const path = join(CACHE_DIR, `registry-openpyxl-${rows}-${BENCH_COLUMNS.length}c-${signature}.xlsx`);
  let generated: number | null = null;
  if (!existsSync(path)) {
    const started = performance.now();
    const columns = columnsFile();
    const temporary = `${path}.tmp.xlsx`;
    execFileSync(PYTHON, [join(here, 'ingestRegistry.py'), temporary, String(rows), columns], {
      stdio: 'inherit',
    });
    renameSync(temporary, path);
    generated = (performance.now() - started) / 1000;
  }
  return {
    path,
    rows,
    columns: BENCH_COLUMNS.length,
    bytes: statSync(path).size,
    writer: 'openpyxl write_only',
    generated_seconds: generated,
  };
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A small registry: CSV rows converted to xlsx by LibreOffice (headless). */
export function ensureLibreOfficeRegistry(rows: number): GeneratedRegistry {
  const path = join(CACHE_DIR, `registry-libreoffice-${rows}-${TEMPLATE_COLUMNS.length}c.xlsx`);
  let generated: number | null = null;
  if (!existsSync(path)) {
    const started = performance.now();
    mkdirSync(CACHE_DIR, { recursive: true });
    const base = `registry-libreoffice-${rows}-${TEMPLATE_COLUMNS.length}c`;
    const lines = [TEMPLATE_COLUMNS.map((c) => csvField(c.header)).join(',')];
    for (let i = 1; i <= rows; i++) {
      const total = 1000 + ((i * 7919) % 500000) + (i % 100) / 100;
      lines.push(
        TEMPLATE_COLUMNS.map((c) => {
          switch (c.kind) {
            case 'text':
              return c.value === 'contract_id'
                ? `LO-${String(i).padStart(7, '0')}`
                : 'Потребительский кредит';
            case 'region':
              return String(1 + (i % 95));
            case 'money':
              return total.toFixed(2);
            case 'integer':
              return String(90 + (i % 2000));
            case 'date':
              return `${String(1 + (i % 28)).padStart(2, '0')}.0${1 + (i % 9)}.20${10 + (i % 12)}`;
            case 'sex':
              return i % 2 ? 'М' : 'Ж';
            case 'issuence_form':
              return 'Электронная';
            case 'flag':
              return i % 13 === 0 ? '1' : '0';
            default:
              return '';
          }
        })
          .map(csvField)
          .join(','),
      );
    }
    writeFileSync(join(CACHE_DIR, `${base}.csv`), `${lines.join('\n')}\n`);
    execFileSync(
      SOFFICE,
      [
        '--headless',
        '--convert-to',
        'xlsx:Calc MS Excel 2007 XML',
        '--infilter=CSV:44,34,76,1,,1049',
        '--outdir',
        CACHE_DIR,
        join(CACHE_DIR, `${base}.csv`),
      ],
      { stdio: 'ignore', env: { ...process.env, HOME: join(CACHE_DIR, 'lo-home') } },
    );
    generated = (performance.now() - started) / 1000;
  }
  return {
    path,
    rows,
    columns: TEMPLATE_COLUMNS.length,
    bytes: statSync(path).size,
    writer: 'LibreOffice --convert-to xlsx (from CSV)',
    generated_seconds: generated,
  };
}
