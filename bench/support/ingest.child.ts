/**
 * One measurement of the ingestion benchmark in a process of its own, so its peak RSS (VmHWM) is its own.
 *   reader FILE            our reader alone: every cell of the first sheet counted
 *   domain FILE            reader + header match + validation + personal-data scan + analytics + columns; then
 *                          lotting the debts by every method
 *   pipeline KIND FILE     the whole ingestRegistry (apps/server) on a fresh database (postgres | pglite)
 * Prints one JSON line on stdout.
 */
import { readFileSync } from 'node:fs';
import {
  type Cell,
  createAnalytics,
  createDebtColumnsBuilder,
  createPersonalDataScanner,
  createRowValidator,
  type LottingParams,
  lot,
  lottingPriceLimits,
  matchTemplateHeaders,
} from '@etp/domain';
import { readFirstSheet } from '@etp/xlsx';

function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : Math.round(process.memoryUsage().rss / 2 ** 20);
}

const seconds = (since: number) => +((performance.now() - since) / 1000).toFixed(3);
/** CPU seconds of this process (main thread and libuv pool) since `since`. */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return +((used.user + used.system) / 1e6).toFixed(3);
};

async function reader(file: string) {
  let cells = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await readFirstSheet(file, (row) => {
    for (let i = 0; i < row.length; i++) if (row[i] !== null) cells++;
  });
  return {
    seconds: seconds(started),
    cpu_seconds: cpuSeconds(cpu),
    rows: result.rows,
    cells,
    peak_rss_mb: peakRssMb(),
  };
}

async function domain(file: string) {
  let cells = 0;
  let validator: ReturnType<typeof createRowValidator> | null = null;
  let scanner: ReturnType<typeof createPersonalDataScanner> | null = null;
  const analytics = createAnalytics();
  const columns = createDebtColumnsBuilder();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await readFirstSheet(file, (row: Cell[], rowNumber) => {
    for (let i = 0; i < row.length; i++) if (row[i] !== null) cells++;
    if (!validator) {
      const match = matchTemplateHeaders(row);
      if (match.mismatch) throw new Error('the benchmark registry does not match the template');
      validator = createRowValidator(match.map, [...row]);
      scanner = createPersonalDataScanner([...row]);
      return;
    }
    scanner!.scan(row, rowNumber);
    const debt = validator.validate(row, rowNumber);
    if (debt) {
      analytics.add(debt);
      columns.add(debt);
    }
  });
  const readSeconds = seconds(started);
  const readCpuSeconds = cpuSeconds(cpu);
  const built = columns.build();
  const limits = lottingPriceLimits(built);
  const methods: LottingParams[] = [
    { loting_type: 'federal_districts', sort_type: 'uniform_distribution' },
    { loting_type: 'product_type', sort_type: 'uniform_distribution' },
    { loting_type: 'stage_of_collection', sort_type: 'uniform_distribution' },
    { loting_type: 'equal_lots', sort_type: 'uniform_distribution', price: limits.min_price },
    { loting_type: 'equal_lots', sort_type: 'uniform_distribution', price: limits.max_price },
  ];
  const lotting = methods.map((params) => {
    const at = performance.now();
    const made = lot(built, params);
    return { ...params, lots: made.lots.length, seconds: seconds(at) };
  });
  return {
    seconds: readSeconds,
    cpu_seconds: readCpuSeconds,
    rows: result.rows,
    cells,
    debts: built.count,
    errors: validator ? (validator as ReturnType<typeof createRowValidator>).errorCount : 0,
    personal_data_found: scanner ? (scanner as ReturnType<typeof createPersonalDataScanner>).found : false,
    analytics_regions: Object.keys(analytics.result().regions_list).length,
    lotting,
    lotting_max_seconds: Math.max(...lotting.map((l) => l.seconds)),
    peak_rss_mb: peakRssMb(),
  };
}

async function pipeline(kind: 'postgres' | 'pglite', file: string) {
  const { createTestDatabase } = await import('../../apps/server/test/support/db.ts');
  const { buildBriefcase, buildCompany } = await import('../../apps/server/test/support/factories.ts');
  const { ingestRegistry } = await import('../../apps/server/src/modules/registries/ingest/ingest.ts');
  const database = await createTestDatabase(kind);
  try {
    const company = await buildCompany(database.db);
    const briefcase = await buildBriefcase(database.db, company, { status: 'created' });
    const phases: Record<string, number> = {};
    const cpu = process.cpuUsage();
    const started = performance.now();
    const outcome = await ingestRegistry(
      { db: database.db, database },
      {
        briefcaseId: briefcase.id,
        filePath: file,
        onProgress: (phase) => {
          phases[phase] ??= seconds(started);
        },
      },
    );
    const total = seconds(started);
    const nodeCpu = cpuSeconds(cpu);
    const summary =
      outcome.kind === 'stored'
        ? { kind: outcome.kind, items: outcome.itemsCount, lots: outcome.lotsCount }
        : outcome.kind === 'invalid'
          ? { kind: outcome.kind, errorCount: outcome.errorCount, first: outcome.errors.slice(0, 3) }
          : { kind: outcome.kind, detail: JSON.stringify(outcome).slice(0, 500) };
    return {
      seconds: total,
      node_cpu_seconds: nodeCpu,
      phase_started_at: phases,
      outcome: summary,
      peak_rss_mb: peakRssMb(),
    };
  } finally {
    await database.close();
  }
}

const [mode, a, b] = process.argv.slice(2);
let result: unknown;
if (mode === 'reader') result = await reader(a!);
else if (mode === 'domain') result = await domain(a!);
else if (mode === 'pipeline') result = await pipeline(a as 'postgres' | 'pglite', b!);
else throw new Error(`unknown mode ${mode}`);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
