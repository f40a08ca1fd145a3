/**
 * The ingestion benchmark's child, compiled as the product runs (decisions/0252, 0284): one ESM bundle of
 * ingest.child.ts and the file worker's entry beside it, built with the server's own esbuild settings into
 * apps/server/dist-bench/ (as deep as dist/, where the server's modules look for the migrations and the worker).
 * Under the TypeScript loader every process carried the loader too: 57 MB more for an idle file worker (143 against
 * 86 MB), and the peak RSS the benchmark reports was the loader's as much as the ingestion's.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = join(here, '..', '..', 'apps', 'server');
const COMPILED_DIR = join(SERVER, 'dist-bench');

/** Bare imports stay external but for the workspace's own packages, which are TypeScript sources (build.mjs). */
const workspaceInlined = {
  name: 'workspace-inlined',
  setup(esbuild: {
    onResolve(options: { filter: RegExp }, callback: (args: { path: string }) => unknown): void;
  }) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@etp/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the compiled child; returns its path (run it with `node --enable-source-maps`). */
export async function buildCompiledIngestChild(): Promise<string> {
  await build({
    absWorkingDir: SERVER,
    entryPoints: {
      'ingest.child': join(here, 'ingest.child.ts'),
      fileWorker: join(SERVER, 'src', 'files', 'fileWorker.ts'),
    },
    outdir: COMPILED_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [workspaceInlined as never],
    logLevel: 'warning',
  });
  return join(COMPILED_DIR, 'ingest.child.mjs');
}
