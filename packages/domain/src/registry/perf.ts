/**
 * Micro-benchmark of the registry's pure hot path (not a test): `npx tsx packages/domain/src/registry/perf.ts [rows]`.
 * Feeds rows of the full template (35 columns) shaped as the xlsx reader gives them through validate + personal-data
 * scan + analytics + DebtColumns (the time of producing the rows is measured apart and subtracted), then times every
 * lotting method on the result. Prints one JSON line.
 */
import { createAnalytics } from './analytics.ts';
import { matchTemplateHeaders, TEMPLATE_HEADERS } from './attributes.ts';
import { createDebtColumnsBuilder } from './columns.ts';
import { analyticsByLot } from './index.ts';
import { lot } from './lotting.ts';
import { lottingPriceLimits } from './lottingRules.ts';
import { createPersonalDataScanner } from './personalData.ts';
import type { Cell } from './types.ts';
import { createRowValidator } from './validator.ts';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const headers: Cell[] = [...TEMPLATE_HEADERS];
const { map } = matchTemplateHeaders(headers);

let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const PRODUCTS = ['Потребительский кредит', 'Кредитная карта', 'Микрозайм', 'Автокредит', 'Ипотека'];
const STAGES = ['Досудебная', 'Судебная', 'Исполнительное производство'];
const CREDITORS = ['АО «Северный кредитный банк»', 'ООО МФК «Честный займ»', 'ПАО «Волжский народный банк»'];

/** A pool of distinct rows; contract ids are made unique per row while feeding. */
const pool: Cell[][] = Array.from({ length: 4096 }, () => {
  const total = Math.round(rand() * 500_000_00) / 100;
  const year = 1950 + Math.floor(rand() * 50);
  return [
    null,
    1 + Math.floor(rand() * 40),
    1 + Math.floor(rand() * 95),
    total,
    Math.round(total * (1 + rand()) * 100) / 100,
    total,
    Math.floor(rand() * 2000),
    Math.floor(rand() * 2000),
    '2019-03-04',
    rand() < 0.3 ? null : '2023-05-06',
    rand() < 0.3 ? null : 1500.5,
    12_345.67,
    rand() < 0.5 ? 0 : 3000,
    pick(PRODUCTS),
    'Нецелевой',
    pick(STAGES),
    pick(CREDITORS),
    `${year}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
    rand() < 0.5 ? 'М' : 'Ж',
    pick(['фссп', 'банк', 'не предъявлялся']),
    rand() < 0.5 ? 'электронная' : 'бумажная',
    ...Array.from({ length: 14 }, () => (rand() < 0.05 ? 'да' : 'нет')),
  ];
});

const row: Cell[] = new Array(TEMPLATE_HEADERS.length).fill(null);
/** CPU milliseconds of this process (the machine is shared: wall time would measure the neighbours). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function feed(onRow: (cells: Cell[], rowNumber: number) => void): number {
  const t = cpuMs();
  for (let i = 0; i < ROWS; i++) {
    const src = pool[i & 4095]!;
    for (let c = 0; c < src.length; c++) row[c] = src[c]!;
    row[0] = `КД-${i}`;
    onRow(row, i + 2);
  }
  return cpuMs() - t;
}

// Stage by stage (each pass over the same rows, best of three: the machine is shared), then all together.
const best = (f: () => number) => Math.min(f(), f(), f());
const copyMs = best(() => feed(() => {}));
const scanMs =
  best(() => {
    const scanOnly = createPersonalDataScanner(headers);
    return feed((cells, r) => scanOnly.scan(cells, r));
  }) - copyMs;
const validateMs =
  best(() => {
    const validateOnly = createRowValidator(map, headers);
    return feed((cells, r) => validateOnly.validate(cells, r));
  }) - copyMs;

const validator = createRowValidator(map, headers);
const scanner = createPersonalDataScanner(headers);
const analytics = createAnalytics({ asOf: '2025-06-01' });
const builder = createDebtColumnsBuilder();
const allMs = feed((cells, r) => {
  scanner.scan(cells, r);
  const debt = validator.validate(cells, r);
  if (debt) {
    analytics.add(debt);
    builder.add(debt);
  }
});
const ingestMs = allMs - copyMs;
const columns = builder.build();
analytics.result();

const lotting: Record<string, number> = {};
const limits = lottingPriceLimits(columns);
const cases = [
  ['equal_lots@min', { loting_type: 'equal_lots', price: limits.min_price }],
  ['equal_lots@10x', { loting_type: 'equal_lots', price: limits.min_price * 10 }],
  ['federal_districts', { loting_type: 'federal_districts' }],
  ['federal_districts@min', { loting_type: 'federal_districts', price: limits.min_price }],
  ['product_type', { loting_type: 'product_type' }],
  ['stage_of_collection', { loting_type: 'stage_of_collection' }],
  ['manual_splitting', { loting_type: 'manual_splitting' }],
] as const;
let lots = 0;
for (const [name, params] of cases) {
  const t = cpuMs();
  const result = lot(columns, params);
  lotting[name] = Math.round(cpuMs() - t);
  lots = Math.max(lots, result.lots.length);
}
const t1 = cpuMs();
const byLot = lot(columns, { loting_type: 'equal_lots', price: limits.min_price });
analyticsByLot(columns, byLot.assignment, byLot.lots.length, { asOf: '2025-06-01' });
const perLotAnalyticsMs = Math.round(cpuMs() - t1);

const cells = ROWS * TEMPLATE_HEADERS.length;
console.log(
  JSON.stringify({
    rows: ROWS,
    columns: TEMPLATE_HEADERS.length,
    errors: validator.errorCount,
    personalData: scanner.found,
    copyMs: Math.round(copyMs),
    scanMs: Math.round(scanMs),
    validateMs: Math.round(validateMs),
    analyticsAndColumnsMs: Math.round(ingestMs - scanMs - validateMs),
    ingestMs: Math.round(ingestMs),
    nsPerCell: Math.round((ingestMs * 1e6) / cells),
    lottingMs: lotting,
    maxLots: lots,
    perLotAnalyticsMs,
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);
