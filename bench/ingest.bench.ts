/**
 * Registry ingestion: a ~1,000,000-row registry in the "ЭТП РД" template written by openpyxl. In the same run:
 * the reference (openpyxl read-only iterating every cell), our reader alone, reader + domain checks + lotting,
 * and the whole ingestRegistry on PostgreSQL and on PGlite. Each of ours runs in its own process (peak RSS).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMeter } from './support/cpu.ts';
import { buildCompiledIngestChild } from './support/ingestCompiled.ts';
import { ensureLibreOfficeRegistry, ensureOpenpyxlRegistry, PYTHON, SOFFICE } from './support/ingestData.ts';
import { machine } from './support/report.ts';
import { postgresUrl } from './support/server.ts';

const here = dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 1_000_000);
/** PGlite (one WebAssembly process) may take far longer than PostgreSQL: past this the run is reported as such. */
const PGLITE_TIMEOUT_MS = Number(process.env.BENCH_INGEST_PGLITE_TIMEOUT_S ?? 900) * 1000;

const round = (v: number, digits = 2) => +v.toFixed(digits);

/** A run that failed (crash, out of memory) is reported, not fatal: the other figures still count. */
function tryChild<T>(timeoutMs: number, ...args: string[]): T | { error: string } {
  try {
    return child<T>(timeoutMs, ...args);
  } catch (error) {
    return { error: (error as Error).message.slice(0, 2000) };
  }
}

/** The children run compiled, as the product does (support/ingestCompiled.ts): built once per run. */
let compiledChild: string | null = null;

