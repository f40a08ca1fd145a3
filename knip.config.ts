/**
 * The dead-code check (`npm run knip`, run by `npm run lint`; decisions/0259): every workspace with the files that
 * really start something (processes, workers, child processes, scripts, tests, configs), so that a file, an export
 * or a dependency it reports is truly used by nothing. The packages' entry exports are checked too: a constant of
 * packages/domain that neither the server nor the web app imports is reported like any other.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  includeEntryExports: true,
  workspaces: {
    '.': {
      // Run by npm scripts (test.mjs, checkLayers.mjs, ...), by scripts/test.mjs (js-budget.mjs, chromium.mjs) and by
      // server tests (supervise.mjs, contractTour.ts, routeIndex.ts, decisionsIndex.mjs).
      entry: ['scripts/*.{mjs,ts}'],
      project: ['scripts/**/*.{mjs,ts}'],
    },
    'apps/server': {
      entry: [
        'src/main.ts',
        'build.mjs',
        // Worker threads and child processes started by URL (filePool.ts, processWorker.ts, forecast/model/engine.ts).
        'src/files/*orker*.{ts,mjs}',
        'src/modules/forecast/model/forecast.worker.{ts,mjs}',
        // npm scripts seed and audit:verify.
        'src/seed/cli.ts',
        'src/modules/audit/chain/verifyCli.ts',
        'test/**/*.test.ts',
        'src/**/*.test.ts',
        // Spawned as a process of its own by a test (pgliteMemory.test.ts).
        'test/support/*.child.ts',
      ],
      project: ['src/**/*.{ts,mjs}', 'test/**/*.ts', 'bundle.mjs'],
    },
    'apps/web': {
      entry: [
        'src/main.tsx',
        'src/**/*.test.{ts,tsx}',
        'src/test/setup.ts',
        // Regenerates the committed map of Russia's regions by hand (decisions/0100).
        'scripts/buildRussiaMap.mjs',
      ],
      project: ['src/**/*.{ts,tsx}', 'scripts/*.mjs'],
    },
    'packages/domain': {
      // src/index.ts, the package's export, is an entry without being listed.
      entry: [
        'src/**/*.test.ts',
        // The registry's micro-benchmark, run by hand (decisions/0044).
        'src/registry/perf.ts',
      ],
      project: ['src/**/*.ts'],
    },
    'packages/contracts': {
      project: ['src/**/*.ts'],
    },
    'packages/xlsx': {
      // src/index.ts and src/testing.ts, the package's exports, are entries without being listed.
      entry: [
        'src/**/*.test.ts',
        // Regenerates the committed fixtures written by other programs, run by hand (decisions/0040).
        'test/fixtures/make.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    e2e: {
      // playwright.config.ts and its tests come from knip's Playwright plugin.
      entry: ['tests/**/*.ts', 'screenshots.ts'],
      project: ['**/*.ts'],
    },
    bench: {
      // run.ts imports every *.bench.ts; the *.child.ts files are spawned as child processes (the one-off
      // ingestAb.child.ts measured decision 0090's before and after).
      entry: ['run.ts', '*.bench.ts', 'support/*.child.ts'],
      project: ['**/*.ts'],
    },
  },
  ignoreDependencies: [
    // Read by path, not imported: pdf.ts resolves `dejavu-fonts-ttf/ttf/<file>` for PDFKit.
    'dejavu-fonts-ttf',
    // Named as a string: main.ts gives pino `transport: { target: 'pino-pretty' }` in development.
    'pino-pretty',
    // Its binary is run by path: openapiTools.test.ts lints the OpenAPI document with node_modules/.bin/redocly.
    '@redocly/cli',
  ],
  // System programs the tests call (apt packages redis-server and poppler-utils), not npm packages.
  ignoreBinaries: ['redis-server', 'pdftotext', 'pdftoppm'],
};

export default config;
