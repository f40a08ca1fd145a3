/**
 * Runs every benchmark and writes one JSON file per benchmark to bench/results/. Each benchmark measures
 * our path and a reference in the same run, and reports the ratio, because timings on a shared machine drift.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fanoutBenchmark } from './fanout.bench.ts';
import { faultsBenchmark } from './faults.bench.ts';
import { feedBenchmark } from './feed.bench.ts';
import { forecastBenchmark } from './forecast.bench.ts';
import { hotLotBenchmark } from './hot-lot.bench.ts';
import { ingestBenchmark } from './ingest.bench.ts';
import { spreadBenchmark } from './spread.bench.ts';
import { uploadIsolationBenchmark } from './upload-isolation.bench.ts';
import { webTradeBenchmark } from './web-trade.bench.ts';
import { wizardUploadBenchmark } from './wizard-upload.bench.ts';

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(resultsDir, { recursive: true });

const benchmarks = [
  { name: 'feed', run: feedBenchmark },
  { name: 'hot-lot', run: hotLotBenchmark },
  { name: 'spread', run: spreadBenchmark },
  { name: 'fanout', run: fanoutBenchmark },
  { name: 'ingest', run: ingestBenchmark },
  { name: 'faults', run: faultsBenchmark },
  { name: 'upload-isolation', run: uploadIsolationBenchmark },
  { name: 'forecast', run: forecastBenchmark },
  { name: 'wizard-upload', run: wizardUploadBenchmark },
  { name: 'web-trade', run: webTradeBenchmark },
];
const only = process.argv[2];

for (const bench of benchmarks) {
  if (only && bench.name !== only) continue;
  console.log(`▶ ${bench.name}`);
  const result = await bench.run();
  if ('partial' in result && result.partial) {
    // A part measured for work in progress (e.g. BENCH_WEB_ROUTES_ONLY): printed, never over the committed figures.
    console.log(JSON.stringify(result, null, 2));
    continue;
  }
  const file = join(resultsDir, `${bench.name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: bench.name, at: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
  console.log(`  → ${file}`);
}