function child<T>(timeoutMs: number, ...args: string[]): T {
  if (!compiledChild) throw new Error('the compiled child is not built');
  const out = execFileSync(process.execPath, ['--enable-source-maps', compiledChild, ...args], {
    timeout: timeoutMs,
    cwd: here,
    env: { ...process.env, BENCH_TMP: join(here, 'tmp') },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.trim().split('\n').at(-1)!;
  return JSON.parse(line) as T;
}

interface Reference {
  seconds: number;
  cpu_seconds: number;
  rows: number;
  cells: number;
}
interface Timed {
  seconds: number;
  peak_rss_mb: number;
  peak_rss_with_file_worker_mb?: number;
  /** The pipeline's: the node's process and its file worker's (PGlite's work is the node's). */
  node_cpu_seconds?: number;
  file_worker_cpu_seconds?: number;
}

function reference(file: string): Reference & { cells_per_second: number } {
  const out = execFileSync(PYTHON, [join(here, 'support', 'ingestReference.py'), file], { encoding: 'utf8' });
  const result = JSON.parse(out) as Reference;
  return {
    ...result,
    seconds: round(result.seconds),
    cells_per_second: Math.round(result.cells / result.seconds),
  };
}

/**
 * What two cores allow at best (decisions/0290): the CPU seconds of the node, its file worker and the PostgreSQL
 * server during the ingestion, spread perfectly over the machine's cores, and the ratio to the reference that
 * would give.
 */
function withFloor<T extends { node_cpu_seconds?: number; file_worker_cpu_seconds?: number }>(
  run: T,
  postgresCpuSeconds: number,
  referenceSeconds: number,
) {
  const cpu = (run.node_cpu_seconds ?? 0) + (run.file_worker_cpu_seconds ?? 0) + postgresCpuSeconds;
  const floor = cpu / availableParallelism();
  return {
    ...run,
    postgres_cpu_seconds: round(postgresCpuSeconds),
    all_cpu_seconds: round(cpu),
    cores_floor_seconds: round(floor),
    cores_floor_ratio_to_reference: round(referenceSeconds / floor, 1),
  };
}

export async function ingestBenchmark() {
  const big = ensureOpenpyxlRegistry(ROWS);
  compiledChild = await buildCompiledIngestChild();
  console.log(`  registry: ${big.path} (${(big.bytes / 2 ** 20).toFixed(1)} MiB)`);

  console.log('  reference: openpyxl read_only…');
  const ref = reference(big.path);
  const cells = ref.cells;
  // Wall-clock ratio (the goal), and where the run measured it, the CPU-seconds ratio, which a busy shared
  // machine distorts less.
  // The pipeline's CPU is the server process's and its file worker process's (not the PostgreSQL server's).
  const vs = <
    T extends Timed & { cpu_seconds?: number; node_cpu_seconds?: number; file_worker_cpu_seconds?: number },
  >(
    t: T,
  ) => {
    const cpu =
      t.cpu_seconds ??
      (t.node_cpu_seconds === undefined ? undefined : t.node_cpu_seconds + (t.file_worker_cpu_seconds ?? 0));
    return {
      ...t,
      cells_per_second: Math.round(cells / t.seconds),
      ratio_to_reference: round(ref.seconds / t.seconds, 1),
      ...(cpu ? { cpu_ratio_to_reference: round(ref.cpu_seconds / cpu, 1) } : {}),
    };
  };

  console.log('  our reader…');
  const reader = vs(child<Timed & { cells: number; rows: number }>(0, 'reader', big.path));
  if (reader.cells !== cells) throw new Error(`reader saw ${reader.cells} cells, openpyxl ${cells}`);
  console.log('  reader + domain + lotting…');
  const domain = vs(
    child<Timed & { lotting_max_seconds: number; errors: number; debts: number }>(0, 'domain', big.path),
  );
  console.log('  ingestRegistry on PostgreSQL…');
  postgresUrl();
  const postgresCpu = cpuMeter();
  const postgres = withFloor(
    vs(child<Timed & { outcome: { kind: string } }>(0, 'pipeline', 'postgres', big.path)),
    postgresCpu().postgres,
    ref.seconds,
  );
  console.log('  ingestRegistry on PGlite…');
  const pgliteRun = tryChild<Timed & { outcome: { kind: string } }>(
    PGLITE_TIMEOUT_MS,
    'pipeline',
    'pglite',
    big.path,
  );
  // PGlite runs inside the node: its CPU is the node's.
  const pglite = 'error' in pgliteRun ? pgliteRun : withFloor(vs(pgliteRun), 0, ref.seconds);
  // The small LibreOffice-written registry needs LibreOffice (soffice); without it that side figure is left out.
  const small = existsSync(SOFFICE) ? ensureLibreOfficeRegistry(2000) : null;
  const smallRun = small
    ? {
        registry: small,
        reference: reference(small.path),
        ingestion_postgres: tryChild<Timed & { outcome: { kind: string } }>(
          0,
          'pipeline',
          'postgres',
          small.path,
        ),
      }
    : { skipped: `${SOFFICE} is not installed` };
  // Peak RSS counts the file worker process too (it reads the file beside the server, decision 0232).
  const rss = (run: { peak_rss_mb: number; peak_rss_with_file_worker_mb?: number }) =>
    Math.max(run.peak_rss_mb, run.peak_rss_with_file_worker_mb ?? 0);
  const pgliteStored = !('error' in pglite) && pglite.outcome.kind === 'stored';
  const goals = {
    ingestion_vs_reference: {
      goal: 'whole ingestion on PostgreSQL ≥ 20 × the reference cells/s',
      value: postgres.ratio_to_reference,
      // The best ratio the run's CPU seconds allow on this machine's cores (withFloor).
      cores_floor: postgres.cores_floor_ratio_to_reference,
      pass: postgres.outcome.kind === 'stored' && postgres.ratio_to_reference >= 20,
    },
    peak_rss: {
      goal: 'peak RSS of the ingestion on PostgreSQL (server and file worker) < 400 MB',
      value: rss(postgres),
      pass: rss(postgres) < 400,
    },
    pglite_vs_reference: {
      goal: 'whole ingestion on PGlite (files on disk, as npm start) ≥ 5 × the reference cells/s',
      value: 'error' in pglite ? pglite.error.slice(0, 200) : pglite.ratio_to_reference,
      pass: pgliteStored && !('error' in pglite) && pglite.ratio_to_reference >= 5,
    },
    pglite_peak_rss: {
      goal: 'peak RSS of the ingestion on PGlite (server and file worker) < 600 MB',
      value: 'error' in pglite ? null : rss(pglite),
      pass: pgliteStored && !('error' in pglite) && rss(pglite) < 600,
    },
    lotting: {
      goal: 'lotting 1M debts < 2 s',
      value: domain.lotting_max_seconds,
      pass: domain.lotting_max_seconds < 2,
    },
    reader_speed: {
      goal: 'reader alone ≥ 15 M cells/s',
      value: reader.cells_per_second,
      pass: reader.cells_per_second >= 15_000_000,
    },
  };
  return {
    machine: machine(),
    registry: { ...big, cells },
    reference: { tool: 'openpyxl load_workbook(read_only=True), every cell', ...ref },
    reader,
    domain,
    ingestion: { postgres, pglite },
    small_libreoffice: smallRun,
    goals,
    pass: Object.values(goals).every((g) => g.pass),
  };
}
