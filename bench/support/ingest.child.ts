/**
 * One measurement of the ingestion benchmark in a process of its own, so its peak RSS (VmHWM) is its own.
 *   reader FILE            our reader alone: every cell of the first sheet counted
 *   domain FILE            reader + header match + validation + personal-data scan + analytics + columns; then
 *                          lotting the debts by every method
 *   pipeline KIND FILE     the whole ingestRegistry (apps/server) on a fresh database (postgres | pglite: files
 *                          on disk, as `npm start` keeps them)
 *   prepare DIR            a PGlite data directory made and migrated (for the pipeline's PGlite run)
 * Prints one JSON line on stdout.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

function peakRssMb(pid: number | 'self' = 'self'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
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

/**
 * Samples process.memoryUsage() every 100 ms: the peak RSS in each phase of the ingestion (the phase the
 * pipeline last reported), and the peaks of the JS heap and of ArrayBuffers (PGlite's WASM memory is one).
 */
/** CPU seconds a process has used so far (/proc/<pid>/stat: utime + stime, in 1/100 s). */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function memorySampler(workerRssBytes: () => number, workerPids: () => number[]) {
  let phase = 'start';
  const workerCpu = new Map<number, number>();
  let totalMb = 0;
  const peaks: Record<string, number> = {};
  let heapMb = 0;
  let arrayBuffersMb = 0;
  const sample = () => {
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round(n / 2 ** 20);
    peaks[phase] = Math.max(peaks[phase] ?? 0, mb(m.rss));
    totalMb = Math.max(totalMb, mb(m.rss + workerRssBytes()));
    for (const pid of workerPids())
      workerCpu.set(pid, Math.max(workerCpu.get(pid) ?? 0, processCpuSeconds(pid)));
    heapMb = Math.max(heapMb, mb(m.heapUsed));
    arrayBuffersMb = Math.max(arrayBuffersMb, mb(m.arrayBuffers));
  };
  const timer = setInterval(sample, 100);
  return {
    phase(next: string) {
      sample();
      phase = next;
    },
    stop() {
      sample();
      clearInterval(timer);
      return {
        /** The file worker processes' own high-water marks (VmHWM), summed: not sampled, so no peak is missed. */
        file_worker_peak_rss_mb: workerPids().reduce((sum, pid) => sum + peakRssMb(pid), 0),
        peak_rss_mb_by_phase: peaks,
        /** This process and its file worker processes together (sampled). */
        peak_rss_with_file_worker_mb: totalMb,
        /** The file worker processes' CPU since they started. */
        file_worker_cpu_seconds: +[...workerCpu.values()].reduce((a, b) => a + b, 0).toFixed(2),
        peak_heap_used_mb: heapMb,
        peak_array_buffers_mb: arrayBuffersMb,
      };
    },
  };
}

async function pipeline(kind: 'postgres' | 'pglite', file: string) {
  const { createTestDatabase } = await import('../../apps/server/test/support/db.ts');
  const { openDatabase } = await import('../../apps/server/src/db/client.ts');
  const { profiled } = await import('./profile.ts');
  const { buildBriefcase, buildCompany } = await import('../../apps/server/test/support/factories.ts');
  const { ingestRegistry } = await import('../../apps/server/src/modules/registries/ingest/ingest.ts');
  // PGlite as `npm start` runs it: its files on disk (DATA_DIR/pglite), not in this process's memory. The data
  // directory is made and migrated by another process first, so this one's peak RSS is the ingestion's, not initdb's.
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'etp-ingest-bench-')) : null;
  if (dataDir) {
    // Compiled (ingestCompiled.ts), this module is a bundle that needs no loader.
    const loader = import.meta.url.endsWith('.mjs') ? [] : ['--import', 'tsx'];
    execFileSync(process.execPath, [...loader, fileURLToPath(import.meta.url), 'prepare', dataDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const database = dataDir ? await openDatabase({ kind: 'pglite', dataDir }) : await createTestDatabase(kind);
  try {
    const company = await buildCompany(database.db);
    const briefcase = await buildBriefcase(database.db, company, { status: 'created' });
    const phases: Record<string, number> = {};
    const { filePool } = await import('../../apps/server/src/files/filePool.ts');
    const memory = memorySampler(
      () => filePool().rssBytes(),
      () => filePool().processIds(),
    );
    const cpu = process.cpuUsage();
    const started = performance.now();
    const [outcome, profile] = await profiled(`ingest-${kind}`, () =>
      ingestRegistry(
        { db: database.db, database },
        {
          briefcaseId: briefcase.id,
          filePath: file,
          onProgress: (phase) => {
            if (phases[phase] === undefined) memory.phase(phase);
            phases[phase] ??= seconds(started);
          },
        },
      ),
    );
    const total = seconds(started);
    const nodeCpu = cpuSeconds(cpu);
    const sampled = memory.stop();
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
      ...sampled,
      ...(profile ? { main_thread_profile: profile } : {}),
    };
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PGlite data directory on disk, migrated (the pipeline's PGlite run opens it afterwards). */
async function prepare(dataDir: string) {
  const { openDatabase } = await import('../../apps/server/src/db/client.ts');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await database.close();
  return { prepared: dataDir };
}

const [mode, a, b] = process.argv.slice(2);
let result: unknown;
if (mode === 'reader') result = await reader(a!);
else if (mode === 'domain') result = await domain(a!);
else if (mode === 'prepare') result = await prepare(a!);
else if (mode === 'pipeline') result = await pipeline(a as 'postgres' | 'pglite', b!);
else throw new Error(`unknown mode ${mode}`);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
